import { logger } from '../../logger.js';
import type { CalendarMirrorStore } from '../ports/calendar-mirror-store.js';
import type { SetupStore } from '../ports/setup-store.js';
import type { CalendarGrantDeps } from '../calendar-connection.js';
import { openMirror, stopChannel, type MirrorDeps } from './mirror.js';

/**
 * Which of a salon's calendars are mirrored: exactly those mapped to a stylist while Google is
 * connected. A calendar that is mapped gets its mirror; one no longer mapped, and every one when
 * Google is disconnected (a reconnect replacing the grant, the account deleted), has its push
 * channel stopped at the provider (channels.stop) and its mirror removed, so nothing renews,
 * syncs or trusts it and Google stops posting to us for it.
 */

/**
 * Stops the channels of the salon's mirrors (all, or those `keep` refuses) and removes the
 * mirrors. Needs the grant the channels were opened with, so call it before a grant is replaced
 * or revoked. A channel that cannot be stopped (Google down, the grant already revoked) is logged
 * and its mirror removed anyway: its notifications then match no mirror and are refused, and it
 * expires within a week. Answers how many mirrors were closed.
 */
export async function closeMirrors(
  deps: CalendarGrantDeps & { calendarMirrors: CalendarMirrorStore },
  salonId: string,
  keep: (calendarId: string) => boolean = () => false,
): Promise<number> {
  const closing = (await deps.calendarMirrors.list(salonId)).filter((mirror) => !keep(mirror.calendarId));
  for (const mirror of closing) {
    if (mirror.channel) await stopChannel(deps, salonId, mirror.channel);
    await deps.calendarMirrors.remove(salonId, mirror.calendarId);
  }
  if (closing.length) logger.info('calendar mirrors closed', { salonId, closed: closing.length });
  return closing.length;
}

/** Opens the mirror of every mapped calendar that has none, or only a failed first opening. Never throws: a calendar left without one is asked live. */
async function openMissingMirrors(deps: MirrorDeps, salonId: string, calendarIds: ReadonlySet<string>): Promise<number> {
  const synced = new Set((await deps.calendarMirrors.list(salonId)).filter((mirror) => mirror.syncedAt).map((mirror) => mirror.calendarId));
  let opened = 0;
  for (const calendarId of calendarIds) {
    if (synced.has(calendarId)) continue;
    try {
      await openMirror(deps, salonId, calendarId);
      opened += 1;
    } catch (error) {
      logger.warn('calendar mirror not opened', { salonId, name: (error as Error)?.name });
    }
  }
  return opened;
}

/**
 * After the owner connects a calendar or maps stylists to calendars: every mapped calendar
 * without a mirror gets one, and a calendar no longer mapped has its mirror closed. Never throws;
 * the booking path asks Google live for a calendar with no mirror. Answers how many were opened.
 */
export async function reconcileSalonMirrors(deps: MirrorDeps & { setup: Pick<SetupStore, 'load'> }, salonId: string): Promise<number> {
  try {
    const mapped = new Set(Object.values((await deps.setup.load(salonId)).mappings));
    await closeMirrors(deps, salonId, (calendarId) => mapped.has(calendarId));
    return await openMissingMirrors(deps, salonId, mapped);
  } catch (error) {
    logger.warn('calendar mirrors not reconciled', { salonId, name: (error as Error)?.name });
    return 0;
  }
}
