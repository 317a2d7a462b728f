import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { bookableSalon, connectSandboxCalendar } from '../support/bookable-salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';

/**
 * Prices keep their cents where the owner types them (issue 45): €7.50 typed for one service and
 * "Price on consultation" chosen for another, in the services editor of setup's step 2 and of
 * Settings, are saved, shown back after a reload as "€7.50" (never "€7.5" or "€8") and "Price on
 * consultation", and the test call's receptionist quotes them so.
 */
afterAll(closeContexts);

async function ownerWithSalon(label: string): Promise<TestOwner> {
  const owner = await signUpOwner(label);
  await connectSandboxCalendar(owner);
  await bookableSalon(owner);
  return owner;
}

async function signedIn(owner: TestOwner, path: string, width: number): Promise<Page> {
  const context = await newContext({ width, height: width < 640 ? 740 : 800 });
  const page = await context.newPage();
  await signInInBrowser(page, owner, path);
  return page;
}

const row = (page: Page, name: string) =>
  page.getByTestId('service-row').filter({ has: page.locator('.service-summary-name', { hasText: new RegExp(`^${name}$`) }) });
const meta = (page: Page, name: string) => row(page, name).locator('.service-summary-meta');

/** Adds "Fringe trim" at €7.50 (typed as people write it) and makes the cut and blow-dry "Price on consultation". */
async function typePrices(page: Page) {
  await page.getByRole('button', { name: 'Add service' }).click();
  const added = page.getByTestId('service-row').last();
  await added.getByLabel('Service name', { exact: true }).fill('Fringe trim');
  await added.getByLabel('Duration (minutes)', { exact: true }).fill('15');
  await added.getByLabel('Price (€)', { exact: true }).fill('7.50');
  const cut = row(page, 'Cut and blow-dry');
  if ((await cut.locator('.service-summary').getAttribute('aria-expanded')) !== 'true') await cut.locator('.service-summary').click();
  await cut.getByRole('radio', { name: 'Price on consultation' }).check();
}

/** What a reload shows: the summaries, the open editor's price field, and the saved setup. */
async function expectShownBack(page: Page, owner: TestOwner) {
  await row(page, 'Fringe trim').waitFor();
  expect(await meta(page, 'Fringe trim').textContent()).toBe('15 min · €7.50');
  expect(await meta(page, 'Cut and blow-dry').textContent()).toBe('45 min · Price on consultation');
  await row(page, 'Cut and blow-dry').locator('.service-summary').click();
  expect(await row(page, 'Cut and blow-dry').getByRole('radio', { name: 'Price on consultation' }).isChecked()).toBe(true);
  const saved = (await api('/api/setup/load', { token: owner.accessToken })).body.services as { name: string; price: number | null; consultation?: boolean }[];
  expect(saved.find((service) => service.name === 'Fringe trim')).toMatchObject({ price: 7.5 });
  expect(saved.find((service) => service.name === 'Cut and blow-dry')).toMatchObject({ price: null, consultation: true });
}

async function say(page: Page, text: string): Promise<string> {
  const replies = page.getByTestId('conversation').locator('.conversation-receptionist');
  const before = await replies.count();
  await page.getByLabel('What you say').fill(text);
  await page.getByRole('button', { name: 'Say it' }).click();
  await replies.nth(before).waitFor();
  return (await replies.nth(before).textContent()) ?? '';
}

describe('service prices in euro and cent, and on consultation', () => {
  for (const width of [375, 1280]) {
    it(`at ${width}px: setup's step 2 saves €7.50 and "Price on consultation", and shows both back after a reload`, async () => {
      const owner = await ownerWithSalon(`cents-setup-${width}`);
      const page = await signedIn(owner, '/setup-wizard?step=2', width);
      await page.getByText('Step 2 of 3', { exact: true }).waitFor();
      await typePrices(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Step 3 of 3', { exact: true }).waitFor();
      await page.goto('/setup-wizard?step=2');
      await page.getByText('Step 2 of 3', { exact: true }).waitFor();
      await expectShownBack(page, owner);
      expect(await axeViolations(page)).toEqual([]);
    });

    it(`at ${width}px: Settings saves €7.50 and "Price on consultation", shows both back, and the test call quotes them`, async () => {
      const owner = await ownerWithSalon(`cents-settings-${width}`);
      const page = await signedIn(owner, '/settings?section=calendar', width);
      await page.getByRole('heading', { level: 2, name: 'Calendar & Services', exact: true }).waitFor();
      await row(page, 'Cut and blow-dry').waitFor();
      await typePrices(page);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('.toast').filter({ hasText: 'Calendar & services updated.' }).waitFor();
      await page.reload();
      await expectShownBack(page, owner);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto('/test');
      await page.getByRole('button', { name: 'Call My Agent' }).click();
      await page.getByText('Call in progress', { exact: true }).waitFor();
      expect(await say(page, 'How much is a fringe trim?')).toMatch(/Fringe trim is €7\.50 and takes about 15 minutes\./);
      const cut = await say(page, 'How much is a cut and blow-dry?');
      expect(cut).toMatch(/Cut and blow-dry is priced on consultation: your stylist will tell you the price when they see your hair\./);
      expect(cut).not.toMatch(/€/);
    });
  }
});
