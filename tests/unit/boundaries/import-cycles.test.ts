import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, sourceFiles } from './import-graph.js';

/**
 * No import cycles anywhere in the repository's code (the stand-ins in local/, tests and benches too), and no allowlist of
 * known ones (issue 44, point 1):
 * ESLint's `import/no-cycle` would hold this, but eslint-plugin-import is not a dependency; this
 * walks the static imports with the TypeScript parser instead (import-graph.ts), in a few seconds.
 * The booking core's circle (12 files) went with the settling it was made of (issue 42); the
 * price-list readers' with their limits' own file (text-limits.ts).
 */
describe('import cycles', () => {
  it('has none', () => {
    const cycles = importCycles(sourceFiles(['functions', 'events', 'web', 'bin', 'local', 'infra', 'tests', 'bench']));
    expect(cycles, 'an import cycle: move what both sides need into a file that imports neither').toEqual([]);
  });

  describe('the walk itself', () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const write = (name: string, text: string) => {
      mkdirSync(join(folder, name, '..'), { recursive: true });
      writeFileSync(join(folder, name), text);
      return join(folder, name);
    };

    it('finds a cycle through type-only imports and an index file, and not through a lazy import()', () => {
      const files = [
        write('a.ts', "import type { B } from './b.js';\nexport type A = B;\n"),
        write('b.ts', "export type { C as B } from './c';\n"),
        write('c/index.ts', "import type { A } from '../a.js';\nexport type C = string | A[];\n"),
        write('lazy.ts', "export const load = () => import('./d.js');\n"),
        write('d.ts', "import { load } from './lazy.js';\nexport const again = load;\n"),
      ];
      expect(importCycles(files).map((cycle) => cycle.map((file) => file.split('/').at(-1)))).toEqual([['a.ts', 'b.ts', 'index.ts']]);
    });
  });
});
