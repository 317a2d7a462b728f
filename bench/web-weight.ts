import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium.js';
import { buildWeb } from '../local/server/web-build.js';
import { siteFileFor } from '../web/site-files.js';

/**
 * JavaScript weight of each public page: every script the page really downloads in Chromium,
 * gzip-compressed at level 9 (the level Vite's own size report uses). Loading the page rather than
 * reading the build follows lazy routes and shared chunks exactly as a visitor gets them.
 */
export const PUBLIC_PAGES = ['/', '/how-it-works', '/pricing'] as const;
/** The pre-rendered home page's budget (it was 80 KB while the app rendered it: React and the router). */
export const HOME_JS_BUDGET_KB = 40;

/** Strings only the signed-in app's SDKs contain: auth (Amplify/Cognito), voice (Twilio), payments (Stripe). */
const SIGNED_IN_SDK_MARKERS = ['AWSCognitoIdentityProviderService', 'amplifyconfiguration', 'twilio.com', 'js.stripe.com'];

export interface PageWeight {
  path: string;
  scripts: { file: string; rawBytes: number; gzipBytes: number }[];
  rawKb: number;
  gzipKb: number;
  signedInSdkMarkers: string[];
}

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A fresh production build of the site (the app and the pre-rendered public pages), served the
 * way CloudFront serves it (infra/web.ts): gzip, each path answered by the file web/site-files.ts
 * names, missing files not found. Building here rather than reusing web/dist makes sure the
 * figures are for production code: a build started from a test run (NODE_ENV=test) bundles
 * React's development build.
 */
export async function startBenchSite(): Promise<{ url: string; stop(): Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'salondesk-web-'));
  await buildWeb(repositoryRoot, outDir);
  const root = normalize(outDir + sep);
  const server = createServer((request, response) => {
    void (async () => {
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      const file = normalize(join(outDir, siteFileFor(decodeURIComponent(pathname))));
      const found =
        file.startsWith(root) &&
        (await stat(file).then(
          (info) => info.isFile(),
          () => false,
        ));
      if (!found) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      const body = gzipSync(await readFile(file));
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
        'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      response.end(body);
    })();
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((closed) => server.close(closed));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function measurePageWeights(baseUrl: string): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  try {
    const weights: PageWeight[] = [];
    for (const path of PUBLIC_PAGES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const bodies = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js') && !bodies.has(url.pathname)) bodies.set(url.pathname, response.body());
      });
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
      await page.locator('h1').waitFor();
      const scripts: { file: string; raw: Buffer }[] = [];
      for (const [file, body] of bodies) scripts.push({ file, raw: await body });
      await context.close();
      const sized = scripts.map(({ file, raw }) => ({
        file,
        rawBytes: raw.length,
        gzipBytes: gzipSync(raw, { level: 9 }).length,
      }));
      const text = scripts.map(({ raw }) => raw.toString('utf8')).join('\n');
      weights.push({
        path,
        scripts: sized,
        rawKb: kb(sized.reduce((sum, script) => sum + script.rawBytes, 0)),
        gzipKb: kb(sized.reduce((sum, script) => sum + script.gzipBytes, 0)),
        signedInSdkMarkers: SIGNED_IN_SDK_MARKERS.filter((marker) => text.includes(marker)),
      });
    }
    return weights;
  } finally {
    await browser.close();
  }
}

export function formatPageWeights(weights: PageWeight[]): string {
  const lines = ['JavaScript per public page (gzip -9 of every script the page downloads):'];
  for (const weight of weights) {
    const budget = weight.path === '/' ? `  budget ${HOME_JS_BUDGET_KB} KB: ${weight.gzipKb <= HOME_JS_BUDGET_KB ? 'met' : 'NOT met'}` : '';
    const sdk = weight.signedInSdkMarkers.length ? `  signed-in SDK code: ${weight.signedInSdkMarkers.join(', ')}` : '  no signed-in SDK code';
    lines.push(`  ${weight.path.padEnd(14)} ${String(weight.gzipKb).padStart(6)} KB gzip  (${weight.rawKb} KB raw)${budget}${sdk}`);
    for (const script of weight.scripts) {
      lines.push(`      ${script.file.padEnd(44)} ${String(kb(script.gzipBytes)).padStart(6)} KB gzip`);
    }
  }
  return lines.join('\n');
}

/** Runs against baseUrl when given (e.g. the product already running), otherwise builds and serves the site for the call. */
export async function withSite<T>(baseUrl: string | undefined, use: (url: string) => Promise<T>): Promise<T> {
  if (baseUrl) return use(baseUrl);
  const site = await startBenchSite();
  try {
    return await use(site.url);
  } finally {
    await site.stop();
  }
}

export async function run(options: { baseUrl?: string } = {}): Promise<PageWeight[]> {
  const weights = await withSite(options.baseUrl, measurePageWeights);
  console.log(formatPageWeights(weights));
  return weights;
}

/** `npx tsx bench/web-weight.ts [baseUrl]` */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run({ baseUrl: process.argv[2] });
}
