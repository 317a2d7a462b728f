import type { CalendarHealth } from '../../contracts/calls.js';
import type { CalendarMirror } from '../ports/calendar-mirror-store.js';
import type { CalendarSyncStore } from '../ports/booking/calendar-sync-store.js';
import { MIRROR_TRUSTED_MS } from './mirror-busy.js';

/**
 * Whether the salon's calendar keeps up, for the dashboard (issue 21): bookings are ours first and
 * written to the calendar after the answer, and the calendar's own events come to us through the
 * mirror. `behind`: a booking has waited more than BEHIND_MS to be written, or a mirror has not
 * been synced within the time booking trusts it; `failing`: the last attempt at either failed.
 */
export const BEHIND_MS = 60_000;
const LISTED = 50;

export async function calendarHealth(
  deps: {
    bookings: { calendarSync: Pick<CalendarSyncStore, 'pending'> };
    calendarMirrors: { list(salonId: string): Promise<CalendarMirror[]> };
    now: () => Date;
  },
  salonId: string,
): Promise<CalendarHealth> {
  const [pending, mirrors] = await Promise.all([deps.bookings.calendarSync.pending(salonId, LISTED), deps.calendarMirrors.list(salonId)]);
  const now = deps.now().getTime();
  const oldest = pending.reduce<string | null>((first, task) => (first === null || task.since < first ? task.since : first), null);
  const failures = [...pending.flatMap((task) => task.failure ?? []), ...mirrors.flatMap((mirror) => mirror.failure ?? [])];
  const lastFailure = failures.reduce<CalendarHealth['lastFailure']>((last, failure) => (last === null || failure.at > last.at ? failure : last), null);
  const staleMirror = mirrors.some((mirror) => !mirror.syncedAt || now - Date.parse(mirror.syncedAt) > MIRROR_TRUSTED_MS);
  const late = oldest !== null && now - Date.parse(oldest) > BEHIND_MS;
  const state = lastFailure ? 'failing' : late || staleMirror ? 'behind' : mirrors.length || pending.length ? 'ok' : 'none';
  return { state, waitingBookings: pending.length, oldestWaitingSince: oldest, lastFailure };
}
