import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, sourceFiles } from './import-graph.js';

/**
 * No import cycles in the product's code. ESLint's `import/no-cycle` would hold this, but
 * eslint-plugin-import is not a dependency; this walks the static imports with the TypeScript
 * parser instead (import-graph.ts), in a few seconds.
 *
 * The cycles known today are listed: a cycle found must lie inside one of them (they may shrink
 * and vanish, never grow or appear), and one that has vanished must leave the list. The booking
 * core's circle (12 files) went with the settling it was made of (issue 42); the price-list
 * readers name read-text.ts's limits.
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [
  ['functions/core/price-list/read-text.ts', 'functions/core/price-list/readers/docx.ts', 'functions/core/price-list/readers/pdf.ts'],
];

describe('import cycles', () => {
  const cycles = importCycles(sourceFiles(['functions', 'events', 'web/src', 'bin', 'infra']));

  it('has none beyond the known ones', () => {
    const unknown = cycles.filter((cycle) => !KNOWN_CYCLES.some((known) => cycle.every((file) => known.includes(file))));
    expect(unknown, 'a new import cycle: move what both sides need into a file that imports neither').toEqual([]);
  });

  it('lists no known cycle that is gone', () => {
    const gone = KNOWN_CYCLES.filter((known) => !cycles.some((cycle) => cycle.every((file) => known.includes(file))));
    expect(gone, 'this cycle is gone: remove it from KNOWN_CYCLES').toEqual([]);
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
