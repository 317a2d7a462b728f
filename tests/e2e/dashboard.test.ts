import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import type { Appointment, AppointmentsAnswer } from '../../functions/contracts/appointments.js';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';

/** The signed-in dashboard in Chromium: greeting, setup progress from the saved setup, sample data, links. */
afterAll(closeContexts);

async function signedInDashboard(label: string, options?: Parameters<typeof newContext>[0]): Promise<{ page: Page; owner: TestOwner }> {
  const owner = await signUpOwner(label);
  const context = await newContext(options);
  const page = await context.newPage();
  await signInInBrowser(page, owner);
  await page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, / }).waitFor();
  return { page, owner };
}

const CARDS = ['Business Basics', 'Calendar & Services', 'Voice & Number'] as const;

async function cardStatuses(page: Page): Promise<string[]> {
  await page.locator('.setup-progress[aria-busy="false"]').waitFor();
  return Promise.all([1, 2, 3].map(async (step) => ((await page.getByTestId(`setup-card-${step}`).locator('.setup-card-status').textContent()) ?? '').trim()));
}

/** The salon's calendar day `offset` days from today (Europe/Dublin), as YYYY-MM-DD. */
function salonDay(offset: number): string {
  return DateTime.now().setZone('Europe/Dublin').plus({ days: offset }).toISODate()!;
}

const SERVICE: Appointment['service'] = {
  id: 'svc_cut',
  name: 'Cut and blow-dry',
  durationMinutes: 45,
  priceCents: 4500,
  priceMinCents: null,
  priceMaxCents: null,
};

/** An appointment at a local time on the salon's day `offset` from today, as the API answers it. */
function appointmentAt(offset: number, time: string, overrides: Partial<Appointment> = {}): Appointment {
  const service = overrides.service ?? SERVICE;
  const start = DateTime.fromISO(`${salonDay(offset)}T${time}`, { zone: 'Europe/Dublin' });
  return {
    id: 'bk',
    salonId: 'sal',
    stylistId: 'sty',
    stylistName: 'Aoife',
    service,
    start: start.toISO({ suppressMilliseconds: true })!,
    end: start.plus({ minutes: service.durationMinutes }).toISO({ suppressMilliseconds: true })!,
    callerName: 'Caller',
    callerPhone: '+353870000000',
    callerEmail: null,
    status: 'confirmed',
    source: 'phone-agent',
    createdAt: new Date().toISOString(),
    calendarEventId: null,
    ...overrides,
  };
}

/** Sets the salon up and books as the voice agent does: POST /api/agent/tools?tool=book. */
async function bookThroughTools(owner: TestOwner, bookings: { start: string; callerName: string; callerPhone: string }[]) {
  const { secret } = await bookableSalon(owner);
  for (const booking of bookings) {
    const key = `dash-${booking.callerPhone.replace(/\D/g, '')}-${booking.start}`;
    const answer = await agentTool(secret, 'book', { service: 'Cut and blow-dry', stylist: 'Aoife', ...booking }, key);
    expect(answer.status, answer.text).toBe(200);
  }
}

const VOICE_STEP = {
  step: 3,
  selectedVoice: 'emily',
  selectedLanguage: 'en',
  firstMessage: 'Hi, thanks for calling Bláth Hair!',
  agentPhone: '',
  escalationPhone: '',
  phoneOption: 'new',
  forwardNumber: '',
  forwardWhen: 'unanswered',
} as const;

