import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { deps } from '../../functions/composition-root.js';
import { provisionAgent } from '../../functions/core/voice-agent/provision.js';
import { closeContexts, newContext, signedInPage } from '../support/browser.js';
import { bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * RELIABILITY 96, as a new user meets it, in Chromium: a caller who holds a two o'clock cut asks to
 * book half two; the receptionist does not book her twice but names the booking she has and offers
 * to move it, and a yes moves it. The same on the local phone (a real call, the caller's own
 * number) and in the owner's typed test call (a test booking, the number typed): both say the same.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

const weekday = (date: string) => DateTime.fromISO(date, { zone: 'Europe/Dublin' }).setLocale('en-GB').toFormat('cccc');

async function twoStylistSalon(owner: TestOwner): Promise<string> {
  const { salonId } = await bookableSalon(owner);
  const services = [{ name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' }];
  const stylists = [
    { key: 'new-0', name: 'Aoife' },
    { key: 'new-1', name: 'Ciara' },
  ];
  const saved = await api('/api/setup/step', {
    method: 'POST',
    token: owner.accessToken,
    body: JSON.stringify({ step: 2, stylists, mappings: { 'new-0': 'aoife@sandbox.calendar', 'new-1': 'ciara@sandbox.calendar' }, services }),
  });
  expect(saved.status).toBe(200);
  const voice = await api('/api/setup/step', {
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
  expect(voice.status).toBe(200);
  return salonId;
}

/** Says a line and answers the receptionist's reply to it. */
async function say(page: Page, field: string, replies: Locator, text: string): Promise<string> {
  const before = await replies.count();
  await page.getByLabel(field).fill(text);
  await page.getByRole('button', { name: 'Say it' }).click();
  await replies.nth(before).waitFor();
  return ((await replies.nth(before).textContent()) ?? '').replace(/^(Receptionist:?)\s*/, '');
}

/** The conversation both calls have; the number step only where the call has no caller id. */
async function converse(talk: (text: string) => Promise<string>, day: string, typedNumber?: string): Promise<string[]> {
  const heard: string[] = [];
  const step = async (text: string) => {
    heard.push(await talk(text));
    return heard.at(-1)!;
  };
  expect(await step(`Could I book a cut and blow-dry on ${weekday(day)} at 2?`)).toMatch(/two o'clock is free/);
  await step('yes');
  expect(await step('Máire Ní Bhriain')).toMatch(typedNumber ? /best number/ : /^So that's a Cut and blow-dry .* for Máire Ní Bhriain/);
  if (typedNumber) await step(typedNumber);
  expect(await step('yes')).toMatch(/^You're booked in for a Cut and blow-dry with (Aoife|Ciara)/);
  expect(await step(`Could I book a cut and blow-dry on ${weekday(day)} at half two?`)).toMatch(/half two is free/);
  await step('yes');
  expect(await step('yes')).toMatch(
    /^You already have a Cut and blow-dry with (Aoife|Ciara) (on .*|tomorrow) at two o'clock\. Shall I move that one to half two instead, or is this one for someone else\?$/,
  );
  expect(await step('yes, move it')).toMatch(/^Done: your Cut and blow-dry is moved to .* half two/);
  return heard;
}

const live = async (salonId: string, day: string) =>
  (await deps().bookings.appointments.list(salonId, new Date(`${day}T00:00:00Z`), new Date(`${day}T23:59:59Z`)))
    .filter((each) => each.status !== 'cancelled')
    .map(
      (each) => `${each.callerName} ${DateTime.fromISO(each.start, { zone: 'Europe/Dublin' }).toFormat('HH:mm')}${each.source === 'test-call' ? ' test' : ''}`,
    );

describe('a caller who already holds a booking at that time', () => {
  it('is offered to move it, on the local phone and in the typed test call alike, and is never booked twice', async () => {
    const owner = await signUpOwner('double-booking');
    const salonId = await twoStylistSalon(owner);
    const day = nextOpenDay();

    // The local phone: a real call from the caller's own number.
    const number = `+3531${String(Date.now()).slice(-7)}`;
    expect(await admin({ action: 'assign-number', salonId, phoneNumber: number })).toMatchObject({ ok: true });
    await provisionAgent(deps(), salonId);
    expect(await deps().salons.markLive(salonId, new Date().toISOString())).toBe(true);
    const phone = await (await newContext()).newPage();
    await phone.goto('/_local/phone');
    await phone.getByLabel('Number to dial').fill(number);
    await phone.getByRole('button', { name: 'Dial' }).click();
    const conversation = phone.getByRole('region', { name: 'Conversation' });
    await conversation.getByText(/^Receptionist: .*AI assistant/).waitFor();
    const onThePhone = await converse((text) => say(phone, 'You say', conversation.locator('li.agent'), text), day);
    await phone.getByRole('button', { name: 'Hang up' }).click();
    expect(await live(salonId, day)).toEqual(['Máire Ní Bhriain 14:30']);

    // The owner's typed test call: the same conversation on the next open day (the stylists' time that day is the phone call's), the number typed.
    const other = nextOpenDay(day);
    const page = await signedInPage(owner, { path: '/test' });
    await page.getByRole('button', { name: 'Call My Agent' }).click();
    await page.getByText('Call in progress', { exact: true }).waitFor();
    const typed = await converse(
      (text) => say(page, 'What you say', page.getByTestId('conversation').locator('.conversation-receptionist'), text),
      other,
      '087 765 4321',
    );
    await page.getByRole('button', { name: 'End Call' }).click();
    expect(await live(salonId, other)).toEqual(['Máire Ní Bhriain 14:30 test']);
    expect(await live(salonId, day)).toEqual(['Máire Ní Bhriain 14:30']);

    // Alike, but for the day ("tomorrow" late in the evening, "on Friday the 4th" otherwise) and the number the read-back says.
    const alike = (lines: string[]) =>
      lines.filter((line) => !/best number|^So that's/.test(line)).map((line) => line.replace(/\b(on )?(\w+day the \d+\w\w( of \w+)?|tomorrow)/g, 'DAY'));
    expect(alike(typed)).toEqual(alike(onThePhone));
  });
});
