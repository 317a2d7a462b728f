import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces in our source's terms, paid for when a stack is formatted instead of at every
 * cold start. Node's `--enable-source-maps` reads and parses every loaded file's map, and scans
 * each file for its line lengths, while the module loads (~28 ms of CPU for the agent tools, most
 * of it for maps no error ever needs). Lambda bundles are built with their maps beside them and
 * no `sourceMappingURL` comment (infra/lambda-bundle.ts injects this module into each), so Node
 * does none of that; a stack, when V8 first formats one, maps each frame through the bundle
 * file's `.map`, read on first use. A frame without a map (Node's own, a missing file) stays as
 * V8 wrote it.
 */
const maps = new Map<string, SourceMap | undefined>();

function mapOf(file: string): SourceMap | undefined {
  // Only the bundle's files have maps: Node's own (`node:…`) are not even looked for.
  if (!file.startsWith('file:') || !file.endsWith('.mjs')) return undefined;
  if (maps.has(file)) return maps.get(file);
  let map: SourceMap | undefined;
  try {
    map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(file)}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    map = undefined;
  }
  maps.set(file, map);
  return map;
}

/** The bundler names sources relative to where it wrote the map; the repository path is what an operator looks up. */
const repositoryPath = (source: string) => source.replace(/^(?:\.\.\/)+/, '').replace(/^.*?\/(?=(?:functions|events|node_modules)\/)/, '');

/** What the map finds at a 1-based line and column of a bundle file: the source's position, and a name if the bundler kept one. */
function original(map: SourceMap | undefined, line: number | null, column: number | null): (SourceMapping & { name?: string }) | undefined {
  const entry = map && line && column ? map.findEntry(line - 1, column - 1) : undefined;
  return entry && 'originalSource' in entry ? (entry as SourceMapping) : undefined;
}

function mapped(site: NodeJS.CallSite | undefined) {
  const file = site?.getFileName();
  return file ? original(mapOf(file), site!.getLineNumber(), site!.getColumnNumber()) : undefined;
}

/**
 * Minified names mean nothing: the name the map keeps where the frame's function begins, else
 * the one where its caller calls it (as Node names them).
 */
function nameOf(site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string | null {
  const file = site.getFileName();
  const enclosing = file ? original(mapOf(file), site.getEnclosingLineNumber(), site.getEnclosingColumnNumber()) : undefined;
  return enclosing?.name || mapped(caller)?.name || site.getFunctionName();
}

function frame(site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string {
  const position = mapped(site);
  if (!position) return `    at ${String(site)}`;
  const where = `${repositoryPath(position.originalSource)}:${position.originalLine + 1}:${position.originalColumn + 1}`;
  const name = nameOf(site, caller);
  return name ? `    at ${name} (${where})` : `    at ${where}`;
}

function heading(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return 'Error';
  }
}

/** A stack must never fail to format: a frame the map cannot place stays as V8 wrote it. */
function safeFrame(site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string {
  try {
    return frame(site, caller);
  } catch {
    return `    at ${String(site)}`;
  }
}

Error.prepareStackTrace = (error, sites) => [heading(error), ...sites.map((site, index) => safeFrame(site, sites[index + 1]))].join('\n');
