import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashAgentSecret } from '../../functions/core/agent-secret.js';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { bookableSalon, connectSandboxCalendar } from '../support/bookable-salon.js';
import { api, signIn, signUpOwner, type TestOwner } from '../support/owners.js';
import { speakFullDate } from '../../local/receptionist/days.js';

/** /settings in Chromium: the setup the wizard saved, edited with the wizard's forms, and the Account section. */
afterAll(closeContexts);

async function signedIn(owner: TestOwner, path: string, options?: Parameters<typeof newContext>[0]): Promise<Page> {
  const context = await newContext(options);
  const page = await context.newPage();
  await signInInBrowser(page, owner, path);
  return page;
}

const panelHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });
const save = (page: Page) => page.getByRole('button', { name: 'Save changes' });
const loadSetup = async (owner: TestOwner) => (await api('/api/setup/load', { token: owner.accessToken })).body;

describe('settings: what setup saved', () => {
  let owner: TestOwner;
  let secret: string;

  beforeAll(async () => {
    owner = await signUpOwner('settings');
    await connectSandboxCalendar(owner);
    ({ secret } = await bookableSalon(owner));
    const saved = await loadSetup(owner);
    const stylist = saved.stylists[0];
    // Twenty-five services, so the list pages.
    const services = Array.from({ length: 25 }, (_, index) => ({
      ...(index === 0
        ? saved.services[0]
        : { name: `Treatment ${index + 1}`, duration: 30, price: 20 + index, price_min: null, price_max: null, isRange: false, comment: '' }),
    }));
    const team = {
      step: 2,
      stylists: [{ id: stylist.id, key: stylist.id, name: stylist.name }],
      mappings: { [stylist.id]: 'aoife@sandbox.calendar' },
      services,
      currentStep: 3,
    };
    expect((await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(team) })).status).toBe(200);
  });

  it('opens from the dashboard on Business; Save waits for a change, says when it fails, and the change survives a reload', async () => {
    const page = await signedIn(owner, '/dashboard');
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/settings');
    await panelHeading(page, 'Business').waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Settings sections' });
    expect(await sidebar.getByRole('link').allTextContents()).toEqual(['Business', 'Calendar & Services', 'Voice & Number', 'Billing', 'Account']);
    expect(await sidebar.getByRole('link', { name: 'Business' }).getAttribute('aria-current')).toBe('page');

    const name = page.getByLabel('Business name', { exact: true });
    expect(await name.inputValue()).toBe('Bláth Hair');
    expect(await save(page).isDisabled()).toBe(true);
    await name.fill('Bláth Hair & Beauty');
    expect(await save(page).isEnabled()).toBe(true);
    await name.fill('Bláth Hair');
    expect(await save(page).isDisabled()).toBe(true);

    await name.fill('Bláth Hair & Beauty');
    await page.getByLabel('Saturday closing time').fill('16:00');
    await page.route('**/api/setup/step', (route) => route.fulfill({ status: 500, body: '' }));
    await save(page).click();
    await toast(page, 'Failed to save business details').waitFor();
    expect((await loadSetup(owner)).business.name).toBe('Bláth Hair');
    await page.unroute('**/api/setup/step');

    // A marker on this window: it survives only if nothing below loads the page afresh.
    await page.evaluate(() => Object.assign(window, { beforeSave: true }));
    await save(page).click();
    await toast(page, 'Business details updated.').waitFor();
    await page.locator('form[data-save-status="success"]').waitFor();
    await expect.poll(() => save(page).isDisabled()).toBe(true);
    // Settings saves leave the wizard where it was.
    expect((await loadSetup(owner)).currentStep).toBe(3);
    // The save made the salon's cached read stale: the dashboard, reached in the app, names the salon anew.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.locator('.dashboard-salon-name', { hasText: 'Bláth Hair & Beauty' }).waitFor();
    expect(await page.evaluate(() => 'beforeSave' in window)).toBe(true);
    await page.goBack();

    await page.reload();
    await panelHeading(page, 'Business').waitFor();
    expect(await page.getByLabel('Business name', { exact: true }).inputValue()).toBe('Bláth Hair & Beauty');
    expect(await page.getByLabel('Saturday closing time').inputValue()).toBe('16:00');

    // The contract's checks run before anything is sent.
    await page.getByLabel('Phone number', { exact: true }).fill('');
    await save(page).click();
    await page.getByText('Phone number is required', { exact: true }).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('phone');
  });

  it('shows the loading state, and says so when settings cannot be loaded', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, owner);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/setup/load', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '' });
    });
    await page.goto('/settings');
    await page.getByRole('status').filter({ hasText: 'Loading your settings…' }).waitFor();
    release();
    await page.getByRole('alert').filter({ hasText: 'Unable to load settings' }).waitFor();
    await page.unroute('**/api/setup/load');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Business name', { exact: true }).waitFor();
  });

  it('pages the services ten at a time; a failed check shows the service with the error, even past the first ten, and saves nothing', async () => {
    const page = await signedIn(owner, '/settings?section=calendar');
    await panelHeading(page, 'Calendar & Services').waitFor();
    await page.getByText('Google Calendar connected').waitFor();
    expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('Aoife');
    const rows = page.getByTestId('service-row');
    const showMore = page.getByRole('button', { name: 'Show more' });
    const showLess = page.getByRole('button', { name: 'Show less' });

    await rows.nth(9).waitFor();
    expect(await rows.count()).toBe(10);
    await page.getByText('Showing 10 of 25 services').waitFor();
    expect(await showLess.count()).toBe(0);
    await showMore.click();
    expect(await rows.count()).toBe(20);
    await showMore.click();
    expect(await rows.count()).toBe(25);
    expect(await showMore.count()).toBe(0);
    await showLess.click();
    expect(await rows.count()).toBe(10);
    expect(await save(page).isDisabled()).toBe(true);

    // Clear the 15th service's name, fold it away and page back to ten.
    await showMore.click();
    const fifteenth = rows.nth(14);
    await fifteenth.getByRole('button', { name: /Treatment 15/ }).click();
    await fifteenth.getByLabel('Service name', { exact: true }).fill('');
    await fifteenth.locator('.service-summary').click();
    await showLess.click();
    expect(await rows.count()).toBe(10);

    await save(page).click();
    await page.getByText('Service name is required', { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Please fix the validation errors before continuing' }).waitFor();
    expect(await rows.count()).toBe(11);
    expect(await rows.nth(10).locator('.service-summary').getAttribute('aria-expanded')).toBe('true');
    expect((await loadSetup(owner)).services[14].name).toBe('Treatment 15');

    await rows.nth(10).getByLabel('Service name', { exact: true }).fill('Treatment 15');
    expect(await page.getByText('Service name is required').count()).toBe(0);
    await rows.nth(0).locator('.service-summary').click();
    await rows.nth(0).getByLabel('Price (€)', { exact: true }).fill('50');
    await save(page).click();
    await toast(page, 'Calendar & services updated.').waitFor();

    await page.reload();
    await rows.nth(9).waitFor();
    expect(await rows.count()).toBe(10);
    await rows.nth(0).getByText('45 min · €50').waitFor();
    const saved = await loadSetup(owner);
    expect(saved.services).toHaveLength(25);
    expect(saved.services[0]).toMatchObject({ name: 'Cut and blow-dry', price: 50 });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('saves the voice, and back and forward move between sections', async () => {
    const page = await signedIn(owner, '/settings?section=business');
    await panelHeading(page, 'Business').waitFor();
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Voice & Number' }).click();
    await page.waitForURL('**/settings?section=voice');
    await panelHeading(page, 'Voice & Number').waitFor();
    expect(await page.getByRole('link', { name: 'Voice & Number' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('radio', { name: /Labhaoise/ }).isChecked()).toBe(true);
    expect(await save(page).isDisabled()).toBe(true);

    await page.getByRole('radio', { name: /Juniper/ }).check();
    await page.getByLabel('Language for Juniper', { exact: true }).selectOption('pl');
    await page.getByLabel('Put callers through to', { exact: true }).fill('087 765 4321');
    await save(page).click();
    await toast(page, 'Voice & phone numbers updated.').waitFor();

    await page.reload();
    await panelHeading(page, 'Voice & Number').waitFor();
    await page.getByRole('radio', { name: /Juniper/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Juniper/ }).isChecked()).toBe(true);
    // Stored in E.164, shown back as she wrote it (issue 46, point 5: it came back as '+353877654321').
    expect(await page.getByLabel('Put callers through to', { exact: true }).inputValue()).toBe('087 765 4321');
    expect(await loadSetup(owner)).toMatchObject({ selectedVoice: 'juniper', selectedLanguage: 'pl', escalationPhone: '+353877654321' });

    await page.goBack();
    await page.waitForURL('**/settings?section=business');
    await panelHeading(page, 'Business').waitFor();
    await page.goForward();
    await panelHeading(page, 'Voice & Number').waitFor();
  });

  it('switches sections with the dropdown on a 375px phone, without sideways scrolling', async () => {
    const page = await signedIn(owner, '/settings', { width: 375, height: 740 });
    await panelHeading(page, 'Business').waitFor();
    expect(await page.getByRole('navigation', { name: 'Settings sections' }).count()).toBe(0);
    const picker = page.getByLabel('Settings section', { exact: true });
    expect(await picker.locator('option').allTextContents()).toEqual(['Business', 'Calendar & Services', 'Voice & Number', 'Billing', 'Account']);
    await page.getByLabel('Business name', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await picker.selectOption({ label: 'Account' });
    await page.waitForURL('**/settings?section=account');
    await panelHeading(page, 'Account').waitFor();
    await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await picker.selectOption({ label: 'Billing' });
    await panelHeading(page, 'Billing').waitFor();
    await page.goBack();
    await panelHeading(page, 'Account').waitFor();
    expect(await picker.inputValue()).toBe('account');
  });

  it("downloads the salon's data as JSON, with its name and services and no secret", async () => {
    const page = await signedIn(owner, '/settings?section=account');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^salon-data-\d{4}-\d\d-\d\d\.json$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const data = JSON.parse(text);
    expect(data.salon.name).toBe('Bláth Hair & Beauty');
    expect(data.services.map((service: { name: string }) => service.name)).toContain('Treatment 15');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(hashAgentSecret(secret));
    expect(text).not.toMatch(/secretHash|encryptedRefreshToken/);
  });

  it('downloads the bookings, clients and waiting list as CSV files a spreadsheet opens (issue 46, point 8)', async () => {
    const page = await signedIn(owner, '/settings?section=account');
    for (const [label, table, heading] of [
      ['Bookings (CSV)', 'bookings', 'Date,Start,End,Client,Phone,Email,Service,Price,Stylist,Status,Booked by,Booked at'],
      ['Clients (CSV)', 'clients', 'Name,Phone,Email,Bookings,Last booking,On the waiting list,Messages'],
      ['Waiting list (CSV)', 'waiting-list', 'Day,Client,Phone,Service,Minutes,Added'],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^salon-${table}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('utf8').split('\r\n')[0]).toBe(`\uFEFF${heading}`);
    }
  });
});

describe('settings: connecting the calendar', () => {
  it('comes back to Calendar & Services from the consent page, connected, with the calendars to map', async () => {
    const page = await signedIn(await signUpOwner('settings-calendar'), '/settings?section=calendar');
    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await page.waitForURL('**/api/google/sandbox-consent**');
    await page.getByRole('link', { name: 'Allow', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('section') === 'calendar' && !url.searchParams.has('connected'));
    await panelHeading(page, 'Calendar & Services').waitFor();
    await page.getByText('Google Calendar connected').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('salondesk.googleOAuthInFlight'))).toBeNull();
  });
});

describe('settings: account', () => {
  let owner: TestOwner;

  beforeAll(async () => {
    owner = await signUpOwner('settings-account');
  });

  it('changes the password after checking the rules; the new one signs in and the old one no longer does', async () => {
    const page = await signedIn(owner, '/settings?section=account');
    await panelHeading(page, 'Account').waitFor();
    const change = page.getByRole('button', { name: 'Change password' });
    await page.getByLabel('Current password', { exact: true }).fill(owner.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('different');
    await change.click();
    await page.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password-1');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
    await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-7');
    await change.click();
    await page.getByRole('alert').filter({ hasText: 'Failed to change password' }).waitFor();

    await page.getByLabel('Current password', { exact: true }).fill(owner.password);
    await change.click();
    await page.getByText('Your password has been changed.', { exact: true }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');

    await expect(signIn(owner.email, owner.password)).rejects.toThrow();
    owner = await signIn(owner.email, 'brand-new-pass-7');
    expect(owner.accessToken).toBeTruthy();
  });

  it('shows the delete button on a 375 px phone without scrolling inside the dialog (issue 46, point 7)', async () => {
    const page = await signedIn(owner, '/settings?section=account', { width: 375, height: 667 });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText(/^Removes your salon's setup/).waitFor();
    const button = await dialog.getByRole('button', { name: 'Delete my account' }).boundingBox();
    expect(button).not.toBeNull();
    expect(button!.y).toBeGreaterThanOrEqual(0);
    expect(button!.y + button!.height).toBeLessThanOrEqual(667);
    // Nothing was scrolled to bring it there: the dialog itself does not scroll, only the list of what goes.
    expect(await dialog.evaluate((element) => ({ top: element.scrollTop, scrolls: element.scrollHeight > element.clientHeight }))).toEqual({
      top: 0,
      scrolls: false,
    });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('deletes the account from an accessible dialog: a blank or wrong password is refused there, the right one signs out', async () => {
    const page = await signedIn(owner, '/settings?section=account');
    const open = page.getByRole('button', { name: 'Delete Account' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const password = dialog.getByLabel('Your password', { exact: true });
    expect(await password.evaluate((element) => element === document.activeElement)).toBe(true);
    // Focus stays in the dialog, whichever way the owner tabs.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);

    await open.click();
    const requests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/account/delete') && requests.push(request.url()));
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Please enter your password to delete your account', { exact: true }).waitFor();
    expect(requests).toEqual([]);

    await password.fill('not-my-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to delete account' }).waitFor();
    await dialog.getByText('Incorrect password. Your account has not been deleted.').waitFor();
    await expect(signIn(owner.email, owner.password)).resolves.toMatchObject({ email: owner.email });

    // It names what goes with the account and offers the data first.
    await dialog.getByText(/^Cancels any plan you chose/).waitFor();
    await dialog.getByText(/^Removes your salon's setup, calls and messages/).waitFor();
    await dialog.getByRole('button', { name: 'Download my data' }).waitFor();

    await password.fill(owner.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/account-deleted');
    await page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }).waitFor();
    await expect(signIn(owner.email, owner.password)).rejects.toThrow();
    const confirmation = ((await api('/_local/outbox.json')).body as { to: string; subject?: string }[]).filter(
      (entry) => entry.to === owner.email && entry.subject === 'Your SalonDesk account has been deleted',
    );
    expect(confirmation).toHaveLength(1);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
  });
});

/**
 * Who does what (issue 45, RELIABILITY 157–158), at a phone's width and a desktop's: Settings saves
 * each stylist's days and services, and the test call's receptionist then never offers a service
 * with a stylist who does not do it or is off that day.
 */
describe('settings: who does what', () => {
  const services = [
    { name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
    { name: 'Colour', duration: 90, price: 80, price_min: null, price_max: null, isRange: false, comment: '' },
    { name: "Gents' cut", duration: 30, price: 20, price_min: null, price_max: null, isRange: false, comment: '' },
  ];

  /** The next `weekday` (1 Monday … 7 Sunday) at least two days off, in Dublin, said in full. */
  function next(weekday: number): { date: string; spoken: string } {
    let day = DateTime.now().setZone('Europe/Dublin').startOf('day').plus({ days: 2 });
    while (day.weekday !== weekday) day = day.plus({ days: 1 });
    return { date: day.toISODate()!, spoken: speakFullDate(day.toISODate()!) };
  }

  async function say(page: Page, text: string): Promise<string> {
    const replies = page.getByTestId('conversation').locator('.conversation-receptionist');
    const before = await replies.count();
    await page.getByLabel('What you say').fill(text);
    await page.getByRole('button', { name: 'Say it' }).click();
    await replies.nth(before).waitFor();
    return (await replies.nth(before).textContent()) ?? '';
  }

  async function teamSalon(label: string, team: { stylists: unknown[]; mappings: Record<string, string> }): Promise<TestOwner> {
    const owner = await signUpOwner(label);
    await connectSandboxCalendar(owner);
    await bookableSalon(owner);
    const body = JSON.stringify({ step: 2, ...team, services });
    expect((await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body })).status).toBe(200);
    return owner;
  }

  for (const width of [375, 1280]) {
    it(`at ${width}px: Settings saves the days each stylist works and the services they do`, async () => {
      const owner = await teamSalon(`who-${width}`, {
        stylists: [
          { key: 'new-0', name: 'Aoife' },
          { key: 'new-1', name: 'Ciara' },
        ],
        mappings: { 'new-0': 'aoife@sandbox.calendar' },
      });
      const page = await signedIn(owner, '/settings?section=calendar', { width });
      await panelHeading(page, 'Calendar & Services').waitFor();
      const [aoife, ciara] = [page.getByTestId('stylist-row').nth(0), page.getByTestId('stylist-row').nth(1)];
      await ciara.getByLabel('Ciara works Tuesdays').waitFor();
      // Ciara: the gents' chair, Monday, Wednesday and Friday. Aoife: everything but gents' cuts.
      for (const day of ['Tuesdays', 'Thursdays', 'Saturdays', 'Sundays']) await ciara.getByLabel(`Ciara works ${day}`).uncheck();
      await ciara.getByLabel('Every service').uncheck();
      await ciara.getByLabel('Ciara does Colour').uncheck();
      await ciara.getByLabel('Ciara does Cut and blow-dry').uncheck();
      // The last service ticked stays ticked.
      expect(await ciara.getByLabel("Ciara does Gents' cut").isDisabled()).toBe(true);
      await aoife.getByLabel('Every service').uncheck();
      await aoife.getByLabel("Aoife does Gents' cut").uncheck();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await save(page).click();
      await toast(page, 'Calendar & services updated.').waitFor();

      const saved = (await loadSetup(owner)) as {
        stylists: { name: string; days?: string[]; services?: string[] }[];
        services: { id: string; name: string }[];
      };
      const idOf = (name: string) => saved.services.find((service) => service.name === name)!.id;
      expect(saved.stylists).toEqual([
        expect.objectContaining({ name: 'Aoife', services: [idOf('Cut and blow-dry'), idOf('Colour')] }),
        expect.objectContaining({ name: 'Ciara', days: ['monday', 'wednesday', 'friday'], services: [idOf("Gents' cut")] }),
      ]);
      await page.reload();
      await panelHeading(page, 'Calendar & Services').waitFor();
      expect(await page.getByTestId('stylist-row').nth(1).getByLabel('Ciara works Tuesdays').isChecked()).toBe(false);
      expect(await page.getByTestId('stylist-row').nth(1).getByLabel('Ciara works Mondays').isChecked()).toBe(true);
    });

    it(`at ${width}px: the test call never offers a service with a stylist who does not do it, or on their day off`, async () => {
      const owner = await teamSalon(`who-call-${width}`, {
        stylists: [
          { key: 'new-0', name: 'Aoife', services: ['Cut and blow-dry', 'Colour'] },
          { key: 'new-1', name: 'Ciara', days: ['monday', 'wednesday', 'friday'], services: ["Gents' cut"] },
        ],
        mappings: { 'new-0': 'aoife@sandbox.calendar' },
      });
      const page = await signedIn(owner, '/test', { width });
      await page.getByRole('button', { name: 'Call My Agent' }).click();
      await page.getByText('Call in progress', { exact: true }).waitFor();
      const tuesday = next(2);
      const withAoife = await say(page, `Can I get a gents' cut with Aoife on ${tuesday.spoken}?`);
      expect(withAoife).toContain("Aoife doesn't do Gents' cut, but Ciara can.");
      const offTuesday = await say(page, `Have you anything for a gents' cut on ${tuesday.spoken}, anyone at all?`);
      expect(offTuesday).not.toMatch(/Aoife/);
      expect(offTuesday).not.toMatch(/Tuesday[^.]* is free|at \w+ on Tuesday/);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
