import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeContexts, newContext, signUpInBrowser } from '../support/browser.js';

/**
 * An owner's typed work is never lost: what the wizard and Settings hold unsaved survives a
 * reload, leaving the page and switching sections, is said to be unsaved, and can be dropped.
 */
afterAll(closeContexts);

async function ownerPage(label: string, width = 1280): Promise<Page> {
  const context = await newContext({ width, height: width < 640 ? 740 : 800 });
  const page = await context.newPage();
  await signUpInBrowser(page, { label });
  return page;
}

const draftNote = (page: Page) => page.getByRole('status').filter({ hasText: "We kept the changes you hadn't saved yet" });

async function stepTwoWithCalendar(page: Page) {
  await page.goto('/setup-wizard');
  await page.getByLabel('Business name', { exact: true }).fill('Draíocht Hair');
  await page.getByLabel('Phone number', { exact: true }).fill('01 234 5678');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 3', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await page.getByRole('link', { name: 'Allow', exact: true }).click();
  await page.getByText('Google Calendar connected').waitFor();
}

describe('unsaved work is kept', () => {
  for (const width of [1280, 375]) {
    it(`keeps step 2's stylists and services across a reload and a visit to the dashboard (${width} px)`, async () => {
      const page = await ownerPage(`draft${width}`, width);
      await stepTwoWithCalendar(page);
      await page.getByLabel('Stylist 1 name', { exact: true }).fill('Aoife');
      await page.getByRole('button', { name: 'Add stylist' }).click();
      await page.getByLabel('Stylist 2 name', { exact: true }).fill('Ciarán');
      await page.getByRole('button', { name: 'Add service' }).click();
      await page.getByLabel('Service name', { exact: true }).fill('Full head foils');
      await page.getByLabel('Price (€)', { exact: true }).fill('120');
      expect(await draftNote(page).count()).toBe(0);

      await page.reload();
      await page.getByText('Step 2 of 3', { exact: true }).waitFor();
      await draftNote(page).waitFor();
      expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('Aoife');
      expect(await page.getByLabel('Stylist 2 name', { exact: true }).inputValue()).toBe('Ciarán');
      await page.getByTestId('service-row').filter({ hasText: 'Full head foils' }).waitFor();

      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('/setup-wizard?step=2');
      await draftNote(page).waitFor();
      expect(await page.getByLabel('Stylist 2 name', { exact: true }).inputValue()).toBe('Ciarán');

      await page.getByRole('button', { name: 'Discard changes' }).click();
      expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Stylist 2 name', { exact: true }).count()).toBe(0);
      expect(await draftNote(page).count()).toBe(0);
      await page.reload();
      await page.getByText('Step 2 of 3', { exact: true }).waitFor();
      await page.getByLabel('Stylist 1 name', { exact: true }).waitFor();
      expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('');
      expect(await draftNote(page).count()).toBe(0);
    });
  }

  it('keeps an unsaved Settings edit across sections and a reload, drops it once saved, and forgets it on sign-out', async () => {
    const page = await ownerPage('draftsettings');
    await page.goto('/settings?section=business');
    const name = page.getByLabel('Business name', { exact: true });
    await name.fill('Snip & Sip');
    await page.getByLabel('Phone number', { exact: true }).fill('021 555 0199');

    await page.getByRole('link', { name: 'Voice & Number' }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Voice & Number' }).waitFor();
    // A section's heading and its sub-headings read as two levels: bigger and bolder.
    const look = (level: number) =>
      page
        .getByRole('heading', { level })
        .first()
        .evaluate((heading) => ({ size: parseFloat(getComputedStyle(heading).fontSize), weight: Number(getComputedStyle(heading).fontWeight) }));
    const [section, part] = [await look(2), await look(3)];
    expect(section.size).toBeGreaterThanOrEqual(part.size * 1.2);
    expect(section.weight).toBeGreaterThan(part.weight);
    // Saving this section reads the setup again: that read never reaches the Business edit, which is not saved.
    await page.getByLabel('First message', { exact: true }).fill('Hello, you have reached Snip & Sip.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Voice & phone numbers updated.').waitFor();
    await page.getByRole('link', { name: 'Business' }).first().click();
    expect(await page.getByLabel('Business name', { exact: true }).inputValue()).toBe('Snip & Sip');

    await page.reload();
    await draftNote(page).waitFor();
    expect(await page.getByLabel('Business name', { exact: true }).inputValue()).toBe('Snip & Sip');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Business details updated.').waitFor();
    await draftNote(page).waitFor({ state: 'detached' });
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('salondesk.draft.')));
    expect(await drafts()).toEqual([]);

    await page.getByLabel('Business name', { exact: true }).fill('Snip & Sip Kinsale');
    await expect.poll(drafts).toHaveLength(1);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await drafts()).toEqual([]);
  });
});
