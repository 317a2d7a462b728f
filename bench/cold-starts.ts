import '../bin/local/quiet-sdk-notices.js';
import { pathToFileURL } from 'node:url';
import { routes } from '../functions/routes.js';
import { eventRules } from '../events/rules.js';
import { bundleFigures } from './support/bundle.js';

/**
 * Cold starts are dead air: for every Lambda (each route, each event consumer, the booking
 * sweep) bundled as CDK bundles it, the bundle's size, its three largest packages, and the
 * median time a fresh Node takes to import it. Targets for the two Lambdas a caller waits on
 * (agent tools and the voice webhook): ≤ 1 MB minified and ≤ 150 ms to import.
 */
const CALLER_WAITS = new Set(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts']);
const TARGET = { kb: 1024, importMs: 150 };

export async function run(): Promise<string[]> {
  const entries = new Map<string, readonly string[]>();
  for (const route of routes) entries.set(route.entry, route.nodeModules ?? []);
  for (const rule of eventRules) entries.set(rule.consumer, []);
  entries.set('functions/jobs/sweep-bookings.ts', []);
  const lines = ['Lambda entry'.padEnd(46) + 'bundle KB'.padStart(10) + 'import ms'.padStart(11) + '   largest parts'];
  for (const [entry, nodeModules] of entries) {
    const figures = await bundleFigures(entry, nodeModules);
    const parts = figures.packages.slice(0, 3).map((part) => `${part.name} ${part.kb.toFixed(0)}`).join(', ');
    const verdict = CALLER_WAITS.has(entry) ? (figures.kb <= TARGET.kb && figures.importMs <= TARGET.importMs ? '  [target met]' : '  [target missed]') : '';
    const external = nodeModules.length ? ` (+ ${nodeModules.join(', ')} installed beside it)` : '';
    lines.push(`${entry.padEnd(46)}${figures.kb.toFixed(0).padStart(10)}${figures.importMs.toFixed(0).padStart(11)}   ${parts}${external}${verdict}`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) for (const line of await run()) console.log(line);
