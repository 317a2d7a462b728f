// Run by infra/lambda-bundle.ts in a child Node (rolldown's API is asynchronous, CDK's local
// bundling is not): `node infra/join-chunks.mjs <outdir>`. It rewrites the ES module bundle in
// <outdir> (index.mjs and chunks/, each with its map beside it) so the code a cold start loads
// sits in as few files as possible, and prints which of the old files each new one holds (JSON).
//
// Why: esbuild puts every set of modules reached by a different set of entries (the handler and
// each `await import()`) into a chunk of its own, so a cold start loaded 27 files for the voice
// webhook. Node's module loader and the bindings between those files cost ~25 ms of CPU per cold
// start. A module the handler loads statically is always loaded before any of its lazy chunks,
// so rolldown's chunk optimiser may move it into the entry (preserveEntrySignatures
// 'allow-extension' lets the entry export it to the lazy chunks); a module keeps its code and
// its one instance. Angular's CLI runs the same kind of pass over esbuild's output.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';

const outdir = path.resolve(process.argv[2]);
const joined = `${outdir}.joined`;
const ownFile = (id) => id.startsWith(outdir + path.sep) && id.endsWith('.mjs');

const result = await build({
  input: { index: path.join(outdir, 'index.mjs') },
  platform: 'node',
  // Node's built-ins and the packages installed or bundled apart beside the bundle stay imports.
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
  preserveEntrySignatures: 'allow-extension',
  logLevel: 'warn',
  plugins: [
    {
      name: 'esbuild-output-with-its-maps',
      load(id) {
        if (!ownFile(id)) return null;
        return { code: readFileSync(id, 'utf8'), map: readFileSync(`${id}.map`, 'utf8') };
      },
    },
  ],
  output: {
    dir: joined,
    format: 'esm',
    minify: true,
    // Maps beside the files and no sourceMappingURL comment: functions/source-mapped-stacks.ts reads them when a stack is formatted.
    sourcemap: 'hidden',
    entryFileNames: '[name].mjs',
    chunkFileNames: 'chunks/[hash].mjs',
  },
});

for (const name of ['index.mjs', 'index.mjs.map', 'chunks']) {
  rmSync(path.join(outdir, name), { recursive: true, force: true });
  if (existsSync(path.join(joined, name))) renameSync(path.join(joined, name), path.join(outdir, name));
}
rmSync(joined, { recursive: true, force: true });

const relative = (file) => path.relative(outdir, file).split(path.sep).join('/');
const written = result.output.filter((output) => output.type === 'chunk');
// A chunk's imports name the other files it loads and the external packages it imports.
const files = new Set(written.map((chunk) => chunk.fileName));
const chunks = written.map((chunk) => ({
  file: chunk.fileName,
  // The esbuild file a dynamic import named, for a chunk that one loads.
  entry: chunk.facadeModuleId && ownFile(chunk.facadeModuleId) ? relative(chunk.facadeModuleId) : null,
  modules: chunk.moduleIds.filter(ownFile).map(relative),
  imports: chunk.imports.filter((name) => files.has(name)),
  dynamicImports: chunk.dynamicImports.filter((name) => files.has(name)),
}));
process.stdout.write(JSON.stringify(chunks));
