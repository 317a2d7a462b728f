import { logger } from '../../logger.js';
import type { CalendarMirrorStore } from '../ports/calendar-mirror-store.js';
import { CalendarBrokenError, CalendarNotConnectedError } from '../calendar-connection.js';

/**
 * A connection found broken (Google answered invalid_grant, or the stored grant no longer
 * decrypts: calendar-connection.ts marks it) or gone: no sync of its mirrors can succeed until
 * the owner connects again, so they are closed rather than failing on every sweep.
 */
export function isConnectionLost(error: unknown): boolean {
  return error instanceof CalendarBrokenError || error instanceof CalendarNotConnectedError;
}

/**
 * Removes every mirror of a salon whose connection is lost: nothing renews, syncs or trusts them
 * (booking asks Google live, which refuses as for any broken connection), and the dashboard shows
 * the calendar disconnected. Their push channels cannot be stopped (that takes the grant that
 * stopped working): they expire within a week, and their notifications, matching no mirror, are
 * refused. Reconnecting opens the mapped calendars' mirrors afresh (salon-mirrors.ts). Answers how
 * many were closed.
 */
export async function closeLostMirrors(deps: { calendarMirrors: Pick<CalendarMirrorStore, 'list' | 'remove'> }, salonId: string): Promise<number> {
  const mirrors = await deps.calendarMirrors.list(salonId);
  for (const mirror of mirrors) await deps.calendarMirrors.remove(salonId, mirror.calendarId);
  if (mirrors.length) logger.warn('calendar connection lost: mirrors closed', { salonId, closed: mirrors.length });
  return mirrors.length;
}
