import type { RenderedShell } from '../../web/src/app-shell/render-app-shell.js';
import { SHELL_DATE_SCRIPT, type SignedInShellPath } from '../../web/site-files.js';

/** A chunk of Vite's build manifest (build.manifest), keyed by its source relative to web/. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** What a signed-in page needs before its first real render, beyond the app's entry. */
export interface ShellAssets {
  css: string[];
  modules: string[];
}

const APP_ENTRY = 'index.html';
/** The app the entry starts once the shell is painted (web/src/main.tsx). */
const APP_MODULE = 'src/app.tsx';

/** A chunk's file, its static imports' files and every stylesheet among them, in that order. */
function closure(manifest: Record<string, ManifestChunk>, key: string, modules: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no ${key} chunk (local/server/app-shell-html.ts names it)`);
  if (modules.has(chunk.file)) return;
  modules.add(chunk.file);
  chunk.css?.forEach((file) => css.add(file));
  for (const imported of chunk.imports ?? []) closure(manifest, imported, modules, css);
}

/**
 * The app's chunk and the page's own, with what they import (the sign-in code the page's guard
 * loads first among them), less what the entry already brings: the shell asks for them at once,
 * beside the entry, instead of after it has run.
 */
export function signedInPageAssets(manifest: Record<string, ManifestChunk>, path: SignedInShellPath): ShellAssets {
  const entryModules = new Set<string>();
  const entryCss = new Set<string>();
  closure(manifest, APP_ENTRY, entryModules, entryCss);
  const modules = new Set<string>(entryModules);
  const css = new Set<string>(entryCss);
  closure(manifest, APP_MODULE, modules, css);
  closure(manifest, `src/pages${path}.tsx`, modules, css);
  return {
    css: [...css].filter((file) => !entryCss.has(file)),
    modules: [...modules].filter((file) => !entryModules.has(file)),
  };
}

/**
 * A signed-in page's HTML from the app shell's: its own title, the page drawn in #root as it first
 * renders, its stylesheets (so the drawing is styled on the first paint), and module preloads for
 * its chunk and the sign-in code. The runtime configuration is fetched at once too, as the
 * sign-in code's first act is to read it.
 */
export function shellHtml(template: string, shell: RenderedShell, assets: ShellAssets): string {
  const dated = shell.body.includes('data-dated="true"');
  const head = [
    shell.head,
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`),
    '<link rel="preload" href="/config.json" as="fetch" crossorigin>',
  ].join('\n    ');
  const html = template
    // The drawing needs no script: the stylesheets go first on a slow link, the app's code after them.
    .replace(/<(script type="module"|link rel="modulepreload")( crossorigin [^>]*)>/g, '<$1$2 fetchpriority="low">')
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${shell.body}</div>${dated ? `\n    <script>${SHELL_DATE_SCRIPT}</script>` : ''}`);
  if (!html.includes(shell.body) || !/src="\/assets\/index-[^"]+" fetchpriority="low"/.test(html)) {
    throw new Error('The app shell (web/index.html) no longer has the shape pre-rendering expects');
  }
  return html;
}

/**
 * The bare app shell (every other app path: sign-in, password reset) with the app's chunk preloaded,
 * which its entry imports at once, so it is fetched beside the entry rather than after it.
 */
export function withAppPreload(template: string, manifest: Record<string, ManifestChunk>): string {
  const entryModules = new Set<string>();
  closure(manifest, APP_ENTRY, entryModules, new Set());
  const modules = new Set<string>(entryModules);
  closure(manifest, APP_MODULE, modules, new Set());
  const preloads = [...modules].filter((file) => !entryModules.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return template.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
}
