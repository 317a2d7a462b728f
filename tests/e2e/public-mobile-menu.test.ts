import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeContexts, newContext } from '../support/browser.js';

afterAll(closeContexts);

async function visitOnPhone(path: string, width = 375): Promise<Page> {
  const context = await newContext({ width, height: 700 });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openMenu(page: Page) {
  await menuButton(page).click();
  await menu(page).waitFor();
}

const scrollLocked = (page: Page) =>
  page.evaluate(() => document.body.classList.contains('scroll-locked') && getComputedStyle(document.body).overflow === 'hidden');

const focusInsideMenu = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

const HEADER_LINKS: Record<string, string[]> = {
  '/': ['Pricing', 'Login', 'How it works', 'Start Free Trial'],
  '/how-it-works': ['Home', 'Pricing', 'Login', 'Start Free Trial'],
  '/pricing': ['Home', 'How it works', 'Login', 'Start Free Trial'],
};

describe('mobile menu (under 640px)', () => {
  for (const [path, links] of Object.entries(HEADER_LINKS)) {
    it(`on ${path} replaces the header links with a menu holding the same links`, async () => {
      const page = await visitOnPhone(path);
      expect(await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
      await openMenu(page);
      expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
      expect(await menu(page).getAttribute('id')).toBe(await menuButton(page).getAttribute('aria-controls'));
      expect(await menu(page).getByRole('link').allTextContents()).toEqual(links);
    });
  }

  it('covers the whole screen and locks page scrolling while open', async () => {
    const page = await visitOnPhone('/');
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 0);
    await page.evaluate(() => window.scrollTo(0, 0));

    await openMenu(page);
    expect(await scrollLocked(page)).toBe(true);
    const box = await menu(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 700 });
    // The listener is in place before the wheel is sent: an evaluate still in flight can lose the
    // race to the input event, and then waits for a wheel that already happened.
    await page.evaluate(() => {
      window.addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => document.body.setAttribute('data-wheel-handled', ''))), {
        once: true,
        capture: true,
      });
    });
    await page.mouse.wheel(0, 600);
    await page.locator('body[data-wheel-handled]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu(page).waitFor({ state: 'hidden' });
    expect(await scrollLocked(page)).toBe(false);
  });

  it('keeps keyboard focus inside, closes on Escape and returns focus to the menu button', async () => {
    const page = await visitOnPhone('/');
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await menu(page).waitFor();
    expect(await focusInsideMenu(page)).toBe(true);

    const focusables = await menu(page).locator('a[href], button').count();
    for (let step = 0; step < focusables * 2; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInsideMenu(page)).toBe(true);
    }
    await page.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start Free Trial');

    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });
    // The browser hides the dialog on Escape at once; the page's 'close' handler, which resets the
    // button and the scroll lock and moves focus, runs as a task after that: wait for it.
    await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await scrollLocked(page)).toBe(false);
    expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('closes when a link is chosen', async () => {
    const page = await visitOnPhone('/');
    await openMenu(page);
    await menu(page).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await page.getByRole('heading', { level: 1, name: 'Simple pricing for every salon' }).waitFor();
    expect(await menu(page).isVisible()).toBe(false);
    expect(await scrollLocked(page)).toBe(false);
  });

  it('closes when the window widens to 640px, not before', async () => {
    const page = await visitOnPhone('/pricing');
    await openMenu(page);
    await page.setViewportSize({ width: 639, height: 700 });
    await page.waitForFunction(() => window.innerWidth === 639);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await menu(page).isVisible()).toBe(true);

    await page.setViewportSize({ width: 640, height: 700 });
    await menu(page).waitFor({ state: 'hidden' });
    expect(await scrollLocked(page)).toBe(false);
    expect(await menuButton(page).isVisible()).toBe(false);
    expect(await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
  });
});
