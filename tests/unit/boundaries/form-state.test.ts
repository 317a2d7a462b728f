import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { eachNode, parsedWebSources, type ParsedSource } from './import-graph.js';

/**
 * One form layer (issue 44, point 6; docs/architecture.md, "How a form is done"): a form's field
 * values live in react-hook-form over the shared zod contract (web/src/lib/contract-form.ts,
 * features/setup/use-step-form.ts), never in a useState of the screen's own. A field value held in
 * a useState is one bound to a form control (`value=` or `checked=` of an input, a textarea, a
 * select or the labelled fields of components/form-fields.tsx), counted per file. What
 * legitimately stays in a useState is listed here with its reason, as a ratchet: a count may only
 * go down (and must be lowered here when it does).
 */
const FIELD_STATES_LEFT: Record<string, { count: number; reason: string }> = {
  'web/src/components/form-fields.tsx': {
    count: 1,
    reason: "NumberInput keeps the text being typed ('7.', '') beside the number the form holds: the form layer's own field, not a form",
  },
  'web/src/features/billing/subscription-plans.tsx': {
    count: 1,
    reason: 'Start now: how the checkout a plan button opens begins, read on the click, never saved',
  },
  'web/src/pages/test.tsx': { count: 1, reason: "The test chat's message box: a turn of a conversation, emptied as it is sent, not a form's value" },
  // Not converted (outside the setup wizard and Settings): small action forms whose values go whole
  // to one mutation the server checks; the dashboard and the diary load no form
  // library (react-hook-form and its resolver, 15 KB gzipped) for them.
  'web/src/features/dashboard/ai-status.tsx': { count: 1, reason: 'the optional day a pause ends' },
  'web/src/features/diary/move-form.tsx': { count: 3, reason: "an appointment's new day, time and stylist" },
  'web/src/features/waitlist/waiting-list.tsx': { count: 1, reason: 'the time offered to a waiting client' },
};

const CONTROLS = new Set(['input', 'textarea', 'select', 'TextInput', 'TextArea', 'NumberInput', 'SelectInput', 'PasswordField']);
const BOUND = new Set(['value', 'checked']);

const files = parsedWebSources();

/** The identifier an expression reads first: `draft` of `draft.name`, `raw` of `String(raw)`. */
function rootName(expression: ts.Expression): string | undefined {
  let at: ts.Expression = expression;
  for (;;) {
    if (ts.isIdentifier(at)) return at.text;
    if (ts.isPropertyAccessExpression(at) || ts.isElementAccessExpression(at) || ts.isNonNullExpression(at) || ts.isParenthesizedExpression(at))
      at = at.expression;
    else if (ts.isCallExpression(at) && at.arguments[0]) at = at.arguments[0];
    else if (ts.isConditionalExpression(at)) at = at.whenTrue;
    else if (ts.isBinaryExpression(at)) at = at.left;
    else return undefined;
  }
}

/** Form controls whose `value`/`checked` reads a useState of the same file, per file. */
export function fieldStates(sources: readonly ParsedSource[]): Record<string, number> {
  const found: Record<string, number> = {};
  for (const { path, source } of sources) {
    const states = new Set<string>();
    eachNode(source, (node) => {
      if (!ts.isVariableDeclaration(node) || !node.initializer || !ts.isCallExpression(node.initializer)) return;
      if (!/^(?:React\.)?useState$/.test(node.initializer.expression.getText(source)) || !ts.isArrayBindingPattern(node.name)) return;
      const first = node.name.elements[0];
      if (first && ts.isBindingElement(first) && ts.isIdentifier(first.name)) states.add(first.name.text);
    });
    if (!states.size) continue;
    eachNode(source, (node) => {
      if (!ts.isJsxSelfClosingElement(node) && !ts.isJsxOpeningElement(node)) return;
      if (!CONTROLS.has(node.tagName.getText(source))) return;
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute) || !BOUND.has(attribute.name.getText(source))) continue;
        const initializer = attribute.initializer;
        const expression = initializer && ts.isJsxExpression(initializer) ? initializer.expression : undefined;
        const name = expression && rootName(expression);
        if (name && states.has(name)) found[path] = (found[path] ?? 0) + 1;
      }
    });
  }
  return found;
}

const fake = (path: string, text: string): ParsedSource => ({ path, source: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) });

describe('form state (one form layer, a ratchet)', () => {
  it('no form keeps its field values in a useState beyond those listed, and each listed count is still held', () => {
    const found = fieldStates(files);
    const paths = [...new Set([...Object.keys(found), ...Object.keys(FIELD_STATES_LEFT)])].sort();
    const grown = paths.filter((path) => (found[path] ?? 0) > (FIELD_STATES_LEFT[path]?.count ?? 0)).map((path) => `${path}: ${found[path]}`);
    const shrunk = paths.filter((path) => (found[path] ?? 0) < (FIELD_STATES_LEFT[path]?.count ?? 0)).map((path) => `${path}: ${found[path] ?? 0}`);
    expect(grown, 'keep the field in the form layer (useContractForm / useStepForm), or list it with its reason').toEqual([]);
    expect(shrunk, 'lower FIELD_STATES_LEFT').toEqual([]);
  });

  it('the setup steps and the Settings sections hold no field of their own', () => {
    const found = fieldStates(files);
    const setupAndSettings = Object.keys(found).filter((path) => /^web\/src\/(?:features\/(?:setup|settings)|pages\/(?:setup-wizard|settings))/.test(path));
    expect(setupAndSettings).toEqual([]);
  });

  it('counts a control bound to a useState, directly or through a property; not one bound to the form layer or to a prop', () => {
    const sources = [
      fake(
        'web/src/features/x/x.tsx',
        `const [name, setName] = useState(''); const [draft, setDraft] = useState({ note: '' }); const [open, setOpen] = useState(false);
         const form = useContractForm(schema, {});
         <>
           <input value={name} onChange={(e) => setName(e.target.value)} />
           <TextArea label="Note" value={draft.note} onChange={() => {}} />
           <TextInput label="Email" {...fieldProps(form, 'email')} />
           <input type="checkbox" checked={props.on} />
           <button aria-expanded={open} />
         </>`,
      ),
    ];
    expect(fieldStates(sources)).toEqual({ 'web/src/features/x/x.tsx': 2 });
  });
});
