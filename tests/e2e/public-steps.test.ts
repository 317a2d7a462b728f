import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeContexts, newContext } from '../support/browser.js';

const STEP_INTERVAL_MS = 3000;
const STEPS = ['Customer calls', 'AI answers instantly', 'Understands their needs', 'Books the appointment', 'Takes a deposit', 'Sends confirmations'];

afterAll(closeContexts);

/**
 * The page runs on Playwright's fake clock, paused before the page loads: timers fire only when
 * the test moves time on, so nothing advances while the test itself is busy.
 */
async function visitWithFakeClock(reducedMotion: 'reduce' | 'no-preference'): Promise<Page> {
  const context = await newContext({ reducedMotion });
  const page = await context.newPage();
  const start = Date.parse('2026-03-02T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  await page.goto('/how-it-works');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const steps = (page: Page) => page.getByRole('region', { name: 'Six steps, every call' }).getByRole('listitem');

async function expectHighlighted(page: Page, index: number) {
  await steps(page).nth(index).and(page.locator('[aria-current="step"]')).waitFor();
  const highlighted = await steps(page).evaluateAll((items) => items.filter((item) => item.getAttribute('aria-current') === 'step').length);
  expect(highlighted).toBe(1);
  expect(await steps(page).nth(index).getByRole('heading').textContent()).toBe(STEPS[index]);
}

describe('how-it-works step highlight', () => {
  it('advances every 3000 ms and wraps from the sixth step to the first', async () => {
    const page = await visitWithFakeClock('no-preference');
    await expectHighlighted(page, 0);
    await page.clock.runFor(STEP_INTERVAL_MS - 1);
    await expectHighlighted(page, 0);
    await page.clock.runFor(1);
    await expectHighlighted(page, 1);
    for (let index = 2; index < STEPS.length; index += 1) {
      await page.clock.runFor(STEP_INTERVAL_MS);
      await expectHighlighted(page, index);
    }
    await page.clock.runFor(STEP_INTERVAL_MS);
    await expectHighlighted(page, 0);
  });

  it('can be paused and played again', async () => {
    const page = await visitWithFakeClock('no-preference');
    await page.getByRole('button', { name: 'Pause steps' }).click();
    await page.clock.runFor(STEP_INTERVAL_MS * 3);
    await expectHighlighted(page, 0);
    await page.getByRole('button', { name: 'Play steps' }).click();
    await page.clock.runFor(STEP_INTERVAL_MS);
    await expectHighlighted(page, 1);
  });

  it('stays still for visitors who prefer reduced motion', async () => {
    const page = await visitWithFakeClock('reduce');
    await page.clock.runFor(STEP_INTERVAL_MS * 4);
    await expectHighlighted(page, 0);
    expect(await page.getByRole('button', { name: /steps$/ }).count()).toBe(0);
  });
});
