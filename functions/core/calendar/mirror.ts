import { randomBytes, timingSafeEqual } from 'node:crypto';
import { logger } from '../../logger.js';
import { isCalendarError, type CalendarEventChange, type CalendarGrant, type CalendarPort } from '../ports/calendar.js';
import type { CalendarMirror, CalendarMirrorStore } from '../ports/calendar-mirror-store.js';
import { withCalendarGrant, type CalendarGrantDeps } from '../calendar-connection.js';
import { closeLostMirrors, isConnectionLost } from './lost-connection.js';
import { expiredOwnWrites, takenForOwnWrite } from './own-writes.js';

/**
 * The calendar mirror (issue 21): each mapped calendar's busy time in our table, so no tool call
 * asks Google. A full sync (events.list from a day ago) opens it and opens a push channel
 * (events.watch) to our webhook; every notification runs an incremental sync from the stored
 * syncToken (410 Gone → a full sync again); the booking sweep (renewMirrors) replaces channels before they expire
 * and opens again a mirror whose first opening failed. Which calendars are mirrored, and closing
 * the others: salon-mirrors.ts. docs/bookings.md says when booking trusts it (mirror-busy.ts).
 */
export type MirrorDeps = CalendarGrantDeps & { calendarMirrors: CalendarMirrorStore; config: { SITE_URL: string } };

export const NOTIFICATIONS_PATH = '/api/calendar/notifications';
/** Google keeps a channel for at most a week (events) and often less: we ask for a week and renew a day ahead. */
export const CHANNEL_TTL_SECONDS = 7 * 24 * 3600;
export const RENEW_AHEAD_MS = 24 * 3600_000;
/**
 * A mirror is synced again at least this often even when Google sends nothing, so a lost
 * notification is caught; booking trusts a mirror synced within MIRROR_TRUSTED_MS (mirror-busy.ts).
 */
export const RESYNC_MS = 10 * 60_000;
/** Busy time already over by this much is dropped from the mirror (no tool call asks about the past). */
const KEEP_PAST_MS = 24 * 3600_000;
/** Two syncs of one calendar racing: the loser reads again and lists on from the winner's state (unless the winner covers it: listedSince). */
const SAVE_ATTEMPTS = 4;

/** The channel token Google echoes: which salon and calendar, and a secret only the mirror knows. */
export function channelToken(salonId: string, calendarId: string, secret: string): string {
  return `v1.${salonId}.${Buffer.from(calendarId).toString('base64url')}.${secret}`;
}

