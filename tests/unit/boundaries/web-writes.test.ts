import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { eachNode, parsedWebSources, type ParsedSource } from './import-graph.js';

/**
 * Web writes go through react-query's useMutation (issue 44, point 6; docs/architecture.md, "How
 * the web app writes"): every call that changes something on the server runs as a mutation's
 * `mutationFn`, so its pending, success and error states are the mutation's and never a
 * hand-rolled `saving`/`saved`/`error` useState beside it. A write is a call of a function of a
 * feature's api.ts or of the session (features/auth/session.ts) that posts or changes the login,
 * or an `apiFetch` posting directly. What is not converted yet is listed here per file, as a
 * ratchet: a count may only go down (and must be lowered here when it does).
 */
const WRITES_LEFT: Record<string, number> = {
  // A test call is a live conversation, not a save: each turn is posted as the caller speaks.
  'web/src/features/test-call/use-test-call.ts': 5,
};

/** Save states held beside a write in a useState (`const [saving, setSaving] = useState(…)`), per file. */
const SAVE_STATES_LEFT: Record<string, number> = {};

const WRITE_BODY = /method: 'POST'|\.open\('POST'|\b(?:updatePassword|signIn|signUp|resetPassword|confirmResetPassword)\(/;
const SAVE_STATE_NAME = /^(?:saving|submitting|busy|deleting|sending|connecting|opening|status|outcome|failure)$/i;
const WRITE_DEFINITIONS = /^web\/src\/(?:features\/[^/]+\/api|features\/auth\/session|lib\/api-client)\.ts$/;

const files = parsedWebSources();

/** The write functions the api and session files export: those whose body posts or changes the login. */
export function writeFunctions(sources: readonly ParsedSource[]): Set<string> {
  const names = new Set<string>();
  for (const { path, source } of sources) {
    if (!WRITE_DEFINITIONS.test(path)) continue;
    eachNode(source, (node) => {
      if (ts.isFunctionDeclaration(node) && node.name && node.body && WRITE_BODY.test(node.body.getText(source))) names.add(node.name.text);
    });
  }
  return names;
}

const insideMutationFn = (node: ts.Node): boolean => {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isPropertyAssignment(at) || ts.isShorthandPropertyAssignment(at)) && at.name.getText() === 'mutationFn') return true;
  }
  return false;
};

const postsDirectly = (call: ts.CallExpression, source: ts.SourceFile) =>
  call.expression.getText(source) === 'apiFetch' && /method: 'POST'/.test(call.arguments[1]?.getText(source) ?? '');

/** Write calls outside a useMutation's `mutationFn`, per file (the files defining the writes left out). */
export function writesOutsideMutations(sources: readonly ParsedSource[]): Record<string, number> {
  const writes = writeFunctions(sources);
  const found: Record<string, number> = {};
  for (const { path, source } of sources) {
    if (WRITE_DEFINITIONS.test(path)) continue;
    eachNode(source, (node) => {
      if (!ts.isCallExpression(node) || insideMutationFn(node)) return;
      const callee = node.expression.getText(source);
      if (writes.has(callee) || postsDirectly(node, source)) found[path] = (found[path] ?? 0) + 1;
    });
  }
  return found;
}

/** `const [saving, setSaving] = useState(…)` and its kin, per file. */
export function saveStates(sources: readonly ParsedSource[]): Record<string, number> {
  const found: Record<string, number> = {};
  for (const { path, source } of sources) {
    eachNode(source, (node) => {
      if (!ts.isVariableDeclaration(node) || !node.initializer || !ts.isCallExpression(node.initializer)) return;
      if (node.initializer.expression.getText(source) !== 'useState' || !ts.isArrayBindingPattern(node.name)) return;
      const first = node.name.elements[0];
      const text = node.initializer.getText(source);
      if ((first && ts.isBindingElement(first) && SAVE_STATE_NAME.test(first.name.getText(source))) || /'saving'|'sending'/.test(text)) {
        found[path] = (found[path] ?? 0) + 1;
      }
    });
  }
  return found;
}

function ratchet(found: Record<string, number>, allowed: Record<string, number>) {
  const paths = [...new Set([...Object.keys(found), ...Object.keys(allowed)])].sort();
  return {
    grown: paths.filter((path) => (found[path] ?? 0) > (allowed[path] ?? 0)).map((path) => `${path}: ${found[path]} (allowed ${allowed[path] ?? 0})`),
    shrunk: paths.filter((path) => (found[path] ?? 0) < (allowed[path] ?? 0)).map((path) => `${path}: ${found[path] ?? 0} (listed ${allowed[path]})`),
  };
}

const fake = (path: string, text: string): ParsedSource => ({ path, source: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) });

describe('web writes (useMutation, a ratchet)', () => {
  it("knows the product's writes", () => {
    const writes = writeFunctions(files);
    for (const name of [
      'saveStep',
      'saveVatNumber',
      'deleteAccount',
      'changePassword',
      'deleteCall',
      'markMessageDone',
      'extractServices',
      'signInOwner',
      'sendResetLink',
    ]) {
      expect(writes, name).toContain(name);
    }
    expect(writes).not.toContain('loadSetup');
    expect(writes).not.toContain('listCalendars');
  });

  it('no file writes outside a mutation more than listed, and none outside the list does', () => {
    expect(ratchet(writesOutsideMutations(files), WRITES_LEFT).grown, 'run the write as a useMutation mutationFn').toEqual([]);
  });

  it('lists no more than a file still holds (lower WRITES_LEFT as screens are converted)', () => {
    expect(ratchet(writesOutsideMutations(files), WRITES_LEFT).shrunk).toEqual([]);
  });

  it('no screen keeps a hand-rolled save state beside a write', () => {
    const { grown, shrunk } = ratchet(saveStates(files), SAVE_STATES_LEFT);
    expect(grown, "read the mutation's isPending / isSuccess / error instead").toEqual([]);
    expect(shrunk, 'lower SAVE_STATES_LEFT').toEqual([]);
  });

  it('counts a write outside a mutation, a direct post, and a save state; not a write inside mutationFn', () => {
    const sources = [
      fake(
        'web/src/features/x/api.ts',
        "export function saveX(){ return apiFetch('/api/x', { method: 'POST' }); } export function loadX(){ return apiFetch('/api/x'); }",
      ),
      fake(
        'web/src/features/x/x.tsx',
        "const [saving, setSaving] = useState(false); async function submit(){ await saveX(); } const m = useMutation({ mutationFn: () => saveX() }); loadX(); apiFetch('/api/y', { method: 'POST', body: '{}' });",
      ),
      fake(
        'web/src/features/x/y.tsx',
        "const [status, setStatus] = useState<'idle' | 'saving'>('idle'); const [open, setOpen] = useState(false); const m = useMutation({ mutationFn });",
      ),
    ];
    expect([...writeFunctions(sources)]).toEqual(['saveX']);
    expect(writesOutsideMutations(sources)).toEqual({ 'web/src/features/x/x.tsx': 2 });
    expect(saveStates(sources)).toEqual({ 'web/src/features/x/x.tsx': 1, 'web/src/features/x/y.tsx': 1 });
  });
});
