import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { deps } from '../../functions/composition-root.js';
import { outOfQuietHours } from '../../functions/core/reminders/reminder-time.js';
import { sweepReminders } from '../../functions/core/reminders/reminders.js';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { agentTool, ALL_DAY_HOURS, bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventsIdle, eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * Reminders in Chromium (docs/reminders.md): the owner's choice in Settings → Business, and a
 * booking made 25 hours ahead texted its reminder when an injected clock reaches 24 hours before
 * its start (08:00 when that falls in the Irish night), shown on the outbox page. The sweep runs
 * here with the injected clock against the product's table and bus; the product's own timer runs
 * it on the real clock, which never reaches the booking's time during the test.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

/** Local minutes, rounded up to the quarter hour, at least 25 hours ahead; the next day's 00:15 when a 45-minute cut would run past midnight. */
function startAtLeast25HoursAhead(): DateTime {
  let start = DateTime.now()
    .setZone('Europe/Dublin')
    .plus({ hours: 25, minutes: 15 - (DateTime.now().minute % 15) })
    .startOf('minute');
  if (start.hour === 23 && start.minute > 0) start = start.plus({ days: 1 }).set({ hour: 0, minute: 15 });
  return start;
}

describe('reminders', () => {
  it('Settings → Business switches reminders and their lead; a booking 25 hours ahead gets its text when the clock reaches 24 hours before', async () => {
    const owner = await signUpOwner('reminders-e2e');
    const { salonId, secret } = await bookableSalon(owner, { hours: ALL_DAY_HOURS });

    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, owner, '/settings?section=business');
    const reminders = page.getByRole('checkbox', { name: 'Text callers a reminder before their appointment' });
    await reminders.waitFor();
    expect(await reminders.isChecked()).toBe(true);
    const lead = page.getByLabel('When to send it');
    expect(await lead.inputValue()).toBe('24');
    await lead.selectOption('48');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(
      async () => (await api('/api/setup/load', { token: owner.accessToken })).body.business.reminder_hours,
      (hours) => hours === 48,
      10_000,
    );
    await page.reload();
    await page.getByLabel('When to send it').waitFor();
    expect(await page.getByLabel('When to send it').inputValue()).toBe('48');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('When to send it').selectOption('24');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(
      async () => (await api('/api/setup/load', { token: owner.accessToken })).body.business.reminder_hours,
      (hours) => hours === 24,
      10_000,
    );

    const start = startAtLeast25HoursAhead();
    const phone = '+353851234570';
    const booked = await agentTool(secret, 'book', {
      service: 'Cut and blow-dry',
      start: start.toFormat("yyyy-MM-dd'T'HH:mm"),
      callerName: 'Úna Walsh',
      callerPhone: phone,
      stylist: 'Aoife',
    });
    expect(booked.status).toBe(200);
    const bookingId = booked.body.booking.id as string;

    // Settling the booking schedules the reminder at 24 hours before the start, or the morning after when that is in the night.
    const expected = outOfQuietHours(start.minus({ hours: 24 }).toJSDate()).toISOString();
    const farAhead = new Date(start.toMillis());
    const reminder = await eventually(
      async () => (await deps().bookings.reminders.due(farAhead, 10_000)).find((entry) => entry.bookingId === bookingId),
      Boolean,
      10_000,
    );
    expect(reminder?.sendAt).toBe(expected);

    const sweepAt = async (at: number) => {
      await sweepReminders({ ...deps(), now: () => new Date(at) }, { limit: 10_000 });
      await eventsIdle();
    };
    const reminderTexts = async () =>
      ((await api(`/_local/outbox.json?salon=${salonId}`)).body as { to: string; body: string; salonId: string }[]).filter(
        (entry) => entry.salonId === salonId && entry.to === phone && /a reminder of your/.test(entry.body),
      );

    await sweepAt(Date.parse(expected) - 60_000);
    expect(await reminderTexts()).toEqual([]);
    await sweepAt(Date.parse(expected));
    await sweepAt(Date.parse(expected) + 5 * 60_000);
    const texts = await reminderTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toBe(
      `Bláth Hair: a reminder of your Cut and blow-dry with Aoife on ${start.setLocale('en-IE').toFormat("cccc d LLLL 'at' HH:mm")}. Reply C to cancel, or call us to change it.`,
    );

    const outbox = await context.newPage();
    await outbox.goto('/_local/outbox');
    await outbox.locator('article.message').filter({ hasText: phone }).filter({ hasText: 'Reply C to cancel, or call us to change it.' }).first().waitFor();
  });
});
