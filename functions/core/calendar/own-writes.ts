import { logger } from '../../logger.js';
import type { CalendarMirror, CalendarMirrorStore } from '../ports/calendar-mirror-store.js';

/**
 * Our own event writes and the mirror's freshness. Google notifies a channel of every change,
 * the events our bookings write included, and a notification makes the mirror untrusted until
 * its sync (mirror-busy.ts): under load, each booking's own event then sent the next bookings on
 * that calendar to a live freeBusy. Our events are subtracted from busy time anyway, so their
 * notifications need not be waited for. A notification carries no content, so a write is noted
 * on the mirror before it is made, and owes the mirror one notification: the next notification
 * to arrive takes the oldest write still owed one (it still runs the sync). Whether a sync has
 * already listed the write does not matter: two writes close together give two notifications,
 * and the first one's sync lists both. docs/bookings.md says what this costs.
 */

/**
 * How long a noted write is owed its notification. Google pushes within seconds, and may fold the
 * notifications of changes close together into one: a write whose notification never comes stops
 * vouching after this, and the next sync forgets it. Short, because until then it may take an
 * owner's notification for its own; a notification later than this only costs a live freeBusy.
 */
export const OWN_WRITE_TTL_MS = 15_000;

const vouching = (at: string, now: number) => now - Date.parse(at) < OWN_WRITE_TTL_MS;

/** The noted writes still owed a notification, oldest first. */
export function owedOwnWrites(mirror: Pick<CalendarMirror, 'ownWrites'>, now: number): string[] {
  return Object.entries(mirror.ownWrites)
    .filter(([, at]) => vouching(at, now))
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([eventId]) => eventId);
}

/** The noted writes a sync can forget: those too old to be owed anything. */
export function expiredOwnWrites(mirror: Pick<CalendarMirror, 'ownWrites'>, now: number): string[] {
  return Object.entries(mirror.ownWrites)
    .filter(([, at]) => !vouching(at, now))
    .map(([eventId]) => eventId);
}

/**
 * Takes a notification arriving now for one of our own writes, if one is still owed: the oldest
 * such write is forgotten (conditionally, so two notifications at once never take the same one).
 * Answers false when none is owed: the notification is then anyone's, the owner's edit perhaps.
 */
export async function takenForOwnWrite(
  deps: { calendarMirrors: Pick<CalendarMirrorStore, 'dropOwnWrite'> },
  mirror: CalendarMirror,
  now: number,
): Promise<boolean> {
  for (const eventId of owedOwnWrites(mirror, now)) {
    if (await deps.calendarMirrors.dropOwnWrite(mirror.salonId, mirror.calendarId, eventId)) return true;
  }
  return false;
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
    noted
      ? mirrors!.dropOwnWrite(salonId, calendarId, eventId).then(
          () => undefined,
          () => logger.warn('own calendar write not forgotten', { salonId }),
        )
      : undefined;
  let changed: boolean;
  try {
    changed = await write();
  } catch (error) {
    await forget();
    throw error;
  }
  if (!changed) await forget();
}
