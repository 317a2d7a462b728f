import { describe, expect, it } from 'vitest';
import { calendarHealth } from '../../../functions/core/calendar/calendar-health.js';
import type { CalendarSyncTask } from '../../../functions/core/ports/booking/calendar-sync-store.js';
import type { CalendarMirror } from '../../../functions/core/ports/calendar-mirror-store.js';

/** The dashboard's word on the salon's calendar (issue 21): none, ok, behind or failing. */
const NOW = Date.parse('2026-11-24T10:00:00Z');
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();

const mirror = (fields: Partial<CalendarMirror> = {}): CalendarMirror => ({
  salonId: 'sal_1',
  calendarId: 'aoife@sandbox.calendar',
  busy: {},
  syncToken: 't',
  syncedAt: iso(30_000),
  notifiedAt: null,
  failure: null,
  channel: { id: 'ch', resourceId: 'r', secret: 's', expiresAt: iso(-86_400_000) },
  ownWrites: {},
  dueAt: iso(-60_000),
  version: 1,
  ...fields,
});

const health = (pending: CalendarSyncTask[], mirrors: CalendarMirror[]) =>
  calendarHealth(
    { bookings: { calendarSync: { pending: async () => pending } }, calendarMirrors: { list: async () => mirrors }, now: () => new Date(NOW) },
    'sal_1',
  );

describe('calendar health on the dashboard', () => {
  it('none without a calendar; ok with a mirror in sync and a write just queued', async () => {
    expect(await health([], [])).toEqual({ state: 'none', waitingBookings: 0, oldestWaitingSince: null, lastFailure: null });
    expect(await health([{ bookingId: 'bk_1', operation: 'create', since: iso(5_000) }], [mirror()])).toMatchObject({ state: 'ok', waitingBookings: 1 });
  });

  it('behind when a booking has waited over a minute to be written, or a mirror has gone unsynced', async () => {
    expect(await health([{ bookingId: 'bk_1', operation: 'create', since: iso(90_000) }], [mirror()])).toMatchObject({
      state: 'behind',
      oldestWaitingSince: iso(90_000),
    });
    expect(await health([], [mirror({ syncedAt: iso(60 * 60_000) })])).toMatchObject({ state: 'behind', waitingBookings: 0 });
  });

  it('failing when the last attempt at a write or a sync failed, with when', async () => {
    const failure = { kind: 'UnavailableError', at: iso(10_000) };
    expect(await health([{ bookingId: 'bk_1', operation: 'create', since: iso(90_000), failure }], [mirror()])).toMatchObject({
      state: 'failing',
      lastFailure: failure,
    });
    expect(await health([], [mirror({ failure: { kind: 'unavailable', at: iso(5_000) } })])).toMatchObject({
      state: 'failing',
      lastFailure: { at: iso(5_000) },
    });
  });
});
