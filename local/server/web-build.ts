import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../../web/src/public-pages/render-public-page.js';
import type { RenderedShell } from '../../web/src/app-shell/render-app-shell.js';
import { PRERENDERED_PAGES, SIGNED_IN_REDIRECT_SCRIPT, SIGNED_IN_SHELLS, type PrerenderedPath, type SignedInShellPath } from '../../web/site-files.js';
import { shellHtml, signedInPageAssets, withAppPreload, type ManifestChunk } from './app-shell-html.js';

/** Newest modification time under a path (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

const SOURCES = [
  'local/server/app-shell-html.ts',
  'web/src',
  'web/public',
  'web/index.html',
  'web/site-files.ts',
  'vite.config.ts',
  'functions/contracts',
  'functions/core/plans.ts',
  'functions/core/money.ts',
];

/** The public pages' script entry, as vite.config.ts names it and its manifest keys it. */
const PUBLIC_PAGE_ENTRY = 'src/public-pages/public-page.ts';
const RENDER_ENTRY = 'src/prerender.ts';

/**
 * The production site in `outDir`: the app (web/index.html is its shell) and the public pages
 * pre-rendered to HTML from their React components, each loading only its stylesheet and the
 * small script of public-page.ts. Always production builds of React and the router, also when a
 * test runner set NODE_ENV.
 */
export async function buildWeb(root: string, outDir = join(root, 'web/dist')): Promise<void> {
  const { build } = await import('vite');
  const common = { root: join(root, 'web'), configFile: join(root, 'vite.config.ts'), logLevel: 'warn' as const, mode: 'production' };
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  // Inside the repository so the rendering module finds react and the router in node_modules.
  const serverDir = join(root, 'node_modules/.cache/salondesk-prerender', String(process.pid));
  try {
    await build({ ...common, build: { outDir, emptyOutDir: true, manifest: true } });
    await build({ ...common, build: { ssr: RENDER_ENTRY, outDir: serverDir, emptyOutDir: true, copyPublicDir: false } });
    const { renderPublicPage, renderAppShell } = (await import(pathToFileURL(join(serverDir, 'prerender.js')).href)) as {
      renderPublicPage: (path: PrerenderedPath) => Promise<RenderedPage>;
      renderAppShell: (path: SignedInShellPath) => Promise<RenderedShell>;
    };
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    const manifestFile = join(outDir, '.vite/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const assets = publicPageAssets(manifest);
    const write = (file: string, html: string) => {
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      writeFileSync(join(outDir, file), html);
    };
    for (const [path, file] of Object.entries(PRERENDERED_PAGES) as [PrerenderedPath, string][]) {
      write(file, pageHtml(template, await renderPublicPage(path), assets, path === '/'));
    }
    for (const [path, file] of Object.entries(SIGNED_IN_SHELLS) as [SignedInShellPath, string][]) {
      write(file, shellHtml(template, await renderAppShell(path), signedInPageAssets(manifest, path)));
    }
    write('index.html', withAppPreload(template, manifest));
    // The manifest is a build input, not part of the site.
    rmSync(dirname(manifestFile), { recursive: true, force: true });
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
    process.env.NODE_ENV = previous;
  }
}

/** The public pages' script, the chunks it imports and every stylesheet they carry. */
function publicPageAssets(manifest: Record<string, ManifestChunk>) {
  const entry = manifest[PUBLIC_PAGE_ENTRY];
  if (!entry) throw new Error(`The build has no ${PUBLIC_PAGE_ENTRY} entry (vite.config.ts)`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    chunk.css?.forEach((file) => css.add(file));
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || preloads.has(imported.file)) continue;
      preloads.add(imported.file);
      visit(imported);
    }
  };
  visit(entry);
  return { script: entry.file, css: [...css], preloads: [...preloads] };
}

/**
 * A public page from the app shell's HTML: its head keeps what every page shares (charset,
 * icons, theme, Open Graph site tags) and loses the app's scripts, styles, title and fallback
 * description; the page's own title and meta tags, stylesheets and script take their place.
 */
function pageHtml(template: string, page: RenderedPage, assets: ReturnType<typeof publicPageAssets>, redirectSignedIn: boolean): string {
  const head = [
    page.head,
    ...assets.css.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    `<script type="module" src="/${assets.script}"></script>`,
    ...assets.preloads.map((file) => `<link rel="modulepreload" href="/${file}" />`),
  ].join('\n    ');
  const html = template
    .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)"[^>]*href="\/assets\/[^"]+"[^>]*>/g, '')
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[^>]*data-fallback[^>]*>/, '')
    .replace('</head>', () => `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`);
  if (!html.includes(page.body) || html.includes('data-fallback') || /src="\/assets\/index-/.test(html)) {
    throw new Error('The app shell (web/index.html) no longer has the shape pre-rendering expects');
  }
  return redirectSignedIn ? html.replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    <script>${SIGNED_IN_REDIRECT_SCRIPT}</script>`) : html;
}

/** Builds the web app when it was never built or its sources changed since. */
export async function ensureWebBuild(root: string, log: (line: string) => void): Promise<void> {
  const built = join(root, 'web/dist', PRERENDERED_PAGES['/']);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((source) => newest(join(root, source))));
  if (builtAt && builtAt >= sourcesAt) return;
  log('Building the web app…');
  await buildWeb(root);
}
