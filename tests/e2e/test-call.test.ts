import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deps } from '../../functions/composition-root.js';
import { READINESS_MESSAGES, pausedLine } from '../../functions/contracts/go-live.js';
import { speakFullDate } from '../../local/receptionist/days.js';
import { axeViolations, closeContexts, signedInPage } from '../support/browser.js';
import { bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * The owner's test call in the sandbox, in Chromium: a typed conversation that asks a price,
 * asks for "Friday the 11th of December at half eleven" (Friday week, said in full) and
 * books it on that day; the booking shows as a test booking and its confirmation goes to the
 * owner; Go Live Now says what is missing, then goes live once support assigns a number.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

const weekday = (date: string) => new Intl.DateTimeFormat('en-IE', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/**
 * The product's clock is the machine's (no clock is injected into the running product), so the day
 * is picked from today: Friday week (the Friday after the next one, in Dublin), where "Friday"
 * alone would mean another day, said in full as "Friday the 11th of December".
 */
function fridayWeek(): string {
  const today = DateTime.now().setZone('Europe/Dublin').startOf('day');
  return today.plus({ days: 9 + ((5 - today.plus({ days: 2 }).weekday + 7) % 7) }).toISODate()!;
}

async function say(page: Page, text: string, expected: RegExp) {
  const replies = page.getByTestId('conversation').locator('.conversation-receptionist');
  const before = await replies.count();
  await page.getByLabel('What you say').fill(text);
  await page.getByRole('button', { name: 'Say it' }).click();
  await replies.nth(before).waitFor();
  expect(await replies.nth(before).textContent()).toMatch(expected);
}

describe('the test page (sandbox)', () => {
  it('books a balayage in a typed call, shows it as a test booking with the owner confirmation, and goes live with the number setup brought', async () => {
    const owner = await signUpOwner('test-call');
    const { salonId } = await bookableSalon(owner);
    await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        step: 3,
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hi, thanks for calling Bláth Hair!',
        agentPhone: '',
        escalationPhone: '',
        phoneOption: 'new',
        forwardNumber: '',
      }),
    });
    // The sample conversation's service: a balayage, about 3 hours, 180 euro.
    const services = [
      { name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
      { name: 'Balayage', duration: 180, price: 180, price_min: null, price_max: null, isRange: false, comment: '' },
    ];
    const saved = await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: { 'new-0': 'aoife@sandbox.calendar' }, services }),
    });
    expect(saved.status).toBe(200);
    const page = await signedInPage(owner);
    // Twilio's voice SDK is its own chunk, fetched only when a real (non-sandbox) call starts.
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    // The dashboard names the test call one way, as the spec's button does: Test Agent.
    await page.getByRole('link', { name: 'Test Agent', exact: true }).click();
    await page.waitForURL('**/test');
    await page.getByRole('heading', { level: 1, name: 'Test Agent' }).waitFor();
    await page.getByText('Ready', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Call My Agent' }).click();
    await page.getByText('Call in progress', { exact: true }).waitFor();
    await page.getByText('Sandbox', { exact: true }).waitFor();
    await page.getByText("Hi, thanks for calling Bláth Hair! Just so you know, I'm the salon's AI assistant.").waitFor();

    await say(page, 'How much is a balayage?', /^Receptionist Balayage is €180 and takes about 3 hours\. Would you like to book it\?$/);
    const friday = fridayWeek();
    const spoken = speakFullDate(friday);
    await say(page, `Have you anything on ${spoken} at half eleven?`, /half eleven is free/);
    await say(page, 'Yes please', /Can I take your name\?/);
    await say(page, 'Niamh Byrne', /best number to reach you/);
    await say(
      page,
      '087 765 4321',
      new RegExp(`So that's a Balayage on ${spoken} at half eleven with Aoife, for Niamh Byrne on 087 765 4321\\. Shall I book it\\?`),
    );
    await say(page, 'Yes', /You're booked in for a Balayage with Aoife/);
    const [booking] = (await deps().bookings.appointments.list(salonId, new Date(`${friday}T00:00:00Z`), new Date(`${friday}T23:59:59Z`))).filter(
      (entry) => entry.callerName === 'Niamh Byrne',
    );
    expect(Date.parse(booking!.start)).toBe(DateTime.fromISO(`${friday}T11:30`, { zone: 'Europe/Dublin' }).toMillis());
    // A second booking in the same call, inside the dashboard's week: the caller's name and number are kept.
    const day = nextOpenDay();
    await say(page, `And a cut and blow-dry on ${weekday(day)} at 10 please`, /ten o'clock is free/);
    await say(page, 'Yes', /So that's a Cut and blow-dry on .* at ten o'clock with Aoife, for Niamh Byrne on 087 765 4321\. Shall I book it\?/);
    await say(page, 'Yes', /You're booked in for a Cut and blow-dry with Aoife/);
    expect(await axeViolations(page)).toEqual([]);
    expect(scripts.filter((file) => /\/assets\/twilio-/.test(file))).toEqual([]);
    const testChunk = scripts.find((file) => /\/assets\/test-[^/]+\.js$/.test(file))!;
    expect(await (await page.request.get(testChunk)).text()).toMatch(/twilio-[\w-]+\.js/);
    await page.getByRole('button', { name: 'End Call' }).click();
    await page.getByText('Call ended', { exact: true }).waitFor();

    // Setup finished with the last step saved, and the receptionist's number came with it: nothing is missing.
    await page.getByRole('heading', { name: 'Ready to go live' }).waitFor();
    expect(await page.getByText(READINESS_MESSAGES.number).count()).toBe(0);

    // The confirmation went to the owner's mobile, never to the number typed in the call.
    const outbox = await eventually(
      async () => (await api(`/_local/outbox.json?salon=${salonId}`)).body as { to: string; body: string; salonId: string }[],
      (entries) => entries.some((entry) => entry.salonId === salonId && entry.to === '+353871112222'),
    );
    // Other tests' salons may text the same number; only this salon's outbox counts.
    expect(outbox.some((entry) => entry.salonId === salonId && entry.to === '+353877654321')).toBe(false);
    expect(outbox.find((entry) => entry.salonId === salonId && entry.to === '+353871112222')!.body).toMatch(/^\[Test booking\]/);

    await page.goto('/dashboard');
    const booked = page.getByTestId('appointment').filter({ hasText: 'Niamh' });
    await booked.getByText('Test', { exact: true }).waitFor();

    await page.goto('/test');
    await page.getByRole('heading', { name: 'Ready to go live' }).waitFor();
    await page.getByRole('button', { name: 'Go Live Now' }).click();
    await page.getByText('Your receptionist is live and answering calls.').waitFor();
    await page.getByRole('heading', { name: 'Your receptionist is live' }).waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('receptionist-state').getByText('Active & Ready', { exact: true }).waitFor();
    expect(await page.getByTestId('receptionist-number').textContent()).toMatch(/^01 9\d\d \d{4}$/);

    // Paused from the dashboard, it takes messages; switched back on, it answers again.
    await page.getByRole('button', { name: 'Pause receptionist' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByTestId('receptionist-state').getByText('Paused', { exact: true }).waitFor();
    await page.getByText(pausedLine(null), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Switch back on' }).click();
    await page.getByTestId('receptionist-state').getByText('Active & Ready', { exact: true }).waitFor();

    // The call log says what the test call did, links its booking inside the dashboard's week, and keeps its transcript.
    await page.goto('/calls');
    const call = page.getByTestId('call').first();
    await call.getByTestId('call-outcome').getByText('Booked', { exact: true }).waitFor();
    await call.getByText('Test', { exact: true }).waitFor();
    await call.getByRole('button', { name: 'Show transcript' }).click();
    await call.locator('.transcript-caller', { hasText: 'Niamh Byrne' }).waitFor();
    await call.getByRole('link', { name: /^Booked: Cut and blow-dry with Aoife/ }).click();
    await page.waitForURL(/\/dashboard#appointment-bk_/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('appointment');

    await page.getByRole('button', { name: 'Clear test bookings' }).click();
    await page.getByText('2 test bookings cleared.').waitFor();
    await page.getByTestId('appointments-empty').waitFor();

    // On a phone: nothing overflows at 320px, and the page stays accessible.
    const narrow = await signedInPage(owner, { width: 320, height: 700 });
    await narrow.goto('/test');
    await narrow.getByText('Ready', { exact: true }).waitFor();
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(narrow)).toEqual([]);

    await page.goto('/calls');
    // Cleared, the bookings are still what the call did, said as cancelled since and no longer linked.
    await page
      .getByTestId('call')
      .first()
      .getByText(/^Booked: Balayage with Aoife, .* \(since cancelled\)$/)
      .waitFor();
    expect(await page.getByTestId('call').first().getByRole('link').count()).toBe(0);
  });
});
