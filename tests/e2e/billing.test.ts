import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { VAT_NOTE } from '../../functions/core/plans.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { standIns } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

const longDate = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' });

/** Settings → Billing in Chromium, against the payments sandbox: subscribing, and connecting the payment account. */

beforeAll(useProductDeps);
afterAll(closeContexts);

async function billingPage(owner: TestOwner): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await signInInBrowser(page, owner, '/settings?section=billing');
  return page;
}

describe('Settings → Billing', () => {
  it("a plan chosen on day 3 of the trial starts at the trial's end, and nothing is charged before", async () => {
    const owner = await signUpOwner('billing-trial-e2e');
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    // Signed up three days ago: eleven days of the trial are left.
    const signedUp = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await standIns().updateSalon(salonId, { createdAt: signedUp });
    const trialEnds = longDate.format(new Date(Date.parse(signedUp) + 14 * 86_400_000));
    const page = await billingPage(owner);
    await page.getByTestId('free-plan').waitFor();
    await page.getByText(`Nothing is charged until your free trial ends on ${trialEnds}; then monthly.`, { exact: false }).waitFor();
    await page.getByText(VAT_NOTE, { exact: false }).first().waitFor();

    await page.locator('[data-plan="growth"]').getByRole('button', { name: 'Choose plan' }).click();
    await page.waitForURL(/\/api\/stripe\/sandbox\?page=checkout/);
    await page.getByText(`${VAT_NOTE} Nothing is charged until your free trial ends on ${trialEnds}; then monthly.`, { exact: false }).waitFor();
    expect(await page.getByText('Charged today').count()).toBe(0);
    await page.getByRole('button', { name: 'Start plan' }).click();

    await page.waitForURL(/\/settings\?section=billing&checkout=success/);
    await page.getByTestId('current-plan').getByText(`starting on ${trialEnds} when your free trial ends`, { exact: false }).waitFor();
    // Holding Growth, the other plans are an upgrade or a downgrade, through the portal.
    await page.locator('[data-plan="starter"]').getByRole('button', { name: 'Downgrade to Starter' }).waitFor();
    await page.locator('[data-plan="business"]').getByRole('button', { name: 'Upgrade to Business' }).waitFor();
  });

  it('a sandbox checkout started today ends with Current Plan on the chosen card', async () => {
    const owner = await signUpOwner('billing-e2e');
    const page = await billingPage(owner);
    await page.getByTestId('free-plan').waitFor();
    expect(await page.getByText('Sandbox', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByTestId('free-plan').textContent()).toContain('10 free test minutes');
    expect(await page.getByText('Current Plan', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const growth = page.locator('[data-plan="growth"]');
    await page.getByLabel('Start my plan today instead of when the trial ends (charged today)').check();
    await page.getByText('Charged today, then monthly.', { exact: false }).waitFor();
    await growth.getByRole('button', { name: 'Choose plan' }).click();
    await page.waitForURL(/\/api\/stripe\/sandbox\?page=checkout/);
    expect(await page.getByRole('heading', { name: 'Subscribe to SalonDesk Growth' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay €149' }).click();

    await page.waitForURL(/\/settings\?section=billing&checkout=success/);
    await growth.getByText('Current Plan', { exact: true }).waitFor();
    expect(await page.locator('[data-plan="starter"]').getByText('Current Plan', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('current-plan').textContent()).toContain('Growth');
    expect(await growth.getByRole('button', { name: 'Manage subscription' }).isVisible()).toBe(true);
  });

  it('Connect onboarding through the sandbox ends Active', async () => {
    const owner = await signUpOwner('billing-connect-e2e');
    const page = await billingPage(owner);
    const status = page.getByTestId('payment-status');
    await status.waitFor();
    expect(await status.textContent()).toBe('Not connected');
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL(/\/api\/stripe\/sandbox\?page=connect/);
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL(/\/settings\?section=billing&connect=return/);
    await page.getByTestId('payment-status').getByText('Active', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Open Stripe dashboard' }).isVisible()).toBe(true);
  });
});
