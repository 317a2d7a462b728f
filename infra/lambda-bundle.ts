import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { OPT_IN_PACKAGES, type OptInPackage } from '../functions/routes.js';

/** The repository root: entries in the route and rule tables are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The file Lambda loads (`index.handler`); the chunks it imports sit under `chunks/`. */
export const BUNDLE_ENTRY_FILE = 'index.mjs';

/**
 * Bundles are ES modules; some dependencies still call `require` (CommonJS), so every output
 * file (the entry and each chunk) defines it from `import.meta.url`. The alias avoids clashing
 * with bundled code.
 */
export const ESM_REQUIRE_BANNER = "import { createRequire as __salonCreateRequire } from 'node:module'; const require = __salonCreateRequire(import.meta.url);";

/**
 * How `npm ci` picks native optional packages for the Lambda (linux, glibc, arm64), not for the
 * machine that synthesizes: pdfjs-dist's @napi-rs/canvas and sharp must be the ones Lambda loads.
 */
export const LAMBDA_INSTALL_ENVIRONMENT = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' } as const;

/**
 * Injected into every Lambda: it maps a stack's frames through the bundle's source maps when the
 * stack is formatted. The maps are written beside the bundle without a `sourceMappingURL`
 * comment and Lambdas run without `--enable-source-maps`, which would read and parse every map
 * at import (docs/architecture.md, "Cold starts").
 */
export const SOURCE_MAPPED_STACKS = 'functions/source-mapped-stacks.ts';

/** The Lambdas a caller waits on: a cold start of theirs is dead air on a call. */
export const CALLER_WAIT_ENTRIES: readonly string[] = ['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts'];

/**
 * AWS clients the caller-wait Lambdas reach only on paths a call never takes, bundled apart into
 * the asset's node_modules (each one file, with its own copy of the SDK's core, loaded on its
 * first use). esbuild's code splitting puts a module into a chunk that every entry reaching it
 * loads, even one that only uses another of its exports: modules only these clients use but the
 * table client reaches through the SDK's barrel files would load on every cold start (S3's
 * REST-XML protocol, Bedrock's HTTP/2 handler with `node:http2`: ~5–8 ms of CPU). The event
 * bus, KMS and Secrets Manager clients stay shared with the table client: a call can need them,
 * and they speak its protocol.
 */
export const KEPT_APART_FROM_CALLER_WAITS: readonly string[] = [
  '@aws-sdk/client-s3',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-bedrock-runtime',
];

/** What one Lambda's asset is made from. */
export interface LambdaBundleSpec {
  /** Module relative to the repository root, exporting `handler`. */
  readonly entry: string;
  /** Installed into the asset's node_modules by `npm ci` instead of bundled (RouteDefinition.nodeModules). */
  readonly nodeModules: readonly string[];
  /** Bundled apart, each into the asset's node_modules (KEPT_APART_FROM_CALLER_WAITS). */
  readonly apart: readonly string[];
  /** Left out of the bundle: the installed packages, those bundled apart, and every opt-in package the Lambda did not opt into. */
  readonly external: readonly string[];
}

export interface LambdaPackages {
  readonly nodeModules?: readonly string[];
  readonly optIn?: readonly OptInPackage[];
}

export function lambdaBundleSpec(entry: string, { nodeModules = [], optIn = [] }: LambdaPackages = {}): LambdaBundleSpec {
  const leftOut = OPT_IN_PACKAGES.filter((name) => !optIn.includes(name));
  const apart = CALLER_WAIT_ENTRIES.includes(entry) ? KEPT_APART_FROM_CALLER_WAITS : [];
  return { entry, nodeModules: [...nodeModules], apart: [...apart], external: [...nodeModules, ...apart, ...leftOut] };
}

/**
 * esbuild's options for one Lambda. Code splitting is the point: what a handler reaches only
 * through `await import()` (a vendor SDK behind a port, an AWS client one code path uses) becomes
 * a chunk of its own that Node loads when that path first runs, so a cold start parses only the
 * entry and the chunks it imports statically. The AWS SDK is bundled too: the deployed code runs
 * exactly the versions tested locally.
 */
export function lambdaBuildOptions(spec: LambdaBundleSpec, outdir: string): BuildOptions & { metafile: true } {
  return {
    ...OUTPUT_OPTIONS,
    entryPoints: { index: path.join(REPO_ROOT, spec.entry) },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    inject: [path.join(REPO_ROOT, SOURCE_MAPPED_STACKS)],
    external: [...spec.external],
    metafile: true,
  };
}

