import '../bin/local/quiet-sdk-notices.js';
import { pathToFileURL } from 'node:url';
import { routes, type RouteDefinition } from '../functions/routes.js';
import { eventRules } from '../events/rules.js';
import { bundleFigures } from './support/bundle.js';

/**
 * Cold starts are dead air: for every Lambda (each route, each event consumer, the booking
 * and call sweeps) bundled as `cdk deploy` bundles it, what a cold start loads (the entry and its static
 * chunks), the whole bundle with the chunks loaded on first use, the three largest packages a
 * cold start loads, and the median time a fresh Node takes to import it. Targets for the two
 * Lambdas a caller waits on (agent tools and the voice webhook): ≤ 1 MB and ≤ 150 ms.
 * `npx tsx bench/cold-starts.ts --caller-waits` measures those two only (a minute instead of ten).
 */
const CALLER_WAITS = new Set(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts']);
const TARGET = { kb: 1024, importMs: 150 };

export function run(options: { callerWaitsOnly?: boolean } = {}): Promise<string[]> {
  const entries = new Map<string, Pick<RouteDefinition, 'nodeModules' | 'optIn'>>();
  for (const route of routes) entries.set(route.entry, route);
  for (const rule of eventRules) entries.set(rule.consumer, {});
  entries.set('functions/jobs/sweep-bookings.ts', {});
  entries.set('functions/jobs/sweep-calls.ts', {});
  const lines = ['Lambda entry'.padEnd(46) + 'cold KB'.padStart(9) + 'all KB'.padStart(8) + 'import ms'.padStart(11) + '   largest parts loaded cold'];
  for (const [entry, { nodeModules = [], optIn = [] }] of entries) {
    if (options.callerWaitsOnly && !CALLER_WAITS.has(entry)) continue;
    const figures = bundleFigures(entry, { nodeModules, optIn });
    const parts = figures.packages.slice(0, 3).map((part) => `${part.name} ${part.kb.toFixed(0)}`).join(', ');
    const verdict = CALLER_WAITS.has(entry) ? (figures.coldKb <= TARGET.kb && figures.importMs <= TARGET.importMs ? '  [target met]' : '  [target missed]') : '';
    const external = [nodeModules.length ? ` (+ ${nodeModules.join(', ')} installed beside it)` : '', optIn.length ? ` (${optIn.join(', ')} in a chunk)` : ''].join('');
    lines.push(
      `${entry.padEnd(46)}${figures.coldKb.toFixed(0).padStart(9)}${figures.totalKb.toFixed(0).padStart(8)}${figures.importMs.toFixed(0).padStart(11)}   ${parts}${external}${verdict}`,
    );
  }
  return Promise.resolve(lines);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) for (const line of await run({ callerWaitsOnly: process.argv.includes('--caller-waits') })) console.log(line);
