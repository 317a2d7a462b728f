import '../local/server/quiet-sdk-notices.js';
import { pathToFileURL } from 'node:url';
import { routes, type RouteDefinition } from '../functions/routes.js';
import { eventRules } from '../events/rules.js';
import { CALLER_WAIT_ENTRIES } from '../infra/lambda-bundle.js';
import { alternatingImportTimes, benchBundle, machineLoad, spread, type BenchBundle, type ImportTime } from './support/bundle.js';

/**
 * Cold starts are dead air: for every Lambda (each route, each event consumer, the booking
 * and call sweeps) bundled as `cdk deploy` bundles it, what a cold start loads (the entry and its static
 * chunks), the whole bundle with the chunks loaded on first use, the three largest packages a
 * cold start loads, and the CPU time a fresh Node takes to import it (median of fresh processes).
 * Targets for the two Lambdas a caller waits on (agent tools and the voice webhook): ≤ 1 MB and ≤ 150 ms.
 *
 * `npx tsx bench/cold-starts.ts --caller-waits` measures those two only, in `--runs` (21) alternating
 * fresh imports each, with the spread and the machine's load; `--inputs` adds the largest files
 * each loads cold. CPU time is the figure to compare before and after a change: the machine is
 * shared, and wall time mostly measures the neighbours.
 */
const CALLER_WAITS = new Set(CALLER_WAIT_ENTRIES);
const TARGET = { kb: 1024, importMs: 150 };
const RUNS = { all: 5, callerWaits: 21 };

type Packages = Pick<RouteDefinition, 'nodeModules' | 'optIn'>;

function lambdas(): Map<string, Packages> {
  const entries = new Map<string, Packages>();
  for (const route of routes) entries.set(route.entry, route);
  for (const rule of eventRules) entries.set(rule.consumer, {});
  entries.set('functions/jobs/sweep-bookings.ts', {});
  entries.set('functions/jobs/sweep-calls.ts', {});
  entries.set('functions/jobs/send-due-reminders.ts', {});
  return entries;
}

const HEADER = 'Lambda entry'.padEnd(46) + 'cold KB'.padStart(9) + 'all KB'.padStart(8) + 'CPU ms'.padStart(8) + '   largest parts loaded cold';

function row(bundle: BenchBundle, times: readonly ImportTime[], { nodeModules = [], optIn = [] }: Packages): string {
  const cpu = spread(times.map((time) => time.cpuMs)).median;
  const parts = bundle.packages
    .slice(0, 3)
    .map((part) => `${part.name} ${part.kb.toFixed(0)}`)
    .join(', ');
  const verdict = CALLER_WAITS.has(bundle.entry) ? (bundle.coldKb <= TARGET.kb && cpu <= TARGET.importMs ? '  [target met]' : '  [target missed]') : '';
  const external = [
    nodeModules.length ? ` (+ ${nodeModules.join(', ')} installed beside it)` : '',
    optIn.length ? ` (${optIn.join(', ')} in a chunk)` : '',
  ].join('');
  return `${bundle.entry.padEnd(46)}${bundle.coldKb.toFixed(0).padStart(9)}${bundle.totalKb.toFixed(0).padStart(8)}${cpu.toFixed(0).padStart(8)}   ${parts}${external}${verdict}`;
}

function everyLambda(): string[] {
  const lines = [HEADER];
  for (const [entry, packages] of lambdas()) {
    const bundle = benchBundle(entry, packages);
    try {
      lines.push(row(bundle, alternatingImportTimes([bundle], RUNS.all)[0]!, packages));
    } finally {
      bundle.remove();
    }
  }
  return lines;
}

function callerWaits(runs: number, inputs: boolean): string[] {
  const loadBefore = machineLoad();
  const bundles = [...CALLER_WAITS].map((entry) => benchBundle(entry));
  try {
    const times = alternatingImportTimes(bundles, runs);
    const lines = [`load averages before ${loadBefore}, after ${machineLoad()}; ${runs} alternating fresh imports each`, HEADER];
    for (const [index, bundle] of bundles.entries()) {
      const cpu = spread(times[index]!.map((time) => time.cpuMs));
      const wall = spread(times[index]!.map((time) => time.wallMs));
      lines.push(row(bundle, times[index]!, {}));
      lines.push(
        `${''.padEnd(4)}CPU median ${cpu.median.toFixed(0)} ms (p10–p90 ${cpu.p10.toFixed(0)}–${cpu.p90.toFixed(0)}); wall median ${wall.median.toFixed(0)} ms (${wall.p10.toFixed(0)}–${wall.p90.toFixed(0)})`,
      );
      if (inputs) for (const input of bundle.inputs.slice(0, 15)) lines.push(`${''.padEnd(8)}${input.kb.toFixed(1).padStart(6)} KB  ${input.name}`);
    }
    return lines;
  } finally {
    for (const bundle of bundles) bundle.remove();
  }
}

export function run(options: { callerWaitsOnly?: boolean; runs?: number; inputs?: boolean } = {}): Promise<string[]> {
  return Promise.resolve(options.callerWaitsOnly ? callerWaits(options.runs ?? RUNS.callerWaits, options.inputs ?? false) : everyLambda());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : undefined;
  const lines = await run({ callerWaitsOnly: process.argv.includes('--caller-waits'), inputs: process.argv.includes('--inputs'), ...(runs ? { runs } : {}) });
  for (const line of lines) console.log(line);
}
