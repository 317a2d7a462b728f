import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupMessages } from '../../functions/contracts/setup-fields.js';
import { axeViolations, closeContexts, newContext, signedInPage, signUpInBrowser } from '../support/browser.js';
import { connectSandboxCalendar } from '../support/bookable-salon.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { wav } from '../../local/sandboxes/sandbox-voice.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';

/**
 * The setup wizard in Chromium against the running product: the sandbox Google consent page,
 * price-list import, voice previews and every service validation message.
 */
const tempDir = mkdtempSync(join(tmpdir(), 'salondesk-wizard-'));
afterAll(async () => {
  await closeContexts();
  rmSync(tempDir, { recursive: true, force: true });
});

async function freshPage(options?: Parameters<typeof newContext>[0]): Promise<Page> {
  const context = await newContext(options);
  return context.newPage();
}

/**
 * A new owner (signed up through the user pool) signed in on the dashboard: for the tests that are
 * not about signing up (the first test signs up through the form, as a person would).
 */
async function signedUpPage(label: string, options?: Parameters<typeof newContext>[0]): Promise<Page> {
  return signedInPage(await signUpOwner(label), options);
}

async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('CognitoIdentityServiceProvider.') && name.endsWith('.accessToken'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });
}

const stepCount = (page: Page) => page.locator('.wizard-step-count');

async function expectStep(page: Page, step: number, title: string) {
  await page.getByText(`Step ${step} of 3`, { exact: true }).waitFor();
  await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
}

async function openWizard(page: Page, path = '/setup-wizard') {
  await page.goto(path);
  await page.locator('.wizard-form .wizard-step-body').waitFor();
}

async function fillBusiness(page: Page, name = 'Siobhán’s Hair Studio') {
  await page.getByLabel('Business name', { exact: true }).fill(name);
  await page.getByLabel('Phone number', { exact: true }).fill('01 234 5678');
  await page.getByLabel('Address line', { exact: true }).fill('12 Main Street');
  await page.getByLabel('Town or city', { exact: true }).fill('Kilkenny');
  await page.getByLabel('County', { exact: true }).fill('Kilkenny');
  await page.getByLabel('Eircode', { exact: true }).fill('R95 X2Y3');
}

/** Step 1 filled and saved: the wizard moves on to step 2. */
async function completeStepOne(page: Page, name?: string) {
  await fillBusiness(page, name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 2, 'Calendar & Services');
}

/** Through the sandbox Google consent page and back. */
async function connectCalendar(page: Page, choice: 'Allow' | 'Deny' = 'Allow') {
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await page.waitForURL('**/api/google/sandbox-consent**');
  expect(await page.evaluate(() => localStorage.getItem('salondesk.googleOAuthInFlight'))).not.toBeNull();
  await page.getByRole('link', { name: choice, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/setup-wizard' && !url.search.includes('connected'));
  await page.locator('.wizard-form .wizard-step-body').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('salondesk.googleOAuthInFlight'))).toBeNull();
}

/** Step 1 saved through the API, as the wizard's Next saves it (the first test fills it in the browser). */
async function savedStepOne(owner: TestOwner) {
  const business = {
    name: 'Siobhán’s Hair Studio',
    phone: '01 234 5678',
    address_line: '12 Main Street',
    town_city: 'Kilkenny',
    county: 'Kilkenny',
    eircode: 'R95 X2Y3',
    directions: '',
  };
  const saved = await api('/api/setup/step', {
    method: 'POST',
    token: owner.accessToken,
    body: JSON.stringify({ step: 1, business, hours: DEFAULT_HOURS, currentStep: 2 }),
  });
  expect(saved.status, saved.text).toBe(200);
}

/** A wizard on step 2 with the calendar connected (step 1 and the consent done beforehand: the first test goes through both in the browser). */
async function wizardOnConnectedStepTwo(label: string): Promise<Page> {
  const owner = await signUpOwner(label);
  await savedStepOne(owner);
  await connectSandboxCalendar(owner);
  const page = await signedInPage(owner, { path: '/setup-wizard' });
  await expectStep(page, 2, 'Calendar & Services');
  await page.getByText('Google Calendar connected').waitFor();
  return page;
}

