import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync, type Metafile } from 'esbuild';
import {
  BUNDLE_ENTRY_FILE,
  bundleApart,
  coldStartFiles,
  joinColdChunks,
  lambdaBuildOptions,
  lambdaBundleSpec,
  packageOfInput,
  REPO_ROOT,
  type LambdaPackages,
} from '../../infra/lambda-bundle.js';

export interface PartSize {
  name: string;
  kb: number;
}

export interface BundleSizes {
  /** What a cold start loads: the entry and the chunks it imports statically (minified, no source maps). */
  coldKb: number;
  /** Every file of the bundle, the chunks loaded on first use included. */
  totalKb: number;
  /** Bytes each package contributes to what a cold start loads, largest first. */
  packages: PartSize[];
  /** Bytes each bundled file (ours or a package's) contributes to what a cold start loads, largest first. */
  inputs: PartSize[];
}

/** A Lambda bundled into a folder of its own, until `remove`. */
export interface BenchBundle extends BundleSizes {
  entry: string;
  dir: string;
  remove: () => void;
}

/** One fresh Node's import of a bundle: CPU (user + system) and wall time, in ms. */
export interface ImportTime {
  cpuMs: number;
  wallMs: number;
}

/** Median and spread (10th and 90th percentiles) of a set of runs. */
export interface Spread {
  median: number;
  p10: number;
  p90: number;
}

function sizes(metafile: Metafile, files: readonly string[]): { kb: number; packages: PartSize[]; inputs: PartSize[] } {
  const byPackage = new Map<string, number>();
  const byInput = new Map<string, number>();
  let bytes = 0;
  for (const file of files) {
    const output = metafile.outputs[file]!;
    bytes += output.bytes;
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = packageOfInput(path);
      byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
      const shortPath = path.replace(/^.*node_modules\//, '');
      byInput.set(shortPath, (byInput.get(shortPath) ?? 0) + input.bytesInOutput);
    }
  }
  const largestFirst = (parts: Map<string, number>) => [...parts].map(([name, total]) => ({ name, kb: total / 1024 })).sort((a, b) => b.kb - a.kb);
  return { kb: bytes / 1024, packages: largestFirst(byPackage), inputs: largestFirst(byInput) };
}

/**
 * A handler bundled exactly as `cdk deploy` bundles it (infra/lambda-bundle.ts, without installing
 * its nodeModules, which stay external and resolve from the repository's node_modules), and what
 * a cold start loads of it.
 */
export function benchBundle(entry: string, packages: LambdaPackages = {}): BenchBundle {
  // Inside the repository, so the external packages resolve from its node_modules as they would beside the Lambda's bundle.
  const cache = join(REPO_ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bench-bundle-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const spec = lambdaBundleSpec(entry, packages);
    const metafile = joinColdChunks(dir, buildSync(lambdaBuildOptions(spec, dir)).metafile);
    bundleApart(spec, dir);
    const cold = sizes(metafile, coldStartFiles(metafile, dir));
    const all = sizes(
      metafile,
      Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs')),
    );
    return { entry, dir, remove, coldKb: cold.kb, totalKb: all.kb, packages: cold.packages, inputs: cold.inputs };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * A fresh Node, with Lambda's options (none: infra/function.ts), imports the bundle: the Lambda's module init, not its runtime start. CPU
 * time is the figure to compare: on a shared machine the wall time mostly measures the neighbours.
 */
export function importTime(bundle: Pick<BenchBundle, 'dir'>): ImportTime {
  const url = pathToFileURL(join(bundle.dir, BUNDLE_ENTRY_FILE)).href;
  const script = `const cpu = process.cpuUsage(); const started = performance.now(); await import(${JSON.stringify(url)});
    const used = process.cpuUsage(cpu); console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started }));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as ImportTime;
}

/**
 * `runs` imports of each bundle, alternating (and reversing the order every other round), so a
 * neighbour's burst of load falls on all of them alike.
 */
export function alternatingImportTimes(bundles: readonly Pick<BenchBundle, 'dir'>[], runs: number): ImportTime[][] {
  const times = bundles.map((): ImportTime[] => []);
  for (let round = 0; round < runs; round++) {
    const order = bundles.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) times[index]!.push(importTime(bundles[index]!));
  }
  return times;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.round(fraction * (sorted.length - 1)))]!;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

/** The machine's load averages (1, 5 and 15 minutes), as `uptime` prints them: figures taken under load say so. */
export function machineLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}
