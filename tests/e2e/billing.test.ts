import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { MINUTES_RULE, VAT_NOTE } from '../../functions/core/plans.js';
import { finishedCall } from '../support/calls.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually, standIns } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

const longDate = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' });
const dayMonth = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long' });

/** Settings → Billing in Chromium, against the payments sandbox: subscribing, and connecting the payment account. */

beforeAll(useProductDeps);
afterAll(closeContexts);

async function billingPage(owner: TestOwner, width = 1280): Promise<Page> {
  const context = await newContext({ width });
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
    await page
      .getByTestId('current-plan')
      .getByText(`Free trial until ${dayMonth.format(new Date(Date.parse(signedUp) + 14 * 86_400_000))}:`, { exact: false })
      .waitFor();
    // Holding Growth, the other plans are an upgrade or a downgrade, through the portal.
    await page.locator('[data-plan="starter"]').getByRole('button', { name: 'Downgrade to Starter' }).waitFor();
    await page.locator('[data-plan="business"]').getByRole('button', { name: 'Upgrade to Business' }).waitFor();
  });

  // Issue 46 #1-3, at a phone's width and a desktop's: after Growth is chosen in the trial, Billing,
  // the dashboard's meter and the usage email say one thing, the trial's; nothing speaks of a
  // payment, of extra minutes or of proration; minutes are said how they count; the VAT number
  // and the invoices are in Billing.
  it.each([375, 1280])('at %i px, after a plan is chosen in the trial every screen and the email say the same', async (width) => {
    const owner = await signUpOwner(`billing-truth-${width}`);
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    const signedUp = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await standIns().updateSalon(salonId, { createdAt: signedUp });
    const headline = (used: number) =>
      `Free trial until ${dayMonth.format(new Date(Date.parse(signedUp) + 14 * 86_400_000))}: ${used} of 100 minutes used; then Growth, €149 a month incl. VAT.`;
    // A 61-second test call before the plan is chosen: its 2 test minutes stay counted after.
    await finishedCall(salonId, { minutesAgo: 5, seconds: 61, test: true });
    await eventually(
      async () => (await api('/api/dashboard', { token: owner.accessToken })).body.usage.testMinutesUsed as number,
      (used) => used === 2,
    );

    const page = await billingPage(owner, width);
    await page.getByText('No invoices yet: you have not been charged anything.', { exact: true }).waitFor();
    await page.locator('[data-plan="growth"]').getByRole('button', { name: 'Choose plan' }).click();
    await page.waitForURL(/\/api\/stripe\/sandbox\?page=checkout/);
    await page.getByRole('button', { name: 'Start plan' }).click();
    await page.waitForURL(/\/settings\?section=billing&checkout=success/);

    await page.getByRole('status').getByText('Thank you: your plan is chosen. Nothing is charged during your free trial.', { exact: true }).waitFor();
    expect(await page.getByText('your payment went through', { exact: false }).count()).toBe(0);
    await page.getByTestId('billing-headline').getByText(headline(0), { exact: true }).waitFor();
    const meter = page.getByTestId('usage');
    expect(await meter.textContent()).toContain('Test calls: 2 of 10 free test minutes.');
    expect(await meter.getByTestId('minutes-rule').textContent()).toBe(MINUTES_RULE);
    expect(await page.getByTestId('plans-note').textContent()).not.toContain('rest of the month');
    expect(await page.getByTestId('plans-note').textContent()).toContain('nothing is charged until your free trial ends');
    await page.getByLabel('VAT number (optional)').waitFor();
    await page.getByRole('button', { name: 'View invoices' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // 80 of the trial's 100 minutes: the warning email says what the screens say.
    for (let n = 0; n < 4; n += 1) await finishedCall(salonId, { minutesAgo: 10 - n, seconds: 20 * 60 });
    const email = await eventually(
      async () =>
        ((await api('/_local/outbox.json')).body as { to: string; body: string }[]).find((item) => item.to === owner.email && item.body.includes('80%')),
      (found) => found !== undefined,
      20_000,
    );
    expect(email!.body).toContain(headline(80));
    expect(email!.body).not.toMatch(/€0\.15|choose a plan/);

    await page.goto('/dashboard');
    await page.getByTestId('billing-headline').getByText(headline(80), { exact: true }).waitFor();
    expect(await page.getByTestId('usage').textContent()).toContain('Test calls: 2 of 10 free test minutes.');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/settings?section=billing');
    await page.getByTestId('billing-headline').getByText(headline(80), { exact: true }).waitFor();
    expect(await page.getByText('extra minute', { exact: false }).count()).toBe(0);
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