/** What every bundled file shares: an ES module for Node 22, minified, its map beside it. */
const OUTPUT_OPTIONS = {
  absWorkingDir: REPO_ROOT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  sourcemap: 'external',
  sourcesContent: false,
  charset: 'utf8',
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** Bundles each package the spec keeps apart into `outdir/node_modules/<name>/index.mjs`, where the Lambda's `import(name)` finds it. */
export function bundleApart(spec: LambdaBundleSpec, outdir: string): void {
  for (const name of spec.apart) {
    const dir = path.join(outdir, 'node_modules', name);
    buildSync({
      ...OUTPUT_OPTIONS,
      stdin: { contents: `export * from '${name}';`, resolveDir: REPO_ROOT, sourcefile: `${name}.mjs` },
      outfile: path.join(dir, 'index.mjs'),
    });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, type: 'module', main: 'index.mjs' }));
  }
}

/** The version `npm ci` installs: the one package.json asks for, else the installed one (as CDK's NodejsFunction does). */
function versionOf(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const declared = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name];
  if (declared) return declared;
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A file rolldown wrote and the esbuild outputs it holds (infra/join-chunks.mjs), relative to the bundle's folder. */
interface JoinedChunk {
  file: string;
  entry: string | null;
  modules: string[];
  imports: string[];
  dynamicImports: string[];
}

/**
 * Joins the files a cold start loads (infra/join-chunks.mjs says why and how) and answers the
 * bundle's metafile in esbuild's shape for the joined files: each holds the inputs of the esbuild
 * outputs joined into it, so what a cold start loads is still told by package and source file.
 */
export function joinColdChunks(outdir: string, metafile: Metafile): Metafile {
  const printed = execFileSync(process.execPath, [path.join(REPO_ROOT, 'infra/join-chunks.mjs'), outdir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const key = (file: string) => path.relative(REPO_ROOT, path.join(outdir, file));
  const outputs: Metafile['outputs'] = {};
  for (const chunk of JSON.parse(printed) as JoinedChunk[]) {
    const inputs: Metafile['outputs'][string]['inputs'] = {};
    for (const module of chunk.modules) {
      for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[key(module)]?.inputs ?? {})) {
        inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + bytesInOutput };
      }
    }
    const imports = [
      ...chunk.imports.map((file) => ({ path: key(file), kind: 'import-statement' as const })),
      ...chunk.dynamicImports.map((file) => ({ path: key(file), kind: 'dynamic-import' as const })),
    ];
    const entryPoint = chunk.entry ? metafile.outputs[key(chunk.entry)]?.entryPoint : undefined;
    outputs[key(chunk.file)] = { bytes: statSync(path.join(outdir, chunk.file)).size, inputs, imports, exports: [], ...(entryPoint ? { entryPoint } : {}) };
    outputs[key(`${chunk.file}.map`)] = { bytes: statSync(path.join(outdir, `${chunk.file}.map`)).size, inputs: {}, imports: [], exports: [] };
  }
  return { inputs: metafile.inputs, outputs };
}

/** Bundles the Lambda into `outdir` (and installs its nodeModules there); answers the bundle's metafile. */
export function bundleLambda(spec: LambdaBundleSpec, outdir: string): Metafile {
  const metafile = joinColdChunks(outdir, buildSync(lambdaBuildOptions(spec, outdir)).metafile);
  if (spec.nodeModules.length > 0) {
    const dependencies = Object.fromEntries(spec.nodeModules.map((name) => [name, versionOf(name)]));
    writeFileSync(path.join(outdir, 'package.json'), JSON.stringify({ dependencies }));
    copyFileSync(path.join(REPO_ROOT, 'package-lock.json'), path.join(outdir, 'package-lock.json'));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: outdir,
      env: { ...process.env, ...LAMBDA_INSTALL_ENVIRONMENT },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  // After npm ci, which empties node_modules.
  bundleApart(spec, outdir);
  return metafile;
}

/** The npm package a bundled input file comes from (`node_modules/@scope/name/…`), or `(our code)`. */
export function packageOfInput(inputPath: string): string {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(inputPath)?.[1] ?? '(our code)';
}

/** The output files a cold start loads (relative to the repository, as the metafile names them): the entry and every chunk it imports statically, transitively. */
export function coldStartFiles(metafile: Metafile, outdir: string): string[] {
  const entry = path.relative(REPO_ROOT, path.join(outdir, BUNDLE_ENTRY_FILE));
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file) || !metafile.outputs[file]) return;
    loaded.add(file);
    for (const imported of metafile.outputs[file].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  return [...loaded];
}
