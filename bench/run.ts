import '../local/server/quiet-sdk-notices.js';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run bench`: every benchmark in turn, each printing its figures. Benchmarks measure; they
 * never fail the build. Run one alone with `npx tsx bench/<name>.ts`.
 */
const BENCHES = [
  'api',
  'setup',
  'agent-tools',
  'store-round-trips',
  'calls',
  'voice-webhook',
  'receptionist',
  'cold-starts',
  'extraction',
  'web-weight',
  'lighthouse',
];

for (const name of BENCHES) {
  const file = join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) continue;
  console.log(`\n== ${name} ==`);
  const started = performance.now();
  try {
    // A bench either answers printable lines or prints its own table and answers data.
    const bench = (await import(pathToFileURL(file).href)) as { run: () => Promise<unknown[]> };
    for (const line of await bench.run()) if (typeof line === 'string') console.log(line);
  } catch (error) {
    console.log(`(failed: ${(error as Error).message})`);
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
