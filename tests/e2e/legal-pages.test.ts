import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TRANSCRIPT_RETENTION_DAYS } from '../../functions/core/calls/record-post-call.js';
import { FREE_TEST_MINUTES, FREE_TRIAL_DAYS } from '../../functions/core/plans.js';
import { axeViolations, closeContexts, newContext } from '../support/browser.js';

/** The terms and the privacy notice are real pages: linked from every public footer and from sign-up, and true to the product. */
afterAll(closeContexts);

async function freshPage(width = 1280, javaScriptEnabled = true): Promise<Page> {
  const context = await newContext({ width, javaScriptEnabled });
  return context.newPage();
}

describe('terms and privacy', () => {
  it('are pre-rendered pages that say what the product does (JavaScript off)', async () => {
    const page = await freshPage(1280, false);
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    const privacy = await page.locator('main').innerText();
    expect(privacy).toContain(`kept for ${TRANSCRIPT_RETENTION_DAYS} days`);
    expect(privacy).toContain('Ireland');
    expect(privacy).toContain('Download my data');
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
    const terms = await page.locator('main').innerText();
    expect(terms).toContain(`Your first ${FREE_TRIAL_DAYS} days are free`);
    expect(terms).toContain(`${FREE_TEST_MINUTES} free test minutes`);
  });

  it('are linked from the footer and from the sign-up checkbox, and pass axe on a phone', async () => {
    const page = await freshPage(375);
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/auth?mode=signup');
    const agreement = page.getByText(/I agree to the/);
    expect(await agreement.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms');
    expect(await agreement.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    // They open beside the form, so what was typed stays.
    expect(await agreement.getByRole('link', { name: 'privacy policy' }).getAttribute('target')).toBe('_blank');
  });
});
