import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import axeSource from 'axe-core/axe.min.js?raw';

/**
 * One Chromium for the whole run (launched by the global setup); each test worker connects to it once
 * and each test works in its own browser context, so cookies and storage never leak between tests.
 */
let browser: Browser | undefined;

export async function connectBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(inject('browserWsEndpoint'));
  return browser;
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * Contexts opened outside a test (a file's beforeAll), closed by the file's closeContexts when it
 * ends (a worker runs its files one at a time). One a test opens closes when that test ends: a page
 * left open polls the product (billing rechecks every second, the going-live checklist every three)
 * and keeps its renderer busy for the rest of the file.
 */
const openContexts: BrowserContext[] = [];

function closeWithItsTest(context: BrowserContext): boolean {
  try {
    onTestFinished(() => context.close());
    return true;
  } catch {
    // Outside a test: the file's closeContexts closes it.
    return false;
  }
}

export async function newContext(
  options: { width?: number; height?: number; reducedMotion?: 'reduce' | 'no-preference'; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const connected = await connectBrowser();
  const context = await connected.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (!closeWithItsTest(context)) openContexts.push(context);
  return context;
}

export async function openPage(path: string, options?: Parameters<typeof newContext>[0]): Promise<Page> {
  const context = await newContext(options);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** A page in its own browser context, signed in as the owner through the sign-in page; `path` opened after, when given. */
export async function signedInPage(
  owner: { email: string; password: string },
  options: Parameters<typeof newContext>[0] & { path?: string } = {},
): Promise<Page> {
  const context = await newContext(options);
  const page = await context.newPage();
  await signInInBrowser(page, owner, options.path);
  return page;
}

export async function closeContexts(): Promise<void> {
  await Promise.all(openContexts.splice(0).map((context) => context.close()));
}

/** Runs axe-core in the page and returns its violations (ids with the offending targets). */
export async function axeViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') does not apply. Once a
  // document: its 650 KB crossed the test worker's socket, the browser server's and the protocol,
  // and was compiled again, for every check of the same page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context?: unknown, options?: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.flatMap((node) => node.target),
    }));
  });
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** Signs a new owner up through the auth page, as a person would, and waits for the dashboard. */
export async function signUpInBrowser(page: Page, options: { email?: string; label?: string; password?: string; name?: string } = {}): Promise<string> {
  const email = options.email ?? `${options.label ?? 'owner'}-${randomUUID().slice(0, 8)}@example.ie`;
  const password = options.password ?? 'lovely-hair-1';
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByLabel('Your name', { exact: true }).fill(options.name ?? 'Siobhán Ní Bhriain');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  // The URL can change a moment before the dashboard renders: wait for its greeting.
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, / }).waitFor();
  return email;
}

/**
 * Each owner's session, as the sign-in form left it in the page's storage: the owner's first page
 * signs in through the form, later ones start from that session, as a browser that stayed signed
 * in does (Playwright's reuse of signed-in state). About 0.7 s a page, more under load; the form
 * itself is tested in auth-flow.test.ts. Keyed by password too, so a changed password signs in again.
 */
const sessions = new Map<string, [string, string][]>();
/** Where the auth library keeps its session in the page's storage (forgetSession in the app clears the same keys). */
const SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Signs an owner in (through the sign-in form the first time, as a person would) and opens `path`
 * (through the form, once it has landed on the dashboard).
 */
export async function signInInBrowser(page: Page, owner: { email: string; password: string }, path = '/dashboard'): Promise<void> {
  const key = `${owner.email}\n${owner.password}`;
  const kept = sessions.get(key);
  if (kept) {
    // The app's origin, without loading the app, so the session is there when it first loads.
    await page.goto('/config.json');
    await page.evaluate((entries) => {
      for (const [name, value] of entries) localStorage.setItem(name, value);
    }, kept);
    await page.goto(path);
    return;
  }
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  sessions.set(key, await page.evaluate((prefix) => Object.entries(localStorage).filter(([name]) => name.startsWith(prefix)), SESSION_KEY_PREFIX));
  if (path !== '/dashboard') await page.goto(path);
}
