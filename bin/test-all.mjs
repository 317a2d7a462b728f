#!/usr/bin/env node
// `npm test` after its dependencies are in place: the type check, the lint, the format check and
// every vitest test at once. The checks run beside the tests at a lower CPU priority: they take the
// CPU the tests leave (while the product starts, while the last unit files run alone) instead of a
// minute of their own before the first test. Their output is held and printed once each finishes, so
// it never interleaves with the test reporter's; any of them failing fails the run. Arguments
// go to vitest (`node bin/test-all.mjs tests/unit/booking`).
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const BACKGROUND_PRIORITY = 10;

function run(label, command, args, { background }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: false });
    const output = [];
    if (background) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Lowering the priority is a courtesy: without it the check still runs, only less politely.
      }
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const finish = (code) => {
      if (background) {
        const text = Buffer.concat(output).toString().trimEnd();
        process.stdout.write(`\n[${label}] ${code === 0 ? 'passed' : 'FAILED'}${text ? `:\n${text}` : ''}\n`);
      }
      resolve({ label, code });
    };
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(1);
    });
  });
}

// TypeScript 7, the native compiler, checks the same program in about a third of TypeScript 5's CPU
// (17 s against 59 s here). typescript-eslint still needs TypeScript 5's API, so both are installed;
// the check names 7's by path, since the two packages both offer a `tsc`.
const typeScript7 = new URL('../node_modules/typescript-7/bin/tsc', import.meta.url).pathname;

// Prettier reads .prettierrc.json and .prettierignore: the scripts, not the docs (their tables are generated and tested).
const PRETTIER_FILES = '**/*.{ts,tsx,mts,mjs,js,cjs}';

const results = await Promise.all([
  run('type check (TypeScript 7, tsc --noEmit)', process.execPath, [typeScript7, '--noEmit'], { background: true }),
  run('lint (eslint .)', bin('eslint'), ['.'], { background: true }),
  run('type-aware lint (oxlint --type-aware)', bin('oxlint'), ['--type-aware', '--quiet'], { background: true }),
  run('format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', PRETTIER_FILES], { background: true }),
  run('tests (vitest run)', bin('vitest'), ['run', ...process.argv.slice(2)], { background: false }),
]);
const failed = results.filter((result) => result.code !== 0).map((result) => result.label);
process.stdout.write(failed.length ? `\nnpm test failed: ${failed.join(', ')}\n` : '\nnpm test passed: type check, lint, format and tests\n');
process.exit(failed.length ? 1 : 0);
