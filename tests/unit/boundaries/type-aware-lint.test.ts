import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

/**
 * The lint rules that need types run in oxlint (.oxlintrc.json, `npm run lint`), on TypeScript 7's
 * native compiler. Shown a small program of its own (its own tsconfig, so the check builds that
 * program, not the repository's), the repository's config refuses a promise nobody awaits and one
 * handed where nothing awaits it, and lets an event handler attribute be async, as the app's are.
 */
const dir = mkdtempSync(join(tmpdir(), 'type-aware-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses floating and misused promises, and allows an async onClick', async () => {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, jsx: 'react-jsx', noEmit: true, types: [] } }));
  const probe = join(dir, 'probe.tsx');
  writeFileSync(
    probe,
    [
      'async function later(): Promise<number> {',
      '  return 1;',
      '}',
      'export function Probe() {',
      '  later();',
      '  void later();',
      '  [1].forEach(async () => {',
      '    await later();',
      '  });',
      '  return <button onClick={async () => { await later(); }}>x</button>;',
      '}',
    ].join('\n'),
  );
  // oxlint exits 1 when it finds something: the report is what is judged.
  const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/oxlint'), ['--type-aware', '--format', 'json', probe], { cwd: ROOT }).catch(
    (error: { stdout: string }) => error,
  );
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: { code: string; labels: { span: { line: number } }[] }[] };
  expect(diagnostics.map((found) => [found.code, found.labels[0]!.span.line])).toEqual([
    ['typescript(no-floating-promises)', 5],
    ['typescript(no-misused-promises)', 7],
  ]);
});
