import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync, type Metafile } from 'esbuild';
import { BUNDLE_ENTRY_FILE, coldStartFiles, lambdaBuildOptions, lambdaBundleSpec, packageOfInput, REPO_ROOT, type LambdaPackages } from '../../infra/lambda-bundle.js';

const IMPORT_RUNS = 5;

export interface PartSize {
  name: string;
  kb: number;
}

export interface BundleFigures {
  /** What a cold start loads: the entry and the chunks it imports statically (minified, no source maps). */
  coldKb: number;
  /** Every file of the bundle, the chunks loaded on first use included. */
  totalKb: number;
  /** Bytes each package contributes to what a cold start loads, largest first. */
  packages: PartSize[];
  /** Median time for a fresh Node, with Lambda's NODE_OPTIONS, to import the entry (the Lambda's module init, not its runtime start). */
  importMs: number;
}

function sizes(metafile: Metafile, files: readonly string[]): { kb: number; packages: PartSize[] } {
  const byPackage = new Map<string, number>();
  let bytes = 0;
  for (const file of files) {
    const output = metafile.outputs[file]!;
    bytes += output.bytes;
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = packageOfInput(path);
      byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return { kb: bytes / 1024, packages: [...byPackage].map(([name, total]) => ({ name, kb: total / 1024 })).sort((a, b) => b.kb - a.kb) };
}

/**
 * A handler bundled exactly as `cdk deploy` bundles it (infra/lambda-bundle.ts, without installing
 * its nodeModules, which stay external and resolve from the repository's node_modules), what a
 * cold start loads of it, and a fresh Node's median time to import it.
 */
export function bundleFigures(entry: string, packages: LambdaPackages = {}): BundleFigures {
  // Inside the repository, so the external packages resolve from its node_modules as they would beside the Lambda's bundle.
  const cache = join(REPO_ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bench-bundle-'));
  try {
    const { metafile } = buildSync(lambdaBuildOptions(lambdaBundleSpec(entry, packages), dir));
    const outputs = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs'));
    const cold = sizes(metafile, coldStartFiles(metafile, dir));
    const script = `const started = performance.now(); await import(${JSON.stringify(pathToFileURL(join(dir, BUNDLE_ENTRY_FILE)).href)}); console.log((performance.now() - started).toFixed(1));`;
    // Lambda runs every function with source maps enabled (infra/function.ts), which Node reads as it loads each file.
    const times = Array.from({ length: IMPORT_RUNS }, () =>
      Number(execFileSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim()),
    ).sort((a, b) => a - b);
    return { coldKb: cold.kb, totalKb: sizes(metafile, outputs).kb, packages: cold.packages, importMs: times[Math.floor(IMPORT_RUNS / 2)]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
