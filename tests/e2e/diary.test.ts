import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deps } from '../../functions/composition-root.js';
import { isoLocal, localDate } from '../../functions/core/booking/time.js';
import type { StoredAppointment } from '../../functions/core/booking/records.js';
import { axeViolations, closeContexts, signedInPage } from '../support/browser.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * The owner runs a day from the diary (issue 45 point 2), on a phone and on a laptop: full names,
 * a tel: link with the number written the Irish way, a move and a cancel that text the caller,
 * and a no-show marked and undone; the week view, and the jump to the next booking when a view is
 * empty. The product's clock is the machine's, so days are picked from today.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

interface OutboxMessage {
  to: string;
  channel: string;
  body: string;
  salonId: string;
}
const textsTo = async (salonId: string, phone: string) =>
  ((await api(`/_local/outbox.json?salon=${salonId}`)).body as OutboxMessage[]).filter((m) => m.salonId === salonId && m.to === phone && m.channel === 'sms');

async function book(secret: string, start: string, callerName: string, callerPhone: string): Promise<string> {
  const answer = await agentTool(secret, 'book', { service: 'cut', start, callerName, callerPhone });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.booking.id as string;
}

/** An appointment that started a minute ago, as a booking's settling writes it (none can be booked in the past). */
async function startedAppointment(salonId: string, callerName: string, callerPhone: string): Promise<StoredAppointment> {
  const started = Date.now() - 60_000;
  const stylistId = (await deps().setup.load(salonId)).stylists[0]!.id;
  const appointment: StoredAppointment = {
    id: `bk_${started.toString(32).padStart(20, '0')}`,
    salonId,
    stylistId,
    stylistName: 'Aoife',
    service: { id: 'svc_cut', name: 'Cut and blow-dry', durationMinutes: 45, priceCents: 4500, priceMinCents: null, priceMaxCents: null },
    start: isoLocal(started),
    end: isoLocal(started + 45 * 60_000),
    callerName,
    callerPhone,
    callerEmail: null,
    status: 'confirmed',
    source: 'phone-agent',
    createdAt: new Date(started - 86_400_000).toISOString(),
    calendarEventId: null,
    calendarId: null,
    calendarSync: 'none',
    idempotencyKey: null,
    cancelledAt: null,
    rescheduledFrom: null,
    rescheduledTo: null,
  };
  expect(await deps().bookings.appointments.create(appointment)).toBe(true);
  return appointment;
}

const card = (page: Page, name: string) => page.getByTestId('diary-appointment').filter({ hasText: name });

