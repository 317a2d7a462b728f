import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { axeViolations, closeContexts, newContext, signedInPage } from '../support/browser.js';
import { agentTool, ALL_DAY_HOURS, bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventsIdle } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';
import { SANDBOX_SMS_NUMBER } from '../../local/sandboxes/sandbox-sms.js';

/**
 * A freed time offered on, in Chromium (docs/reminders.md): two callers wait for tomorrow (the
 * join-waitlist tool, as the receptionist calls it), a booking tomorrow is cancelled, both are
 * texted the time, and from the local phone the first YES books it while the second hears it is gone.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

describe('the waiting list', () => {
  it("a booking cancelled within 48 hours is texted to the day's waiting list; the first YES books it, the next hears it is gone", async () => {
    const owner = await signUpOwner('waitlist');
    // Tomorrow the salon opens for one cut only, so the booking below fills the day: the waiting list is for a full day.
    const tomorrowIs = DateTime.now().setZone('Europe/Dublin').plus({ days: 1 });
    const weekday = tomorrowIs.setLocale('en-GB').toFormat('cccc').toLowerCase();
    const { salonId, secret } = await bookableSalon(owner, { hours: { ...ALL_DAY_HOURS, [weekday]: { open: '12:00', close: '12:45', closed: false } } });
    const number = `+3531${String(Date.now() + 1).slice(-7)}`;
    expect(await admin({ action: 'assign-number', salonId, phoneNumber: number })).toMatchObject({ ok: true });
    const tomorrow = tomorrowIs.toISODate()!;
    const start = `${tomorrow}T12:00`;
    const booked = await agentTool(secret, 'book', {
      service: 'Cut and blow-dry',
      start,
      callerName: 'Áine Byrne',
      callerPhone: '+353851239580',
      stylist: 'Aoife',
    });
    expect(booked.status).toBe(200);
    const [first, second] = ['+353851239581', '+353851239582'];
    for (const [callerName, callerPhone] of [
      ['Nóra Daly', first],
      ['Ciarán Moore', second],
    ] as const) {
      const joined = await agentTool(secret, 'join-waitlist', { service: 'Cut and blow-dry', date: tomorrow, callerName, callerPhone });
      expect(joined.status).toBe(200);
      expect(joined.body.say).toMatch(/^You're on the waiting list for tomorrow\. If a time comes free we'll text you, and the first to reply gets it\.$/);
    }

    expect((await agentTool(secret, 'cancel', { callerPhone: '+353851239580' })).status).toBe(200);
    await eventsIdle();
    const outbox = (await api(`/_local/outbox.json?salon=${salonId}`)).body as { to: string; body: string; salonId: string }[];
    const offers = outbox.filter((entry) => entry.salonId === salonId && /a time has come free/.test(entry.body));
    expect(offers.map((entry) => entry.to).sort()).toEqual([first, second]);
    expect(offers[0]!.body).toMatch(
      /^Bláth Hair: a time has come free for your Cut and blow-dry with Aoife on .+ at 12:00\. Reply YES to take it: the first to reply gets it\.$/,
    );

    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/_local/phone');
    const texts = page.locator('#texts li');
    const send = async (from: string, body: string) => {
      const before = await texts.count();
      // The offer came from the platform's number: the YES goes back to it, and on to this salon.
      await page.getByLabel('Number texted').fill(SANDBOX_SMS_NUMBER);
      await page.getByLabel('Texting from').fill(from);
      await page.getByLabel('Message').fill(body);
      await page.getByRole('button', { name: 'Send text' }).click();
      await texts.nth(before + 1).waitFor();
      return (await texts.allTextContents()).slice(before + 1);
    };
    const [taken] = await send(first, 'Yes please');
    expect(taken).toMatch(/^Salon: You're booked at Bláth Hair for Cut and blow-dry on .+ at 12:00 with Aoife\./);
    expect(await send(second, 'YES')).toEqual(["Salon: Bláth Hair: sorry, that time has just been taken. You're still on the waiting list for that day."]);

    const appointments = (await api(`/api/appointments?from=${tomorrow}&days=1`, { token: owner.accessToken })).body.appointments as {
      callerName: string;
      status: string;
      start: string;
    }[];
    expect(appointments.filter((appointment) => appointment.status === 'confirmed').map((appointment) => appointment.callerName)).toEqual(['Nóra Daly']);
  });
});

/**
 * The waiting list on the dashboard (issue 45 point 4, RELIABILITY 160), at a phone's width and a
 * desktop's: who waits, for what, which day; a time offered by hand is texted as a freed time is,
 * only when it is free for their service; Remove takes them off.
 */
