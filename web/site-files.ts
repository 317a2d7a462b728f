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

function hashOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
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
export const SIGNED_IN_REDIRECT_HASH = hashOf(SIGNED_IN_REDIRECT_SCRIPT);

/**
 * The one script a signed-in page's shell runs: the element marked `data-dated` (the diary's day)
 * shows today's salon date as the diary writes it ("Wednesday 2 December", longDay in
 * web/src/features/diary/diary-dates.ts, on the salon's clock: SALON_TIME_ZONE), which the build
 * could not know. Inline, after the drawing, so the date is there on the first paint.
 */
export const SHELL_DATE_SCRIPT =
  `try{var p={};new Intl.DateTimeFormat('en-IE',{timeZone:'Europe/Dublin',weekday:'long',day:'numeric',month:'long'})` +
  `.formatToParts(new Date()).forEach(function(x){p[x.type]=x.value});` +
  `document.querySelector('[data-dated]').textContent=p.weekday+' '+p.day+' '+p.month}catch(e){}`;

/** The content security policy's sources for the site's two inline scripts (`script-src` allows them and nothing else inline). */
export const INLINE_SCRIPT_HASHES = `${hashOf(SIGNED_IN_REDIRECT_SCRIPT)} ${hashOf(SHELL_DATE_SCRIPT)}`;