describe('the diary', () => {
  it.each([
    [375, 740],
    [1280, 800],
  ])('at %i px the owner runs a day: call, move, cancel, no-show and undo, the caller texted of each change', async (width, height) => {
    const owner = await signUpOwner(`diary-${width}`);
    const { salonId, secret } = await bookableSalon(owner);
    const day = nextOpenDay();
    const sile = `+3538714${String(width).padStart(5, '0')}`;
    const nora = `+3538715${String(width).padStart(5, '0')}`;
    await book(secret, `${day}T10:00`, 'Síle Ní Bhriain', sile);
    await book(secret, `${day}T12:00`, 'Nóra Ó Dálaigh', nora);
    await eventually(
      async () => [...(await textsTo(salonId, sile)), ...(await textsTo(salonId, nora))],
      (texts) => texts.length === 2,
    );

    const page = await signedInPage(owner, { width, height });
    // The dashboard's list leads to the diary.
    await page
      .getByRole('link', { name: 'See more in the diary' })
      .or(page.getByRole('link', { name: 'Open the diary' }))
      .click();
    await page.waitForURL('**/diary?view=week');
    await card(page, 'Síle Ní Bhriain').waitFor();
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.goto(`/diary?view=day&date=${day}`);

    // Full names, and the number to call written the Irish way behind a tel: link.
    const sileCard = card(page, 'Síle Ní Bhriain');
    const call = sileCard.getByRole('link', { name: /^Call 087 14\d \d{4}, Síle Ní Bhriain$/ });
    expect(await call.getAttribute('href')).toBe(`tel:${sile}`);
    expect(await call.textContent()).toMatch(/^Call 087 14\d \d{4}$/);
    await card(page, 'Nóra Ó Dálaigh').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing on the page is wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Move: the engine takes the new time, the card shows it, the caller is texted it.
    await sileCard.getByRole('button', { name: "Move Síle Ní Bhriain's appointment" }).click();
    await sileCard.getByLabel('New time', { exact: true }).fill('15:00');
    expect(await axeViolations(page)).toEqual([]);
    await sileCard.getByRole('button', { name: 'Move appointment' }).click();
    await page.getByText('Appointment moved. The caller is texted the new time.').waitFor();
    await card(page, 'Síle Ní Bhriain')
      .getByText(/^15:00–15:45 Cut and blow-dry$/)
      .waitFor();
    const sileTexts = await eventually(
      () => textsTo(salonId, sile),
      (texts) => texts.some((text) => /at 15:00 with Aoife/.test(text.body)),
    );
    expect(sileTexts.filter((text) => /You're booked .* at 15:00 with Aoife/.test(text.body))).toHaveLength(1);

    // A move onto a taken time is refused, and says so.
    const moved = card(page, 'Síle Ní Bhriain');
    await moved.getByRole('button', { name: "Move Síle Ní Bhriain's appointment" }).click();
    await moved.getByLabel('New time', { exact: true }).fill('12:15');
    await moved.getByRole('button', { name: 'Move appointment' }).click();
    await page.getByRole('alert').filter({ hasText: 'That time is no longer free' }).waitFor();
    await moved.getByRole('button', { name: 'Keep the time' }).click();

    // Cancel: asked once more, then gone from the day, and the caller is texted.
    const noraCard = card(page, 'Nóra Ó Dálaigh');
    await noraCard.getByRole('button', { name: "Cancel Nóra Ó Dálaigh's appointment" }).click();
    await noraCard.getByText("Cancel Nóra Ó Dálaigh's Cut and blow-dry? They are texted that it is cancelled.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noraCard.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Appointment cancelled. The caller is texted.').waitFor();
    await card(page, 'Nóra Ó Dálaigh').waitFor({ state: 'detached' });
    await eventually(
      () => textsTo(salonId, nora),
      (texts) => texts.some((text) => /is cancelled/.test(text.body)),
    );

    // A no-show, marked and undone, on an appointment that has started.
    const late = await startedAppointment(salonId, 'Gráinne Walsh', `+3538716${String(width).padStart(5, '0')}`);
    await page.goto(`/diary?view=day&date=${localDate(Date.parse(late.start))}`);
    const grainne = card(page, 'Gráinne Walsh');
    await grainne.getByRole('button', { name: 'Mark Gráinne Walsh as a no-show' }).click();
    await grainne.getByTestId('diary-no-show').waitFor();
    expect((await api('/api/appointments?days=1', { token: owner.accessToken })).body.noShowsThisMonth).toBe(1);
    await grainne.getByRole('button', { name: 'Undo no-show for Gráinne Walsh' }).click();
    await page.getByText('No-show taken back.').waitFor();
    await grainne.getByRole('button', { name: 'Mark Gráinne Walsh as a no-show' }).waitFor();
    expect(await grainne.getByTestId('diary-no-show').count()).toBe(0);
    expect((await api('/api/appointments?days=1', { token: owner.accessToken })).body.noShowsThisMonth).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('an empty week offers the next booking, however far ahead, and the week view opens its day', async () => {
    const owner = await signUpOwner('diary-far');
    const { secret } = await bookableSalon(owner);
    let far = nextOpenDay();
    for (let step = 0; step < 20; step += 1) far = nextOpenDay(far);
    await book(secret, `${far}T11:00`, 'Aoibheann Ryan', '+353871700001');
    const page = await signedInPage(owner, { width: 375, height: 740, path: '/diary?view=week' });
    await page.getByTestId('diary-empty').getByText('No appointments this week.').waitFor();
    // By keyboard: the jump is a real button that takes focus and Enter.
    await page
      .getByTestId('diary-empty')
      .getByRole('button', { name: /^Next booking: / })
      .focus();
    await page.keyboard.press('Enter');
    await card(page, 'Aoibheann Ryan').waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('week');
    // The day's heading in the week opens that day.
    await page
      .locator('.diary-day')
      .filter({ has: page.getByTestId('diary-appointment') })
      .getByRole('button', { name: /^Open / })
      .click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'day');
    expect(new URL(page.url()).searchParams.get('date')).toBe(far);
    await card(page, 'Aoibheann Ryan').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
