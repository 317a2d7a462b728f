import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { axeViolations, newContext } from '../support/browser.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';

/** The signed-in dashboard in Chromium: greeting, setup progress from the saved setup, sample data, links. */
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

async function signedInDashboard(label: string, options?: Parameters<typeof newContext>[0]): Promise<{ page: Page; owner: TestOwner }> {
  const owner = await signUpOwner(label);
  const context = await newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  return { page, owner };
}

const CARDS = ['Business Basics', 'Calendar & Services', 'Voice & Number'] as const;

async function cardStatuses(page: Page): Promise<string[]> {
  await page.locator('.setup-progress[aria-busy="false"]').waitFor();
  return Promise.all([1, 2, 3].map(async (step) => ((await page.getByTestId(`setup-card-${step}`).locator('.setup-card-status').textContent()) ?? '').trim()));
}

async function saveStep(owner: TestOwner, body: unknown) {
  const response = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('dashboard', () => {
  it('greets by the email name, shows the salon, the AI status and the links', async () => {
    const { page, owner } = await signedInDashboard('niamh');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Welcome back, ${owner.email.split('@')[0]}!`);
    await page.getByText(owner.email, { exact: true }).waitFor();
    await page.getByText('Active & Ready', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).getAttribute('href')).toBe('/settings');
    expect(await page.getByRole('link', { name: 'Test Agent', exact: true }).getAttribute('href')).toBe('/test');
    for (const title of CARDS) await page.getByRole('link', { name: new RegExp(title) }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows a skeleton for a second, then sample stats and activity labelled as sample data', async () => {
    const { page } = await signedInDashboard('skeleton');
    await page.getByTestId('stat-skeleton').first().waitFor();
    expect(await page.getByText("Today's calls").count()).toBe(0);
    const seenAt = Date.now();
    await page.getByText("Today's calls", { exact: true }).waitFor();
    expect(Date.now() - seenAt).toBeGreaterThan(100);
    expect(await page.getByTestId('stat-skeleton').count()).toBe(0);
    for (const label of ['Bookings', 'Missed calls', 'Satisfaction']) await page.getByText(label, { exact: true }).waitFor();
    await page.getByTestId('activity').getByRole('listitem').first().waitFor();
    expect(await page.getByText('Sample data', { exact: true }).count()).toBe(2);

    // A fresh reload shows the skeleton again before the figures.
    await page.reload();
    await page.getByTestId('stat-skeleton').first().waitFor();
    await page.getByTestId('activity-skeleton').waitFor();
    await page.getByTestId('activity').waitFor();
  });

  it('tracks setup progress after each saved step', async () => {
    const { page, owner } = await signedInDashboard('progress');
    expect(await cardStatuses(page)).toEqual(['Not started', 'Not started', 'Not started']);
    await page.getByText('0 of 3 steps completed', { exact: true }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('0');

    await saveStep(owner, {
      step: 1,
      business: { name: 'Bláth Hair', phone: '01 234 5678', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' },
      hours: DEFAULT_HOURS,
      currentStep: 2,
    });
    await page.reload();
    expect(await cardStatuses(page)).toEqual(['Completed', 'Not started', 'Not started']);

    await saveStep(owner, {
      step: 2,
      stylists: [{ key: 'new-0', name: 'Aoife' }],
      mappings: { 'new-0': 'aoife@sandbox.calendar' },
      services: [{ name: 'Cut', duration: 30, price: 30, price_min: null, price_max: null, isRange: false, comment: '' }],
      currentStep: 3,
    });
    await page.reload();
    expect(await cardStatuses(page)).toEqual(['Completed', 'Completed', 'Not started']);

    await saveStep(owner, {
      step: 3,
      selectedVoice: 'emily',
      selectedLanguage: 'en',
      firstMessage: 'Hi, thanks for calling Bláth Hair!',
      agentPhone: '',
      escalationPhone: '',
      phoneOption: 'new',
      forwardNumber: '',
      currentStep: 3,
    });
    await page.reload();
    expect(await cardStatuses(page)).toEqual(['Completed', 'Completed', 'Completed']);
    await page.getByText('3 of 3 steps completed', { exact: true }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('3');
  });

  it('opens the wizard from a card and from Continue Setup', async () => {
    const { page } = await signedInDashboard('cards');
    await page.getByRole('link', { name: /Calendar & Services/ }).click();
    await page.waitForURL((url) => url.pathname === '/setup-wizard');
    await page.getByText('Step 2 of 3', { exact: true }).waitFor();
    await page.getByRole('link', { name: /Back to Dashboard/ }).click();
    await page.waitForURL('**/dashboard');
    await page.locator('.setup-progress[aria-busy="false"]').waitFor();
    await page.getByRole('link', { name: 'Continue Setup' }).click();
    await page.waitForURL((url) => url.pathname === '/setup-wizard');
    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
  });

  it("shows 'Failed to load setup data' when the setup cannot be loaded", async () => {
    const owner = await signUpOwner('dashfail');
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.route('**/api/setup/load', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('alert').filter({ hasText: 'Failed to load setup data' }).waitFor();
    await page.unroute('**/api/setup/load');
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await cardStatuses(page)).toEqual(['Not started', 'Not started', 'Not started']);
  });

  it('fits a 320px screen without sideways scrolling and has no axe violations', async () => {
    for (const width of [320, 1280]) {
      const { page } = await signedInDashboard(`narrow${width}`, { width, height: 700 });
      await page.getByText("Today's calls", { exact: true }).waitFor();
      await page.locator('.setup-progress[aria-busy="false"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