describe('the waiting list on the dashboard', () => {
  for (const width of [375, 1280]) {
    it(`at ${width}px shows who waits and can offer a time by hand, or remove them`, async () => {
      const owner = await signUpOwner(`waitlist-${width}`);
      const dayIs = DateTime.now().setZone('Europe/Dublin').plus({ days: 2 });
      const weekday = dayIs.setLocale('en-GB').toFormat('cccc').toLowerCase();
      const { salonId, secret } = await bookableSalon(owner, { hours: { ...ALL_DAY_HOURS, [weekday]: { open: '12:00', close: '13:00', closed: false } } });
      const day = dayIs.toISODate()!;
      const booker = `+3538512${String(width).padStart(5, '0')}`;
      const waiter = `+3538513${String(width).padStart(5, '0')}`;
      expect(
        (await agentTool(secret, 'book', { service: 'Cut and blow-dry', start: `${day}T12:00`, callerName: 'Áine Byrne', callerPhone: booker })).status,
      ).toBe(200);
      expect((await agentTool(secret, 'join-waitlist', { service: 'Cut and blow-dry', date: day, callerName: 'Nóra Daly', callerPhone: waiter })).status).toBe(
        200,
      );

      const page = await signedInPage(owner, { width });
      const card = page.getByRole('region', { name: 'Waiting list' });
      const entry = card.getByTestId('waitlist-entry');
      await entry.waitFor();
      expect(await entry.textContent()).toContain('Nóra Daly');
      expect(await entry.textContent()).toContain(`Cut and blow-dry, ${dayIs.setLocale('en-GB').toFormat('cccc d MMMM')}`);
      await entry.getByRole('button', { name: 'Offer a time' }).click();
      const time = entry.getByLabel('Time to offer Nóra Daly');
      // The day is full: a time that is not free for her cut is refused, and nothing is texted.
      await time.fill('12:30');
      await entry.getByRole('button', { name: 'Text the offer' }).click();
      await entry.getByRole('alert').filter({ hasText: "12:30 isn't free for a Cut and blow-dry that day: choose another time." }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      expect((await agentTool(secret, 'cancel', { callerPhone: booker })).status).toBe(200);
      await eventsIdle();
      await time.fill('12:15');
      await entry.getByRole('button', { name: 'Text the offer' }).click();
      await page.locator('.toast').filter({ hasText: 'Offered: Nóra Daly has been texted.' }).waitFor();
      const outbox = (await api(`/_local/outbox.json?salon=${salonId}`)).body as { to: string; body: string; salonId: string }[];
      const offers = outbox.filter((message) => message.salonId === salonId && message.to === waiter).map((message) => message.body);
      // The same words a freed time sends: the cancellation's own offer of 12:00, and the owner's 12:15.
      expect(offers.sort()).toEqual(
        ['12:00', '12:15'].map((at) =>
          expect.stringMatching(
            new RegExp(
              `^Bláth Hair: a time has come free for your Cut and blow-dry with Aoife on .+ at ${at}\\. Reply YES to take it: the first to reply gets it\\.$`,
            ),
          ),
        ),
      );

      await entry.getByRole('button', { name: 'Remove Nóra Daly' }).click();
      await card.getByText(/^Nobody is waiting\./).waitFor();
      expect((await api('/api/waitlist', { token: owner.accessToken })).body.entries).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