export function readChannelToken(token: string): { salonId: string; calendarId: string; secret: string } | null {
  const match = /^v1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { salonId: match[1]!, calendarId: Buffer.from(match[2]!, 'base64url').toString('utf8'), secret: match[3]! };
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const blank = (salonId: string, calendarId: string): CalendarMirror => ({
  salonId,
  calendarId,
  busy: {},
  syncToken: null,
  syncedAt: null,
  notifiedAt: null,
  failure: null,
  channel: null,
  ownWrites: {},
  dueAt: '',
  version: 0,
});

/** The job's next look: the resync, or a day before the channel expires if that is sooner. */
function dueAt(now: Date, channel: CalendarMirror['channel']): string {
  const resync = now.getTime() + RESYNC_MS;
  const renew = channel ? Date.parse(channel.expiresAt) - RENEW_AHEAD_MS : now.getTime();
  return new Date(Math.min(resync, renew)).toISOString();
}

async function current(deps: MirrorDeps, salonId: string, calendarId: string): Promise<CalendarMirror> {
  return (await deps.calendarMirrors.list(salonId)).find((mirror) => mirror.calendarId === calendarId) ?? blank(salonId, calendarId);
}

interface Listed {
  full: boolean;
  changes: CalendarEventChange[];
  syncToken: string | null;
}

/** Every page of one listing: incremental from `syncToken` unless it is null or Google says it is gone. */
async function listAll(port: CalendarPort, grant: CalendarGrant, calendarId: string, syncToken: string | null, since: Date): Promise<Listed> {
  const read = async (full: boolean): Promise<Listed> => {
    const changes: Listed['changes'] = [];
    let pageToken: string | undefined;
    for (;;) {
      const page = await port.listEvents(grant, calendarId, {
        ...(full ? { timeMin: since } : { syncToken: syncToken! }),
        ...(pageToken ? { pageToken } : {}),
      });
      changes.push(...page.changes);
      if (page.nextPageToken) pageToken = page.nextPageToken;
      else return { full, changes, syncToken: page.nextSyncToken ?? null };
    }
  };
  if (!syncToken) return read(true);
  try {
    return await read(false);
  } catch (error) {
    if (!isCalendarError(error, 'gone')) throw error;
    logger.info('calendar sync token gone; full sync', { salonId: grant.salonId });
    return read(true);
  }
}

function applied(mirror: CalendarMirror, listed: Listed, now: Date): CalendarMirror['busy'] {
  const busy: CalendarMirror['busy'] = listed.full ? {} : { ...mirror.busy };
  for (const change of listed.changes) {
    if (change.busy) busy[change.id] = [change.start, change.end];
    else delete busy[change.id];
  }
  const horizon = now.getTime() - KEEP_PAST_MS;
  for (const [id, [, end]] of Object.entries(busy)) if (Date.parse(end) < horizon) delete busy[id];
  return busy;
}

/**
 * Whether a sync that saved since began listing at or after `asked`, and so saw every change made
 * before this sync was asked for: under a stream of notifications, a sync that loses the race to
 * save is then done, instead of listing again behind each winner until it gives up and marks the
 * mirror failed (which sent bookings to a live freeBusy).
 */
function listedSince(mirror: CalendarMirror, asked: number): boolean {
  return !mirror.failure && mirror.syncedAt !== null && Date.parse(mirror.syncedAt) >= asked;
}

/**
 * Brings one calendar's mirror up to date (creating it with a full sync). `full` forces a full sync.
 * A failure is recorded on the mirror (booking stops trusting it) and thrown; a connection found
 * broken closes all the salon's mirrors instead (lost-connection.ts).
 */
export async function syncMirror(
  deps: MirrorDeps,
  salonId: string,
  calendarId: string,
  options: { full?: boolean; channel?: CalendarMirror['channel'] } = {},
): Promise<CalendarMirror> {
  try {
    const asked = deps.now().getTime();
    return await withCalendarGrant(deps, salonId, async (grant) => {
      for (let attempt = 1; ; attempt += 1) {
        const mirror = await current(deps, salonId, calendarId);
        // Gone since the last attempt: the calendar was unmapped or disconnected, and stays unmirrored.
        if (attempt > 1 && mirror.version === 0) throw new Error('The calendar mirror was closed during its sync');
        if (attempt > 1 && !options.full && options.channel === undefined && listedSince(mirror, asked)) return mirror;
        const now = deps.now();
        const listed = await listAll(deps.calendar, grant, calendarId, options.full ? null : mirror.syncToken, new Date(now.getTime() - KEEP_PAST_MS));
        const channel = options.channel !== undefined ? options.channel : mirror.channel;
        const settled = expiredOwnWrites(mirror, now.getTime());
        const next: CalendarMirror = {
          ...mirror,
          busy: applied(mirror, listed, now),
          syncToken: listed.syncToken,
          syncedAt: now.toISOString(),
          failure: null,
          channel,
          ownWrites: Object.fromEntries(Object.entries(mirror.ownWrites).filter(([eventId]) => !settled.includes(eventId))),
          dueAt: dueAt(now, channel),
          version: mirror.version + 1,
        };
        if (await deps.calendarMirrors.save(next, settled)) return next;
        if (attempt >= SAVE_ATTEMPTS) throw new Error('The calendar mirror kept changing under its sync');
      }
    });
  } catch (error) {
    const kind = isCalendarError(error) ? error.kind : ((error as Error)?.name ?? 'unknown');
    logger.warn('calendar mirror sync failed', { salonId, kind });
    if (isConnectionLost(error)) await closeLostMirrors(deps, salonId).catch(() => undefined);
    else await deps.calendarMirrors.noteFailure(salonId, calendarId, { kind, at: deps.now().toISOString() }).catch(() => undefined);
    throw error;
  }
}

/** A new push channel on the calendar, to our webhook. */
async function openChannel(deps: MirrorDeps, salonId: string, calendarId: string): Promise<NonNullable<CalendarMirror['channel']>> {
  const secret = randomBytes(32).toString('base64url');
  const id = `ch-${randomBytes(16).toString('hex')}`;
  const address = new URL(NOTIFICATIONS_PATH, deps.config.SITE_URL).toString();
  const watched = await withCalendarGrant(deps, salonId, (grant) =>
    deps.calendar.watch(grant, calendarId, { id, token: channelToken(salonId, calendarId, secret), address, ttlSeconds: CHANNEL_TTL_SECONDS }),
  );
  return { id, resourceId: watched.resourceId, secret, expiresAt: watched.expiresAt };
}

/** Stops a push channel at the provider; a failure is logged, never thrown (the channel expires within CHANNEL_TTL_SECONDS). */
export async function stopChannel(deps: CalendarGrantDeps, salonId: string, channel: NonNullable<CalendarMirror['channel']>): Promise<void> {
  await withCalendarGrant(deps, salonId, (grant) => deps.calendar.stopChannel(grant, channel)).catch((error: unknown) =>
    logger.warn('calendar channel not stopped', { salonId, name: (error as Error)?.name }),
  );
}

/**
 * Opens (or renews) a calendar's mirror: a new channel first, then a full sync that stores it, so
 * nothing changed between the two is missed; the old channel, if any, is stopped afterwards. If
 * either fails, a channel it opened is stopped again, and a calendar never mirrored yet keeps a
 * mirror with no sync that records the failure: the booking sweep then opens it again (renewMirrors),
 * and meanwhile booking asks Google live for it, as for a calendar with no mirror. On a broken
 * connection nothing is kept: the salon's mirrors are closed until the owner connects again.
 */
export async function openMirror(deps: MirrorDeps, salonId: string, calendarId: string): Promise<CalendarMirror> {
  const existing = await current(deps, salonId, calendarId);
  let channel: CalendarMirror['channel'] = null;
  let mirror: CalendarMirror;
  try {
    channel = await openChannel(deps, salonId, calendarId);
    mirror = await syncMirror(deps, salonId, calendarId, { full: true, channel });
  } catch (error) {
    if (channel) await stopChannel(deps, salonId, channel);
    if (isConnectionLost(error)) await closeLostMirrors(deps, salonId).catch(() => undefined);
    else if (existing.version === 0) {
      const failure = { kind: isCalendarError(error) ? error.kind : ((error as Error)?.name ?? 'unknown'), at: deps.now().toISOString() };
      await deps.calendarMirrors.save({ ...existing, failure, dueAt: failure.at, version: 1 }).catch(() => undefined);
    }
    throw error;
  }
  if (existing.channel) await stopChannel(deps, salonId, existing.channel);
  return mirror;
}

export type NotificationOutcome = 'synced' | 'opened' | 'closed' | 'ignored' | 'refused';

/**
 * A push notification (`POST /api/calendar/notifications`): believed only with the token of the
 * mirror's current channel (a stopped or forged channel is refused), then an incremental sync.
 * Until that sync ends, booking does not trust the mirror, unless the notification may be for
 * one of our own writes. `closed`: the sync found the connection broken and closed the salon's
 * mirrors, so Google is answered 200 (a retry could only fail again).
 */
export async function receiveNotification(deps: MirrorDeps, headers: { channelId?: string; token?: string; state?: string }): Promise<NotificationOutcome> {
  const parsed = headers.token ? readChannelToken(headers.token) : null;
  if (!parsed || !headers.channelId) return 'refused';
  const mirror = (await deps.calendarMirrors.list(parsed.salonId)).find((each) => each.calendarId === parsed.calendarId);
  const channel = mirror?.channel;
  if (!channel || channel.id !== headers.channelId || !sameSecret(channel.secret, parsed.secret)) return 'refused';
  // The channel's first message only says it is open: the full sync that opened it is running.
  if (headers.state === 'sync') return 'opened';
  // One of our own writes is still owed its notification: this is most likely it, and need not make booking ask Google (own-writes.ts).
  const now = deps.now();
  if (!(await takenForOwnWrite(deps, mirror, now.getTime()))) await deps.calendarMirrors.noteNotified(parsed.salonId, parsed.calendarId, now.toISOString());
  try {
    await syncMirror(deps, parsed.salonId, parsed.calendarId);
  } catch (error) {
    if (isConnectionLost(error)) return 'closed';
    throw error;
  }
  return 'synced';
}

/**
 * The mirrors' upkeep, run by the booking sweep (EventBridge Scheduler in AWS, a timer locally): a mirror whose channel expires
 * within a day, that has none (its first opening failed), or whose last sync failed gets a new channel and a full sync; any
 * other one due is synced incrementally (a lost notification caught within RESYNC_MS). `closed`: due
 * mirrors whose connection was found broken, closed rather than failed, so the sweep's alarm does
 * not fire every period until the owner reconnects.
 */
export async function renewMirrors(deps: MirrorDeps, limit: number): Promise<{ renewed: number; synced: number; failed: number; closed: number }> {
  const now = deps.now();
  const due = await deps.calendarMirrors.dueForRenewal(now, limit);
  const result = { renewed: 0, synced: 0, failed: 0, closed: 0 };
  for (const { salonId, calendarId } of due) {
    try {
      const mirror = await current(deps, salonId, calendarId);
      const renew = !mirror.channel || mirror.failure || Date.parse(mirror.channel.expiresAt) - RENEW_AHEAD_MS <= now.getTime();
      if (renew) await openMirror(deps, salonId, calendarId);
      else await syncMirror(deps, salonId, calendarId);
      result[renew ? 'renewed' : 'synced'] += 1;
    } catch (error) {
      result[isConnectionLost(error) ? 'closed' : 'failed'] += 1;
    }
  }
  return result;
}