async function saveStep(owner: TestOwner, body: unknown) {
  const response = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('dashboard', () => {
  it('greets by the email name, shows the salon, the AI status and the links', async () => {
    const { page, owner } = await signedInDashboard('niamh');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${owner.email.split('@')[0]}!`, exact: true }).waitFor();
    await page.getByText(owner.email, { exact: true }).waitFor();
    // A new salon is not live: the AI status says so, and what is missing.
    await page.getByText('Not answering calls yet', { exact: true }).waitFor();
    // One colour per state: not answering is grey, never the green of Active & Ready.
    expect(await page.getByTestId('receptionist-state').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(75, 85, 99)');
    await page.getByText('Your receptionist gets its own number the moment setup is finished.', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Settings', exact: true }).getAttribute('href')).toBe('/settings');
    expect(await page.getByRole('link', { name: 'Test Agent', exact: true }).getAttribute('href')).toBe('/test');
    for (const title of CARDS) await page.getByRole('link', { name: new RegExp(title) }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows a skeleton for a second, then an honest empty state: what will appear and the first step, no invented figures', async () => {
    const { page, owner } = await signedInDashboard('skeleton');
    await page.getByTestId('stat-skeleton').first().waitFor();
    expect(await page.getByText("Today's calls").count()).toBe(0);
    await page.getByText("Today's calls", { exact: true }).waitFor();
    await page.getByTestId('stat-bookings').waitFor();
    expect(await page.getByTestId('stat-skeleton').count()).toBe(0);
    for (const label of ['Bookings this month', 'Missed calls', 'Satisfaction']) await page.getByText(label, { exact: true }).waitFor();
    // Issue 46, point 4: a new salon saw "18, +4 on yesterday" and "4.8/5 from 32 caller ratings".
    // Before its first call no card holds a figure that is not the salon's own: each says what it will count.
    await page.getByTestId('stats-empty').waitFor();
    for (const id of ['calls', 'missed', 'satisfaction']) {
      const card = page.getByTestId(`stat-${id}`);
      expect(await card.locator('.stat-value').textContent(), id).toMatch(/^(No calls yet|Not rated yet)$/);
      expect(await card.textContent(), id).not.toMatch(/\d/);
    }
    expect(await page.getByText('Sample data', { exact: true }).count()).toBe(0);
    for (const invented of ['18', '4.8/5', '+4 on yesterday', 'Aoife Byrne']) expect(await page.getByText(invented).count(), invented).toBe(0);
    // What will appear, and the first step: setup while it is unfinished.
    const activity = page.getByTestId('activity-empty');
    await activity.getByText(/will be listed here/).waitFor();
    for (const empty of [activity, page.getByTestId('stats-empty')])
      expect(await empty.getByTestId('first-step').textContent()).toBe('First step: finish setup with Continue Setup.');
    // Once setup is finished the first step is a test call, under the one name the dashboard gives it.
    await bookableSalon(owner);
    await saveStep(owner, { ...VOICE_STEP, currentStep: 3 });
    await page.reload();
    await page.getByText('Setup complete', { exact: true }).waitFor();
    expect(await page.getByTestId('activity-empty').getByTestId('first-step').textContent()).toBe(
      'First step: press Test Agent and make a test call; it will show here.',
    );

    // A fresh reload shows the skeleton again for one second by the page's own clock (Playwright's
    // fake timers, paused and moved by hand, so a loaded machine cannot stretch or shrink it), then the figures.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    // The bookings figure is held back until the second is over, as a loaded machine may.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/appointments?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('stat-skeleton').first().waitFor();
    await page.getByTestId('activity-skeleton').waitFor();
    await page.clock.runFor(990);
    expect(await page.getByTestId('stat-skeleton').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('activity-skeleton').count()).toBe(1);
    await page.clock.runFor(20);
    // The second is over; time runs again, so figures that arrive later (a loaded machine) are still
    // shown: the app's data layer hands results over on a timer, which a paused clock never fires.
    await page.clock.resume();
    answer();
    await page.getByTestId('stat-bookings').waitFor();
    await page.getByTestId('activity-empty').waitFor();
    expect(await page.getByTestId('stat-skeleton').count()).toBe(0);
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
      forwardWhen: 'unanswered',
      currentStep: 3,
    });
    await page.reload();
    expect(await cardStatuses(page)).toEqual(['Completed', 'Completed', 'Completed']);
    await page.getByText('3 of 3 steps completed', { exact: true }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow')).toBe('3');
    // Done, and said so beside the Continue Setup button, which stays; before that, not said at all.
    await page.getByText('Setup complete', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Continue Setup' }).waitFor();
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
    const page = await context.newPage();
    await page.route('**/api/setup/load', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('alert').filter({ hasText: 'Failed to load setup data' }).waitFor();
    await page.unroute('**/api/setup/load');
    await page.locator('.setup-progress').getByRole('button', { name: 'Try again' }).click();
    expect(await cardStatuses(page)).toEqual(['Not started', 'Not started', 'Not started']);
  });

  it("shows a new salon's empty upcoming appointments and 0 bookings this month", async () => {
    const { page } = await signedInDashboard('noappts');
    await page.getByText('No upcoming appointments yet. Bookings your receptionist makes appear here.', { exact: true }).waitFor();
    await page.getByTestId('stat-bookings').waitFor();
    expect(await page.getByTestId('stat-bookings').locator('.stat-value').textContent()).toBe('0');
  });

  it('lists bookings the receptionist made through the agent tools, and counts them this month', async () => {
    const { page, owner } = await signedInDashboard('booked');
    const day = nextOpenDay();
    await bookThroughTools(owner, [
      { start: `${day}T14:00`, callerName: 'Siobhán Kelly', callerPhone: '087 765 4321' },
      { start: `${day}T10:30`, callerName: 'Niamh Byrne', callerPhone: '087 123 4567' },
    ]);
    await page.reload();
    await page.getByTestId('appointments').waitFor();
    const heading = page.getByTestId('appointments').locator('.upcoming-day h3');
    expect(await heading.allTextContents()).toEqual([day === salonDay(1) ? 'Tomorrow' : DateTime.fromISO(day).setLocale('en-IE').toFormat('cccc d LLLL')]);
    const rows = await page
      .getByTestId('appointment')
      .evaluateAll((items) => items.map((item) => [...item.children].map((cell) => (cell.textContent ?? '').trim()).join(' | ')));
    expect(rows).toEqual(['10:30–11:15 | Cut and blow-dry with Aoife | Niamh', '14:00–14:45 | Cut and blow-dry with Aoife | Siobhán']);
    await page.getByTestId('stat-bookings').waitFor();
    expect(await page.getByTestId('stat-bookings').locator('.stat-value').textContent()).toBe('2');
  });

  it('groups upcoming appointments by day on the salon clock, with stylist, service and first name only', async () => {
    const { page } = await signedInDashboard('appts');
    const answer: AppointmentsAnswer = {
      bookingsThisMonth: 12,
      noShowsThisMonth: 0,
      noShowIds: [],
      appointments: [
        appointmentAt(0, '16:00', {
          id: 'bk_3',
          callerName: 'Siobhán Kelly',
          stylistName: 'Ciara',
          service: { ...SERVICE, name: 'Full head colour', durationMinutes: 120 },
        }),
        appointmentAt(0, '09:15', { id: 'bk_1', callerName: 'Niamh Byrne' }),
        appointmentAt(0, '11:00', { id: 'bk_2', callerName: 'Cancelled Person', status: 'cancelled' }),
        appointmentAt(1, '10:30', { id: 'bk_4', callerName: 'Orla' }),
        appointmentAt(3, '14:30', { id: 'bk_5', callerName: '  Aisling   Walsh ' }),
      ],
    };
    let asked: URL | undefined;
    await page.route('**/api/appointments?*', (route) => {
      asked = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
    });
    await page.reload();
    await page.getByTestId('appointments').waitFor();
    expect(asked?.searchParams.get('from')).toBe(salonDay(0));
    expect(asked?.searchParams.get('days')).toBe('7');

    const days = page.getByTestId('appointments').locator('.upcoming-day');
    expect(await days.locator('h3').allTextContents()).toEqual(['Today', 'Tomorrow', DateTime.fromISO(salonDay(3)).setLocale('en-IE').toFormat('cccc d LLLL')]);
    // Each row: time, what and with whom, who.
    const rows = (day: number) =>
      days
        .nth(day)
        .getByTestId('appointment')
        // The No-show button (on an appointment that has started, by the wall clock) is left out.
        .evaluateAll((items) =>
          items.map((item) =>
            [...item.children]
              .map((cell) =>
                [...cell.childNodes]
                  .filter((node) => node.nodeName !== 'BUTTON')
                  .map((node) => node.textContent ?? '')
                  .join('')
                  .trim(),
              )
              .join(' | '),
          ),
        );
    expect(await rows(0)).toEqual(['09:15–10:00 | Cut and blow-dry with Aoife | Niamh', '16:00–18:00 | Full head colour with Ciara | Siobhán']);
    expect(await rows(1)).toEqual(['10:30–11:15 | Cut and blow-dry with Aoife | Orla']);
    expect(await rows(2)).toEqual(['14:30–15:15 | Cut and blow-dry with Aoife | Aisling']);
    // Within the appointments: the sample activity beside them names its own made-up callers.
    expect(await page.getByTestId('appointments').getByText('Cancelled Person').count()).toBe(0);
    expect(await page.getByTestId('appointments').getByText('Byrne').count()).toBe(0);
    await page.getByTestId('stat-bookings').waitFor();
    expect(await page.getByTestId('stat-bookings').locator('.stat-value').textContent()).toBe('12');
  });

  it('shows a skeleton while appointments load, and an error with Try again when they cannot', async () => {
    const { page } = await signedInDashboard('apptfail');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/appointments?*', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '' });
    });
    await page.reload();
    await page.getByTestId('appointments-skeleton').waitFor();
    release();
    await page.getByRole('alert').filter({ hasText: 'Failed to load appointments' }).waitFor();
    await page.getByTestId('stat-bookings').getByText('Could not load this figure', { exact: true }).waitFor();
    await page.unroute('**/api/appointments?*');
    await page.route('**/api/appointments?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ appointments: [], bookingsThisMonth: 3, noShowsThisMonth: 0, noShowIds: [] } satisfies AppointmentsAnswer),
      }),
    );
    await page.locator('.upcoming').getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No upcoming appointments yet. Bookings your receptionist makes appear here.', { exact: true }).waitFor();
    expect(await page.getByTestId('stat-bookings').locator('.stat-value').textContent()).toBe('3');
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
