import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, closeContexts, newContext, signUpInBrowser } from '../support/browser.js';

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

/** Answers the browser's own "Leave site?" (beforeunload) with Leave, and counts how often it asked. */
function browserPrompts(page: Page): { asked: () => number } {
  let asked = 0;
  page.on('dialog', (dialog) => {
    if (dialog.type() !== 'beforeunload') return;
    asked += 1;
    void dialog.accept();
  });
  return { asked: () => asked };
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

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
      const prompts = browserPrompts(page);
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
      expect(prompts.asked()).toBe(1);
      await draftNote(page).waitFor();
      expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('Aoife');
      expect(await page.getByLabel('Stylist 2 name', { exact: true }).inputValue()).toBe('Ciarán');
      await page.getByTestId('service-row').filter({ hasText: 'Full head foils' }).waitFor();

      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
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
    browserPrompts(page);
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

  for (const width of [375, 1280]) {
    it(`asks before leaving Settings or the wizard with unsaved changes, never after a save (${width} px, issue 46 point 7)`, async () => {
      const page = await ownerPage(`leave${width}`, width);
      // Whether the page asks the browser to confirm an unload (a reload, a closed tab): the real prompt is answered in the test above.
      const asksOnUnload = () =>
        page.evaluate(() => {
          const event = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        });

      // Nothing typed: leaving asks nothing.
      await page.goto('/settings?section=business');
      await page.getByLabel('Business name', { exact: true }).waitFor();
      expect(await asksOnUnload()).toBe(false);
      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await page.waitForURL('**/dashboard');
      expect(await leaveDialog(page).count()).toBe(0);

      // Typed and not saved: the app's link asks, Stay keeps the page with what was typed.
      await page.goto('/settings?section=business');
      await page.getByLabel('Business name', { exact: true }).fill('Snip & Sip');
      await page.getByLabel('Phone number', { exact: true }).fill('021 555 0199');
      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      const dialog = leaveDialog(page);
      await dialog.getByText('You have changes that are not saved yet.', { exact: false }).waitFor();
      // Stay is the safe default, and has the focus.
      expect(await dialog.getByRole('button', { name: 'Stay' }).evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/settings');
      expect(await page.getByLabel('Business name', { exact: true }).inputValue()).toBe('Snip & Sip');
      // Another section is not leaving: no question (a dropdown on a phone, a sidebar on a desktop).
      if (width < 640) await page.getByLabel('Settings section', { exact: true }).selectOption('voice');
      else await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Voice & Number' }).click();
      await page.getByRole('heading', { level: 2, name: 'Voice & Number' }).waitFor();
      expect(await leaveDialog(page).count()).toBe(0);
      // A reload or a closed tab gets the browser's own question.
      expect(await asksOnUnload()).toBe(true);

      // Saved: leaving asks nothing again.
      if (width < 640) await page.getByLabel('Settings section', { exact: true }).selectOption('business');
      else await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Business' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Business details updated.').waitFor();
      expect(await asksOnUnload()).toBe(false);
      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await page.waitForURL('**/dashboard');

      // The wizard: an unsaved greeting is asked about; Leave goes, and the draft is still there.
      await page.goto('/setup-wizard?step=3');
      await page.getByText('Step 3 of 3', { exact: true }).waitFor();
      await page.getByLabel('First message', { exact: true }).fill('Dia duit, Snip & Sip here.');
      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('/setup-wizard?step=3');
      await draftNote(page).waitFor();
      expect(await page.getByLabel('First message', { exact: true }).inputValue()).toBe('Dia duit, Snip & Sip here.');
    });
  }
});
