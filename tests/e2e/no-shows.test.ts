import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import { isoLocal } from '../../functions/core/booking/time.js';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import type { StoredAppointment } from '../../functions/core/booking/records.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * A no-show in Chromium (docs/reminders.md): an appointment that started a minute ago shows a
 * No-show button on the dashboard; the owner presses it, the row says No-show, and the month's
 * no-shows show beside the bookings; Undo takes it back.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

describe('no-shows', () => {
  it('the owner marks an appointment that has started as a no-show, and it is counted this month', async () => {
    const owner = await signUpOwner('no-shows');
    const { salonId } = await bookableSalon(owner);
    // An appointment that started a minute ago, as settling a booking writes it (no booking can be made in the past).
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
      callerName: 'Gráinne Walsh',
      callerPhone: '+353851239590',
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

    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, owner);
    await page.getByTestId('stat-no-shows').waitFor();
    expect(await page.getByTestId('stat-no-shows').textContent()).toBe('No-shows this month: 0');
    const row = page.getByTestId('appointment').filter({ hasText: 'Gráinne' });
    // A marker on this window: it survives only if the page is not loaded afresh.
    await page.evaluate(() => Object.assign(window, { beforeSave: true }));
    await row.getByRole('button', { name: 'Mark Gráinne Walsh as a no-show' }).click();
    await row.getByTestId('no-show').waitFor();
    // The mark made the appointments stale: the row and the month's figure are read again in place.
    await expect.poll(() => page.getByTestId('stat-no-shows').textContent()).toBe('No-shows this month: 1');
    expect(await page.evaluate(() => 'beforeSave' in window)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Marked again (a second tab, a retry): still one.
    expect(
      (await api('/api/appointments/change', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ bookingId: appointment.id, noShow: true }) }))
        .status,
    ).toBe(200);
    await page.reload();
    await page.getByTestId('appointment').filter({ hasText: 'Gráinne' }).getByTestId('no-show').waitFor();
    expect(await page.getByTestId('stat-no-shows').textContent()).toBe('No-shows this month: 1');

    // Taken back (issue 45): the mark and the month's figure go together, and the button is back.
    const marked = page.getByTestId('appointment').filter({ hasText: 'Gráinne' });
    await marked.getByRole('button', { name: 'Undo no-show for Gráinne Walsh' }).click();
    await marked.getByRole('button', { name: 'Mark Gráinne Walsh as a no-show' }).waitFor();
    await expect.poll(() => page.getByTestId('stat-no-shows').textContent()).toBe('No-shows this month: 0');
    expect(await marked.getByTestId('no-show').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
