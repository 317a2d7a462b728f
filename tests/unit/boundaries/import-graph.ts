import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The static import graph of the repository's source (`import`/`export … from`, type-only ones
 * included: a cycle of types still ties the files' layers together). `await import()` is left
 * out: a lazy import is how the composition root reaches an adapter on first use, and is not a
 * dependency at load. Specifiers resolve as tsconfig.json does: relative paths (`.js` naming the
 * `.ts` file), `@functions/…` (the web app's alias) and a folder's index.ts.
 */
export const ROOT = resolve(import.meta.dirname, '../../..');
const SOURCE_EXTENSIONS = ['.ts', '.tsx'];

export function sourceFiles(folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  for (const folder of folders) walk(join(ROOT, folder));
  return found.sort();
}

function resolveSpecifier(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@functions/')
    ? join(ROOT, 'functions', specifier.slice('@functions/'.length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [
    ...SOURCE_EXTENSIONS.map((extension) => stem + extension),
    ...SOURCE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers.map((specifier) => resolveSpecifier(file, specifier)).filter((path): path is string => path !== null);
}

/** Every cycle's files (one strongly connected component of more than one file, or a file importing itself), as paths from the root. */
export function importCycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, staticImports(file)]));
  // Tarjan's strongly connected components, iteratively: the graph is deep enough to matter.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { file: string; next: number }[] = [{ file: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.file) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        if (component.length > 1 || edges.includes(frame.file)) cycles.push(component.map((path) => relative(ROOT, path)).sort());
      }
    }
  }
  return cycles;
}

/** A web source file, parsed as TSX with parent links (the web boundary tests walk its nodes). */
export interface ParsedSource {
  path: string;
  source: ts.SourceFile;
}

let webSources: ParsedSource[] | undefined;

/** Every file under web/src, parsed once per worker for the tests that read them. */
export function parsedWebSources(): ParsedSource[] {
  return (webSources ??= sourceFiles(['web/src']).map((file) => {
    const path = relative(ROOT, file).replaceAll('\\', '/');
    return { path, source: ts.createSourceFile(path, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX) };
  }));
}

/** Calls `visit` on a node and every node under it. */
export function eachNode(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => eachNode(child, visit));
}