describe('setup wizard', () => {
  it('runs from Business Basics through the Google consent page to Complete Setup, and the dashboard shows all three Completed', async () => {
    const page = await freshPage();
    await signUpInBrowser(page, { label: 'fullrun' });
    await openWizard(page);

    await expectStep(page, 1, 'Business Basics');
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: /Back to Dashboard/ }).waitFor();
    // Hours default from the contract: Sunday closed, Saturday 09:00-17:00.
    expect(await page.getByLabel('Sunday closed').isChecked()).toBe(true);
    expect(await page.getByLabel('Saturday closing time').inputValue()).toBe('17:00');
    await page.getByLabel('Sunday closed').uncheck();
    await page.getByLabel('Sunday opening time').fill('11:00');
    await completeStepOne(page, 'Ceol Hair');

    // Stylists and services are there before any calendar (Google is optional: issue 45); a stylist's calendar select comes with the connection.
    await page.getByRole('heading', { name: 'Stylists', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Services', exact: true }).waitFor();
    expect(await page.getByLabel('Calendar for stylist 1', { exact: true }).count()).toBe(0);
    await connectCalendar(page);
    await expectStep(page, 2, 'Calendar & Services');
    expect(new URL(page.url()).search).toBe('');
    await page.getByText('Google Calendar connected').waitFor();
    await page.getByRole('heading', { name: 'Stylists', exact: true }).waitFor();

    // The sandbox calendars fill each stylist's calendar select.
    const calendarSelect = page.getByLabel('Calendar for stylist 1', { exact: true });
    await calendarSelect.locator('option', { hasText: 'Aoife – stylist' }).waitFor({ state: 'attached' });
    await page.getByLabel('Stylist 1 name', { exact: true }).fill('Aoife');
    await calendarSelect.selectOption({ label: 'Aoife – stylist' });

    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByLabel('Service name', { exact: true }).fill('Cut & blow-dry');
    await page.getByLabel('Duration (minutes)', { exact: true }).fill('45');
    await page.getByLabel('Price (€)', { exact: true }).fill('55');
    await page.getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 3, 'Voice & Number');
    // Five voices, the first selected; the greeting defaults to one naming the salon.
    const voices = page.getByRole('radio', { name: /Labhaoise|Niamh|Becky|Emily|Juniper/ });
    expect(await voices.count()).toBe(5);
    expect(await page.getByRole('radio', { name: /Labhaoise/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('First message', { exact: true }).inputValue()).toContain('Ceol Hair');
    // The language select only shows for a voice with more than one language.
    expect(await page.getByLabel(/^Language for/).count()).toBe(0);
    await page.getByRole('radio', { name: /Juniper/ }).check();
    const language = page.getByLabel('Language for Juniper', { exact: true });
    await language.waitFor();
    expect(await language.locator('option').allTextContents()).toEqual(['English', 'Polish']);
    await language.selectOption('pl');
    await page.getByRole('radio', { name: /Niamh/ }).check();
    expect(await page.getByLabel(/^Language for/).count()).toBe(0);
    // No jargon: the receptionist's own number is support's to assign, not a field to fill.
    expect(await page.getByText(/E\.164|Agent phone|pilot/).count()).toBe(0);
    await page.getByRole('radio', { name: /Forward my existing number/ }).check();
    await page.getByLabel('Number to forward', { exact: true }).fill('01 234 5678');
    // Forwarding only the calls nobody answers: the salon's phone already rings first.
    expect(await page.getByRole('radio', { name: /Only the calls nobody answers/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Ring the salon first (seconds)', { exact: true }).isDisabled()).toBe(true);
    await page.getByText(/Your salon phone already rings first/).waitFor();
    // Putting callers through to the line that forwards to the receptionist would loop: refused, and why.
    await page.getByLabel('Put callers through to', { exact: true }).fill('01 234 5678');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByText(setupMessages.putThroughForwards, { exact: true }).waitFor();
    await page.getByLabel('Put callers through to', { exact: true }).fill('087 123 4567');
    await page.getByRole('radio', { name: /Every call/ }).check();
    await page.getByLabel('Ring the salon first (seconds)', { exact: true }).fill('20');
    await page.getByText(/every call rings the number above first/).waitFor();
    const textMissed = page.getByRole('checkbox', { name: 'Text callers we miss' });
    expect(await textMissed.isChecked()).toBe(false);
    await textMissed.check();

    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/dashboard');
    for (const step of [1, 2, 3]) await page.getByTestId(`setup-card-${step}`).getByText('Completed', { exact: true }).waitFor();
    // All three done: nothing is said to be unfinished.
    expect(await page.getByText(/Still to finish/).count()).toBe(0);

    // Everything was saved: the wizard reloads it, with the server's stylist id and mapping.
    const token = await accessTokenOf(page);
    const saved = (await api('/api/setup/load', { token })).body;
    expect(saved.business).toMatchObject({ name: 'Ceol Hair', phone: '+35312345678', town_city: 'Kilkenny' });
    expect(saved.business.hours.sunday).toEqual({ open: '11:00', close: '16:00', closed: false });
    expect(saved.stylists).toHaveLength(1);
    expect(saved.mappings[saved.stylists[0].id]).toBe('aoife@sandbox.calendar');
    expect(saved.services).toMatchObject([{ name: 'Cut & blow-dry', duration: 45, price: 55, isRange: false }]);
    expect(saved).toMatchObject({
      selectedVoice: 'niamh',
      selectedLanguage: 'en',
      phoneOption: 'forward',
      forwardNumber: '+35312345678',
      forwardWhen: 'all',
      ringSalonFirstSeconds: 20,
      textMissedCallers: true,
      currentStep: 3,
    });

    await page.getByTestId('setup-card-2').click();
    await page.waitForURL((url) => url.pathname === '/setup-wizard');
    await expectStep(page, 2, 'Calendar & Services');
    expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('Aoife');
    expect(await page.getByLabel('Calendar for stylist 1', { exact: true }).inputValue()).toBe('aoife@sandbox.calendar');
  });

  it('shows each service validation message, clears it on edit, auto-expands the service, and stops progress', async () => {
    const page = await wizardOnConnectedStepTwo('validation');
    await page.getByLabel('Stylist 1 name', { exact: true }).fill('Ciara');

    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const alert = page.getByRole('alert').filter({ hasText: setupMessages.fixErrors });
    await alert.waitFor();
    await page.getByText('Service name is required', { exact: true }).waitFor();
    await page.getByText('Duration must be greater than 0', { exact: true }).waitFor();
    await page.getByText('Price must be greater than €0', { exact: true }).waitFor();
    await expectStep(page, 2, 'Calendar & Services');

    // Each error clears as its field is edited.
    await page.getByLabel('Service name', { exact: true }).fill('Balayage');
    expect(await page.getByText('Service name is required').count()).toBe(0);
    await page.getByLabel('Duration (minutes)', { exact: true }).fill('0');
    expect(await page.getByText('Duration must be greater than 0').count()).toBe(0);
    await page.getByLabel('Price (€)', { exact: true }).fill('0');
    expect(await page.getByText('Price must be greater than €0').count()).toBe(0);

    // Whole numbers only.
    await page.getByLabel('Duration (minutes)', { exact: true }).fill('90.5');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(setupMessages.wholeNumber, { exact: true }).waitFor();
    await page.getByLabel('Duration (minutes)', { exact: true }).fill('180');
    expect(await page.getByText(setupMessages.wholeNumber).count()).toBe(0);

    // A range needs at least one price above €0, and min not above max.
    await page.getByRole('radio', { name: 'Price range' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('At least min or max price must be greater than €0', { exact: true }).waitFor();
    await page.getByLabel('Min price (€)', { exact: true }).fill('200');
    expect(await page.getByText('At least min or max price must be greater than €0').count()).toBe(0);
    await page.getByLabel('Max price (€)', { exact: true }).fill('150');

    // A collapsed service with an error opens again by itself.
    const summary = page.locator('.service-summary', { hasText: 'Balayage' });
    await summary.click();
    expect(await summary.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Min price cannot be greater than max price', { exact: true }).waitFor();
    expect(await summary.getAttribute('aria-expanded')).toBe('true');
    await alert.waitFor();
    await page.getByLabel('Max price (€)', { exact: true }).fill('250');
    expect(await page.getByText('Min price cannot be greater than max price').count()).toBe(0);
    // With every error gone the alert goes too, and Next now saves.
    expect(await alert.count()).toBe(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 3, 'Voice & Number');
  });

  it('keeps the last stylist row: its remove button is disabled', async () => {
    const page = await wizardOnConnectedStepTwo('stylists');
    const rows = page.getByTestId('stylist-row');
    expect(await rows.count()).toBe(1);
    await page.getByLabel('Stylist 1 name', { exact: true }).fill('Aoife');
    expect(await page.getByRole('button', { name: 'Remove Aoife' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Add stylist' }).click();
    expect(await rows.count()).toBe(2);
    await page.getByLabel('Stylist 2 name', { exact: true }).fill('Ciara');
    expect(await page.getByRole('button', { name: 'Remove Aoife' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Remove Aoife' }).click();
    expect(await rows.count()).toBe(1);
    expect(await page.getByLabel('Stylist 1 name', { exact: true }).inputValue()).toBe('Ciara');
    expect(await page.getByRole('button', { name: 'Remove Ciara' }).isDisabled()).toBe(true);

    // Two stylists saved; the server's ids are adopted (and mappings follow them).
    await page.getByRole('button', { name: 'Add stylist' }).click();
    await page.getByLabel('Stylist 2 name', { exact: true }).fill('Orla');
    await page.getByLabel('Calendar for stylist 2', { exact: true }).selectOption({ label: 'Ciara – stylist' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 3, 'Voice & Number');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 2, 'Calendar & Services');
    expect(await page.getByLabel('Calendar for stylist 2', { exact: true }).inputValue()).toBe('ciara@sandbox.calendar');
    const saved = (await api('/api/setup/load', { token: await accessTokenOf(page) })).body;
    expect(saved.stylists.map((stylist: { name: string }) => stylist.name)).toEqual(['Ciara', 'Orla']);
    expect(Object.values(saved.mappings)).toEqual(['ciara@sandbox.calendar']);
  });

  it('counts directions characters live and stops at 600', async () => {
    const page = await signedUpPage('directions', { width: 360, height: 740 });
    await openWizard(page);
    const directions = page.getByLabel('Directions for callers', { exact: true });
    await page.getByText('0/600', { exact: true }).waitFor();
    await directions.fill('Beside the pharmacy on High Street.');
    await page.getByText('35/600', { exact: true }).waitFor();
    await directions.fill('x'.repeat(700));
    expect((await directions.inputValue()).length).toBe(600);
    await page.getByText('600/600', { exact: true }).waitFor();
    // At 360px wide nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('imports services from a txt price list with upload progress and the review message', async () => {
    const page = await wizardOnConnectedStepTwo('import');
    const file = join(tempDir, 'price-list.txt');
    writeFileSync(
      file,
      ['Ceol Hair price list', 'Ladies cut and blow-dry - €55 - 45 min', 'Gents cut - €25 - 30 min', 'Full head colour - €90-€130', ''].join('\n'),
    );
    const upload = page.getByLabel('Upload price list');
    expect(await upload.getAttribute('accept')).toBe('.png,.jpg,.jpeg,.webp,.pdf,.doc,.docx,.txt');
    expect(await upload.getAttribute('multiple')).not.toBeNull();
    await upload.setInputFiles(file);
    const imported = page.getByText(/^Imported (\d+) service\(s\)\. Please review them, including durations and prices\.$/);
    await imported.waitFor({ timeout: 30_000 });
    const count = Number(/Imported (\d+)/.exec((await imported.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(await page.getByTestId('service-row').count()).toBe(count);
    // Complete services stay collapsed; one with no duration opens with its error showing.
    expect(count).toBe(3);
    expect(await page.locator('.service-summary', { hasText: 'Gents cut' }).getAttribute('aria-expanded')).toBe('false');
    const colour = page.locator('.service-summary', { hasText: 'Full head colour' });
    expect(await colour.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Duration must be greater than 0', { exact: true }).waitFor();
    expect(await page.getByLabel('Min price (€)', { exact: true }).inputValue()).toBe('90');
    expect(await page.getByLabel('Max price (€)', { exact: true }).inputValue()).toBe('130');

    // Auto-fill gives it a typical duration, and the error goes.
    await page.getByRole('button', { name: 'Auto-fill durations' }).click();
    await page.locator('.toast').filter({ hasText: 'AI updated 1 service duration(s).' }).waitFor();
    expect(Number(await page.getByLabel('Duration (minutes)', { exact: true }).inputValue())).toBeGreaterThan(0);
    expect(await page.getByText('Duration must be greater than 0').count()).toBe(0);
    await page.getByLabel('Stylist 1 name', { exact: true }).fill('Aoife');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 3, 'Voice & Number');
    const saved = (await api('/api/setup/load', { token: await accessTokenOf(page) })).body;
    expect(saved.services.map((service: { name: string }) => service.name)).toEqual(['Ladies cut and blow-dry', 'Gents cut', 'Full head colour']);
    expect(saved.services.every((service: { id: string }) => !service.id.startsWith('ext_'))).toBe(true);
  });

  it("shows upload progress, then the server's extraction error or 'Failed to extract.'", async () => {
    const page = await wizardOnConnectedStepTwo('importfail');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/services/extract', async (route) => {
      await held;
      await route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'We could not read any services in that file.' }) });
    });
    const file = join(tempDir, 'empty.txt');
    writeFileSync(file, 'nothing useful here\n'.repeat(2000));
    await page.getByLabel('Upload price list').setInputFiles(file);
    // Held by the route: the request is on its way (an intercepted upload reports no byte progress).
    await page
      .getByRole('status')
      .filter({ hasText: /^(Uploading… \d+%|Extracting services…)$/ })
      .waitFor();
    expect(await page.locator('progress.upload-progress').count()).toBe(1);
    release();
    await page.getByRole('alert').filter({ hasText: 'We could not read any services in that file.' }).waitFor();

    await page.unroute('**/api/services/extract');
    await page.route('**/api/services/extract', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByLabel('Upload price list').setInputFiles(file);
    await page.getByRole('alert').filter({ hasText: 'Failed to extract.' }).waitFor();
  });

  it('auto-fills durations and reports how many changed', async () => {
    const page = await wizardOnConnectedStepTwo('autofill');
    expect(await page.getByRole('button', { name: 'Auto-fill durations' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByLabel('Service name', { exact: true }).fill('Ladies cut and blow-dry');
    await page.getByLabel('Price (€)', { exact: true }).fill('55');
    await page.getByRole('button', { name: 'Auto-fill durations' }).click();
    const toast = page.locator('.toast').filter({ hasText: 'AI updated 1 service duration(s).' });
    await toast.waitFor({ timeout: 30_000 });
    expect(Number(await page.getByLabel('Duration (minutes)', { exact: true }).inputValue())).toBeGreaterThan(0);

    await page.route(
      (url) => url.pathname === '/api/services/extract' && url.searchParams.get('route') === 'auto-fill-durations',
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    await page.getByRole('button', { name: 'Auto-fill durations' }).click();
    await page.locator('.toast').filter({ hasText: 'Failed to auto-fill durations' }).waitFor();
  });

  it('plays and stops voice previews', async () => {
    const page = await signedUpPage('voices');
    await openWizard(page, '/setup-wizard?step=3');
    await expectStep(page, 3, 'Voice & Number');

    // The real sandbox preview (a short chime as a data URL) plays and the toggle returns by itself.
    const labhaoise = page.getByTestId('voice-labhaoise').locator('.voice-preview');
    await labhaoise.click();
    await page.waitForFunction(
      () => {
        const button = document.querySelector('[data-testid="voice-labhaoise"] .voice-preview');
        return button?.getAttribute('aria-pressed') === 'true';
      },
      undefined,
      { polling: 10 },
    );
    await page.getByRole('button', { name: 'Play preview of Labhaoise' }).waitFor({ timeout: 10_000 });

    // A longer sample: Stop stops it, and playing another voice stops the first.
    const longSample = `data:audio/wav;base64,${wav(new Float32Array(8000 * 20)).toString('base64')}`;
    let answer: { status: number; body: unknown } = { status: 200, body: { previewUrl: longSample } };
    await page.route(
      (url) => url.pathname === '/api/elevenlabs',
      (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) }),
    );
    await page.getByRole('button', { name: 'Play preview of Becky' }).click();
    const stopBecky = page.getByRole('button', { name: 'Stop preview of Becky' });
    await stopBecky.waitFor();
    expect(await stopBecky.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Play preview of Emily' }).click();
    await page.getByRole('button', { name: 'Stop preview of Emily' }).waitFor();
    expect(await page.getByRole('button', { name: 'Play preview of Becky' }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Stop preview of Emily' }).click();
    expect(await page.getByRole('button', { name: 'Play preview of Emily' }).getAttribute('aria-pressed')).toBe('false');

    // Failures clear the playing state and say why.
    answer = { status: 502, body: { error: 'Failed to generate preview' } };
    await page.getByRole('button', { name: 'Play preview of Niamh' }).click();
    await page.locator('.toast').filter({ hasText: 'Failed to generate preview' }).waitFor();
    await page.getByRole('button', { name: 'Play preview of Niamh' }).waitFor();
    answer = { status: 200, body: {} };
    await page.getByRole('button', { name: 'Play preview of Juniper' }).click();
    await page.locator('.toast').filter({ hasText: 'No preview URL received' }).waitFor();
    expect(await page.getByRole('button', { name: 'Play preview of Juniper' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('restores the saved step after a reload, and the dashboard cards open the wizard at their step', async () => {
    const page = await signedUpPage('reload');
    await openWizard(page);
    await completeStepOne(page);
    await page.reload();
    await page.locator('.wizard-form .wizard-step-body').waitFor();
    await expectStep(page, 2, 'Calendar & Services');
    expect(await page.getByLabel('Business name').count()).toBe(0);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 1, 'Business Basics');
    expect(await page.getByLabel('Business name', { exact: true }).inputValue()).toBe('Siobhán’s Hair Studio');
    expect(await page.getByLabel('Phone number', { exact: true }).inputValue()).toBe('01 234 5678');

    await page.getByRole('link', { name: /Back to Dashboard/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('setup-card-3').click();
    await page.waitForURL((url) => url.pathname === '/setup-wizard');
    await expectStep(page, 3, 'Voice & Number');
    // The step parameter is used once; a reload goes back to the saved step.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await page.locator('.wizard-form .wizard-step-body').waitFor();
    await expectStep(page, 2, 'Calendar & Services');
  });

  it('shows the calendar failure when consent is denied or the return says connected=fail', async () => {
    const owner = await signUpOwner('deny');
    await savedStepOne(owner);
    const page = await signedInPage(owner, { path: '/setup-wizard' });
    await expectStep(page, 2, 'Calendar & Services');
    await connectCalendar(page, 'Deny');
    await page.getByRole('alert').filter({ hasText: 'Calendar connection failed. Please try again.' }).waitFor();
    await expectStep(page, 2, 'Calendar & Services');
    // Not connected, the owner carries on by hand: stylists without a calendar to choose.
    await page.getByRole('heading', { name: 'Stylists', exact: true }).waitFor();
    expect(await page.getByLabel('Calendar for stylist 1', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Connect Google Calendar' }).waitFor();

    await page.goto('/setup-wizard?connected=fail');
    await page.getByRole('alert').filter({ hasText: 'Calendar connection failed. Please try again.' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it("says 'Failed to start Google OAuth' when the start fails, and 'Please sign in first.' on 401", async () => {
    const page = await signedUpPage('oauthstart');
    await openWizard(page, '/setup-wizard?step=2');
    await page.route('**/api/google/oauth/start', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to start Google OAuth' }).waitFor();
    await page.unroute('**/api/google/oauth/start');
    await page.route('**/api/google/oauth/start', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"Unauthorized"}' }));
    await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please sign in first.' }).waitFor();
    expect(page.url()).toMatch(/\/setup-wizard$/);
  });

  it("overlays 'Loading your salon setup…' and 'Saving your changes…' without losing focus, and shows the server's save error", async () => {
    const page = await signedUpPage('overlay');

    let releaseLoad: () => void = () => {};
    const loadHeld = new Promise<void>((resolve) => (releaseLoad = resolve));
    await page.route('**/api/setup/load', async (route) => {
      await loadHeld;
      await route.continue();
    });
    await page.goto('/setup-wizard');
    const loading = page.getByRole('status').filter({ hasText: 'Loading your salon setup…' });
    await loading.waitFor();
    expect(await page.locator('.wizard-card').getAttribute('aria-busy')).toBe('true');
    releaseLoad();
    await loading.waitFor({ state: 'detached' });
    await page.unroute('**/api/setup/load');

    await fillBusiness(page);
    let releaseSave: () => void = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route('**/api/setup/step', async (route) => {
      await saveHeld;
      await route.fulfill({ status: 400, contentType: 'text/plain', body: 'Opening hours look wrong for Monday' });
    });
    const next = page.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    const saving = page.getByRole('status').filter({ hasText: 'Saving your changes…' });
    await saving.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
    // A second press while saving does nothing.
    await page.keyboard.press('Enter');
    releaseSave();
    await page.getByRole('alert').filter({ hasText: 'Opening hours look wrong for Monday' }).waitFor();
    await expectStep(page, 1, 'Business Basics');

    await page.unroute('**/api/setup/step');
    await page.route('**/api/setup/step', (route) => route.fulfill({ status: 500, body: '' }));
    await next.click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Save failed$/ })
      .waitFor();
  });

  it("puts the server's refusal of a field beside that field, and typing in it clears it", async () => {
    const page = await signedUpPage('server-field');
    await openWizard(page);
    await fillBusiness(page);
    // A 400 as the API sends it (functions/core/errors.ts, describeIssues): the first message, and one per field path of the request.
    await page.route('**/api/setup/step', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Please enter a valid phone number',
          code: 'invalid',
          details: { 'business.phone': 'Please enter a valid phone number', currentStep: 'Too big' },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid phone number' }).waitFor();
    const phone = page.getByLabel('Phone number', { exact: true });
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe('Please enter a valid phone number');
    // The path outside the form's fields shows nowhere but in the page's alert.
    expect(await page.locator('.field-error').count()).toBe(1);
    await expectStep(page, 1, 'Business Basics');

    await phone.fill('01 234 5679');
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('.field-error').count()).toBe(0);
  });

  it("shows 'Failed to load setup data' when loading fails, with a retry", async () => {
    const page = await signedUpPage('loadfail');
    await page.route('**/api/setup/load', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/setup-wizard');
    await page.getByRole('alert').filter({ hasText: 'Failed to load setup data' }).waitFor();
    await page.unroute('**/api/setup/load');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectStep(page, 1, 'Business Basics');
  });

  it('has no axe violations on any step, with errors showing, at 320px and on a desktop', async () => {
    // The two widths are two owners in two browser contexts: they run side by side.
    await Promise.all(
      [320, 1280].map(async (width) => {
        const page = await signedUpPage(`axe${width}`, { width, height: 800 });
        const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
        await openWizard(page);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(setupMessages.businessNameRequired).waitFor();
        expect(await axeViolations(page), `step 1 at ${width}px`).toEqual([]);
        expect(await fits(), `step 1 at ${width}px`).toBe(true);
        await completeStepOne(page);
        await connectCalendar(page);
        await page.getByRole('button', { name: 'Add service' }).click();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(setupMessages.fixErrors).waitFor();
        expect(await axeViolations(page), `step 2 at ${width}px`).toEqual([]);
        expect(await fits(), `step 2 at ${width}px`).toBe(true);
        await page.goto('/setup-wizard?step=3');
        await expectStep(page, 3, 'Voice & Number');
        await page.getByRole('radio', { name: /Juniper/ }).check();
        await page.getByRole('radio', { name: /Forward my existing number/ }).check();
        expect(await axeViolations(page), `step 3 at ${width}px`).toEqual([]);
        expect(await fits(), `step 3 at ${width}px`).toBe(true);
      }),
    );
  });

  it('says which step is unfinished when Complete Setup is pressed with one open, then goes to the dashboard as the spec says (issue 46, point 7)', async () => {
    const page = await signedUpPage('unfinished');
    await openWizard(page);
    await completeStepOne(page);
    // Step 2 left untouched: no stylist or service yet, so Next would refuse it; the owner opens step 3 instead.
    await expectStep(page, 2, 'Calendar & Services');
    await page.goto('/setup-wizard?step=3');
    await expectStep(page, 3, 'Voice & Number');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/dashboard');
    await page.locator('.toast').filter({ hasText: 'Setup saved. Still to finish: Calendar & Services.' }).waitFor();
    await page.getByTestId('setup-card-2').getByText('Not started', { exact: true }).waitFor();
  });

  it('checks step 1 with the contract before saving', async () => {
    const page = await signedUpPage('stepone');
    await openWizard(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(setupMessages.businessNameRequired, { exact: true }).waitFor();
    await page.getByText(setupMessages.businessPhoneRequired, { exact: true }).waitFor();
    // Focus goes to the first invalid field.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    await page.getByLabel('Monday closing time').fill('08:00');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(setupMessages.hoursOrder, { exact: true }).waitFor();
    expect(await stepCount(page).textContent()).toBe('Step 1 of 3');
  });
});
