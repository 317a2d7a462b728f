import { logger } from '../../logger.js';
import type { CalendarMirror, CalendarMirrorStore } from '../../store/calendar-mirror-store.js';

/**
 * Our own event writes and the mirror's freshness. Google notifies a channel of every change,
 * the events our bookings write included, and a notification makes the mirror untrusted until
 * its sync (mirror-busy.ts): under load, each booking's own event then sent the next bookings on
 * that calendar to a live freeBusy. Our events are subtracted from busy time anyway, so their
 * notifications need not be waited for. A notification carries no content, so a write is noted
 * on the mirror before it is made; a notification arriving while a noted write's change has not
 * been seen by a sync is taken for that write's (it still runs the sync), and the sync that sees
 * the change forgets the write. docs/bookings.md says what this costs.
 */

/**
 * How long a noted write vouches for notifications. Google pushes within seconds; a write whose
 * notification never comes (folded into another) stops vouching after this, and the next sync
 * forgets it.
 */
export const OWN_WRITE_TTL_MS = 60_000;

const vouching = (at: string, now: number) => now - Date.parse(at) < OWN_WRITE_TTL_MS;

/** Whether a notification now may be for one of our own writes. */
export function awaitsOwnWrite(mirror: Pick<CalendarMirror, 'ownWrites'>, now: number): boolean {
  return Object.values(mirror.ownWrites).some((at) => vouching(at, now));
}

/** The noted writes a sync can forget: the ones whose change it listed, and those too old to vouch. */
export function settledOwnWrites(mirror: Pick<CalendarMirror, 'ownWrites'>, listedIds: ReadonlySet<string>, now: number): string[] {
  return Object.entries(mirror.ownWrites)
    .filter(([eventId, at]) => listedIds.has(eventId) || !vouching(at, now))
    .map(([eventId]) => eventId);
}

export type OwnWriteDeps = { calendarMirrors?: Pick<CalendarMirrorStore, 'noteOwnWrite' | 'dropOwnWrite'>; now: () => Date };

/**
 * Writes (or removes) one of our events: noted on the calendar's mirror first, and forgotten
 * again when `write` answers that it changed nothing or fails (its notification, if one still
 * comes, is then treated as anyone's). A mirror that cannot be told is no reason not to write.
 */
export async function ownCalendarWrite(deps: OwnWriteDeps, salonId: string, calendarId: string, eventId: string, write: () => Promise<boolean>): Promise<void> {
  const mirrors = deps.calendarMirrors;
  const noted = mirrors ? await mirrors.noteOwnWrite(salonId, calendarId, eventId, deps.now().toISOString()).catch(() => false) : false;
  const forget = () =>
    noted ? mirrors!.dropOwnWrite(salonId, calendarId, eventId).catch(() => logger.warn('own calendar write not forgotten', { salonId })) : undefined;
  let changed: boolean;
  try {
    changed = await write();
  } catch (error) {
    await forget();
    throw error;
  }
  if (!changed) await forget();
}
