import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Unit tests share one module graph (vitest.config.ts), where vi.mock cannot replace a module
 * another file already loaded: every file that mocks must be listed to run isolated.
 */
function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('unit tests that replace modules', () => {
  it('are exactly the files vitest.config.ts runs isolated', () => {
    const config = readFileSync('vitest.config.ts', 'utf8');
    const listed = [...(/MODULE_REPLACING_TESTS = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
    const mocking = testFiles('tests/unit').filter(
      (file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')) && !file.endsWith('module-replacing-tests.test.ts'),
    );
    expect(listed.sort()).toEqual(mocking.sort());
  });
});
