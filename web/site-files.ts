import { createHash } from 'node:crypto';
import { SESSION_KEY } from './src/lib/stored-session';

/**
 * Which file answers which path, in AWS (the CloudFront function in infra/web.ts) and locally
 * (local/server/server.ts) alike. The public pages and the signed-in pages' shells are pre-rendered
 * HTML; every other path without a file extension is the app's bare shell; anything with an
 * extension is that file.
 */
export const PRERENDERED_PAGES = {
  '/': 'pages/home.html',
  '/how-it-works': 'pages/how-it-works.html',
  '/pricing': 'pages/pricing.html',
  '/terms': 'pages/terms.html',
  '/privacy': 'pages/privacy.html',
} as const satisfies Record<string, string>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/**
 * The signed-in pages' own shells: the app's HTML with the page's frame and skeletons drawn in it
 * (web/src/app-shell/render-app-shell.tsx), so a phone paints before the app's script has loaded.
 */
export const SIGNED_IN_SHELLS = {
  '/dashboard': 'pages/app/dashboard.html',
  '/diary': 'pages/app/diary.html',
  '/calls': 'pages/app/calls.html',
  '/test': 'pages/app/test.html',
  '/settings': 'pages/app/settings.html',
  '/setup-wizard': 'pages/app/setup-wizard.html',
} as const satisfies Record<string, string>;

export type SignedInShellPath = keyof typeof SIGNED_IN_SHELLS;

/** Every page file beside the bare app shell (a deployment uploads them all). */
export const PAGE_FILES: Record<string, string> = { ...PRERENDERED_PAGES, ...SIGNED_IN_SHELLS };

export const APP_SHELL = 'index.html';

export function isPrerenderedPath(pathname: string): pathname is PrerenderedPath {
  return Object.hasOwn(PRERENDERED_PAGES, pathname);
}

/** The file (relative to the site root) that answers `pathname` with `search` (URL.search: '' or '?…'). */
export function siteFileFor(pathname: string, search = ''): string {
  if (isPrerenderedPath(pathname)) return PRERENDERED_PAGES[pathname];
  // A shell is the page as its bare path opens; with a query (a section, a step, a week) it opens otherwise, so the bare app answers.
  if (Object.hasOwn(SIGNED_IN_SHELLS, pathname) && search === '') return SIGNED_IN_SHELLS[pathname as SignedInShellPath];
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.') ? pathname.replace(/^\/+/, '') : APP_SHELL;
}

/**
 * The one script the pre-rendered home page runs before it paints: a signed-in owner goes
 * straight to the dashboard (the app's own guard does the same for the app's routes). Inline so
 * nothing flashes and no request waits; the content security policy allows exactly this text by
 * its hash (`SIGNED_IN_REDIRECT_HASH`).
 */
export const SIGNED_IN_REDIRECT_SCRIPT =
  `try{for(var i=0;i<localStorage.length;i++){var k=localStorage.key(i);` +
  `if(k&&${String(SESSION_KEY)}.test(k)&&localStorage.getItem(k)){location.replace('/dashboard');break}}}catch(e){}`;

/** The content security policy's source for that script (`script-src` allows it and nothing else inline). */
export const SIGNED_IN_REDIRECT_HASH = `'sha256-${createHash('sha256').update(SIGNED_IN_REDIRECT_SCRIPT).digest('base64')}'`;
