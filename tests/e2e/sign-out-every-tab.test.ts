import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PAGE_OWNER_HEADER } from '../../functions/contracts/page-owner.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';

/**
 * A shared salon computer (RELIABILITY 99): one browser, two tabs, two owners. Signed out in one
 * tab is signed out in every tab; a tab whose owner left writes no draft and saves for no one.
 */
afterAll(closeContexts);

async function ownerWithSalon(label: string, name: string, mobile: string): Promise<TestOwner> {
  const owner = await signUpOwner(label);
  const business = {
    name,
    phone: '01 234 5678',
    address_line: `${name} Street`,
    town_city: 'Cork',
    county: 'Cork',
    eircode: '',
    directions: '',
    owner_mobile: mobile,
  };
  const saved = await api('/api/setup/step', {
    method: 'POST',
    token: owner.accessToken,
    body: JSON.stringify({ step: 1, business, hours: DEFAULT_HOURS, currentStep: 2 }),
  });
  expect(saved.status).toBe(200);
  return owner;
}

const drafts = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('salondesk.draft.')));
const business = async (owner: TestOwner) => (await api('/api/setup/load', { token: owner.accessToken })).body.business;

describe('signed out means signed out in every tab', () => {
  it("a tab whose owner signed out in another tab stops acting for anyone: no draft after, no save into the next owner's salon", async () => {
    const [ownerA, ownerB] = await Promise.all([
      ownerWithSalon('tabsa', 'Salon Aoibheann', '087 111 1111'),
      ownerWithSalon('tabsb', 'Salon Bríd', '087 222 2222'),
    ]);
    const context = await newContext();
    const tab1 = await context.newPage();
    await signInInBrowser(tab1, ownerA, '/settings?section=business');
    const tab2 = await context.newPage();
    await tab2.goto('/settings?section=business');
    const name = tab2.getByLabel('Business name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Salon Aoibheann');
    await name.fill('Salon Aoibheann Typed');
    await expect.poll(() => drafts(tab2)).toHaveLength(1);
    const saves: string[] = [];
    tab2.on('request', (request) => {
      if (request.url().includes('/api/setup/step')) saves.push(request.method());
    });

    await tab1.goto('/dashboard');
    await tab1.getByRole('button', { name: 'Log out' }).click();
    await tab1.waitForURL((url) => url.pathname === '/');

    // The sign-out reached tab 2: it left the form it held for owner A.
    await expect.poll(() => new URL(tab2.url()).pathname, { timeout: 10_000 }).not.toBe('/settings');
    expect(await tab2.getByLabel('Business name', { exact: true }).count()).toBe(0);
    expect(await drafts(tab2)).toEqual([]);

    // Owner B signs in on tab 1; tab 2 still acts for nobody, and B's salon keeps B's details.
    const loadForB = tab1.waitForRequest((request) => request.url().includes('/api/setup/load'));
    await signInInBrowser(tab1, ownerB, '/settings?section=business');
    // Every request names the owner its page was loaded for; the API refuses any other token (tests/api/tokens.test.ts).
    expect((await loadForB).headers()[PAGE_OWNER_HEADER]).toBe(ownerB.userId);
    await expect.poll(() => tab1.getByLabel('Business name', { exact: true }).inputValue()).toBe('Salon Bríd');
    expect(await tab2.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await drafts(tab1)).toEqual([]);
    expect(saves).toEqual([]);
    expect(await business(ownerB)).toMatchObject({ name: 'Salon Bríd', address_line: 'Salon Bríd Street', owner_mobile: '+353872222222' });
    expect((await business(ownerA)).name).toBe('Salon Aoibheann');
  });
});
