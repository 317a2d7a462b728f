import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundlingOptions } from '../../infra/function.js';

const ROOT = join(import.meta.dirname, '../..');
const IMPORT_RUNS = 5;

export interface BundleFigures {
  /** The minified bundle, without source map. */
  kb: number;
  /** Bytes each package contributes to the bundle, largest first. */
  packages: { name: string; kb: number }[];
  /** Median time for a fresh Node process to import the bundle (the Lambda's module init, not its runtime start). */
  importMs: number;
}

/** `node_modules/@scope/name/...` or `node_modules/name/...` → the package name; the project's own code otherwise. */
function packageOf(path: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(path);
  return match ? match[1]! : '(our code)';
}

/**
 * A handler bundled with the options CDK's NodejsFunction is given (infra/function.ts), its size
 * and what fills it, and a fresh Node's median import time. Packages the route installs beside
 * its bundle (`nodeModules`) stay external here too.
 */
export async function bundleFigures(entry: string, nodeModules: readonly string[] = []): Promise<BundleFigures> {
  const options = bundlingOptions(nodeModules);
  // Inside the repository, so the external packages resolve from its node_modules as they would beside the Lambda's bundle.
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bench-bundle-'));
  try {
    const outfile = join(dir, 'index.mjs');
    const { metafile } = await build({
      entryPoints: [join(ROOT, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: options.target,
      mainFields: options.mainFields,
      minify: options.minify,
      charset: 'utf8',
      banner: { js: options.banner! },
      external: [...(options.externalModules ?? []), ...nodeModules],
      metafile: true,
      outfile,
      logLevel: 'error',
    });
    const output = metafile.outputs[Object.keys(metafile.outputs).find((name) => name.endsWith('.mjs'))!]!;
    const byPackage = new Map<string, number>();
    for (const [path, input] of Object.entries(output.inputs)) byPackage.set(packageOf(path), (byPackage.get(packageOf(path)) ?? 0) + input.bytesInOutput);
    const script = `const started = performance.now(); await import(${JSON.stringify(pathToFileURL(outfile).href)}); console.log((performance.now() - started).toFixed(1));`;
    const times = Array.from({ length: IMPORT_RUNS }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim())).sort(
      (a, b) => a - b,
    );
    return {
      kb: statSync(outfile).size / 1024,
      packages: [...byPackage].map(([name, bytes]) => ({ name, kb: bytes / 1024 })).sort((a, b) => b.kb - a.kb),
      importMs: times[Math.floor(IMPORT_RUNS / 2)]!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
