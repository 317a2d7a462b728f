import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, closeContexts, newContext } from '../support/browser.js';

const PUBLIC_PAGES = ['/', '/how-it-works', '/pricing'];

/** Strings only the signed-in app's SDKs contain: auth (Amplify/Cognito), voice (Twilio), payments (Stripe). */
const SIGNED_IN_SDK_MARKERS = ['AWSCognitoIdentityProviderService', 'amplifyconfiguration', 'twilio.com', 'js.stripe.com'];

afterAll(closeContexts);

async function freshPage(width: number, height = 800, javaScriptEnabled = true): Promise<Page> {
  const context = await newContext({ width, height, javaScriptEnabled });
  return context.newPage();
}

async function visit(path: string, width: number): Promise<Page> {
  const page = await freshPage(width);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every script the page downloads, joined, so the test can look for SDK code in it. */
async function loadedScripts(page: Page, path: string): Promise<{ files: string[]; text: string }> {
  const bodies: Promise<string>[] = [];
  const files: string[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    files.push(new URL(response.url()).pathname);
    bodies.push(response.text());
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // A page's heading shows once its code ran (on a protected path, once the session was checked),
  // so a slow machine's late chunks are in by then; networkidle alone can fall between chunks.
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  return { files, text: (await Promise.all(bodies)).join('\n') };
}

describe('public pages quality', () => {
  for (const path of PUBLIC_PAGES) {
    for (const width of [375, 1280]) {
      it(`axe finds no violations on ${path} at ${width}px`, async () => {
        const page = await visit(path, width);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    it(`axe finds no violations on ${path} with the mobile menu open`, async () => {
      const page = await visit(path, 375);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    for (const width of [320, 1920]) {
      it(`${path} has no horizontal overflow at ${width}px`, async () => {
        const page = await visit(path, width);
        expect(await horizontalOverflow(page)).toBe(0);
      });
    }

    it(`${path} is pre-rendered: all of it is there with JavaScript off, and nothing offers to pause what cannot move`, async () => {
      const page = await freshPage(1280, 800, false);
      const answer = await page.goto(path);
      expect(answer?.headers()['content-type']).toContain('text/html');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      expect(await page.getByRole('contentinfo').getByRole('link').count()).toBeGreaterThan(0);
      expect(await page.locator('meta[name="description"]').count()).toBe(1);
      expect(await page.getByRole('button', { name: /steps$/ }).count()).toBe(0);
    });

    it(`${path} runs its small script, not the app`, async () => {
      const { files } = await loadedScripts(await freshPage(1280), path);
      expect(files.some((file) => file.startsWith('/assets/public-page-'))).toBe(true);
      expect(files.filter((file) => /\/assets\/(index|home|pricing|how-it-works)-/.test(file))).toEqual([]);
    });

    it(`${path} loads none of the signed-in app's SDK code`, async () => {
      const { files, text } = await loadedScripts(await freshPage(1280), path);
      expect(files.length).toBeGreaterThan(0);
      expect(SIGNED_IN_SDK_MARKERS.filter((marker) => text.includes(marker))).toEqual([]);
    });
  }

  it('behaves the same when the app shows a public page itself (a link from a signed-out app page)', async () => {
    const page = await visit('/auth', 375);
    await page.getByRole('link', { name: 'How it works' }).click();
    await page.getByRole('heading', { level: 1, name: 'From ringing phone to booked appointment' }).waitFor();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Pause steps' }).isVisible()).toBe(true);
  });

  it('detects the auth SDK where it is loaded (a protected path loads it to check the session)', async () => {
    const { text } = await loadedScripts(await freshPage(1280), '/dashboard');
    expect(text).toContain('AWSCognitoIdentityProviderService');
  });

  it("shows 'Unexpected Application Error!' when a page's code fails to load", async () => {
    const page = await visit('/auth', 1280);
    await page.route('**/assets/pricing-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
