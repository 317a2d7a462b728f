import { logger } from '../../logger.js';
import { isCalendarError } from '../ports/calendar.js';
import { CalendarNotConnectedError, withCalendarGrant } from '../calendar-connection.js';
import type { TokenCipher } from '../ports/token-cipher.js';
import type { CalendarMirror } from '../ports/calendar-mirror-store.js';
import type { CalendarConnection, GoogleStore } from '../ports/google-store.js';
import { mergeIntervals, subtractIntervals, type Interval } from './availability.js';
import type { BookingDeps } from './context.js';
import { isMirrorTrusted, mirrorBusy } from '../calendar/mirror-busy.js';

/**
 * The salon's Google Calendar (or the sandbox's) as booking sees it: busy time per stylist. A
 * caller is waiting, so every call has a short time limit; a slow, rate-limited or broken calendar
 * never stops a booking (RELIABILITY 19): availability goes on without busy time. The events
 * bookings write are calendar-events.ts's, after the answer.
 */
export const FREE_BUSY_TIMEOUT_MS = 2_000;
export const EVENT_WRITE_TIMEOUT_MS = 3_000;

export class CalendarTimeout extends Error {
  constructor() {
    super('The calendar took too long to answer');
    this.name = 'CalendarTimeout';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CalendarTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const failureKind = (error: unknown) => (isCalendarError(error) ? error.kind : ((error as Error)?.name ?? 'unknown'));

/**
 * The calendar connection and its decrypted grant, reused for a few seconds per warm instance
 * (every tool call would read the one and ask KMS for the other). A few seconds is safe: a
 * reconnect is seen within CONNECTION_TTL_MS (and a new refresh token is a new ciphertext, never
 * answered from the old one's entry); a grant revoked meanwhile is refused by Google itself,
 * which marks the stored connection broken (conditionally on the token it was read with) and
 * drops the entry. Expiry follows the injected clock (`deps.now`).
 */
export const CONNECTION_TTL_MS = 5_000;
interface Cached<T> {
  until: number;
  value: Promise<T>;
}
const connections = new WeakMap<GoogleStore, Map<string, Cached<CalendarConnection | null>>>();
const grants = new WeakMap<TokenCipher, Map<string, Cached<string>>>();

function remember<T>(cache: Map<string, Cached<T>>, key: string, now: number, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.until > now && hit.until - CONNECTION_TTL_MS <= now) return hit.value;
  const value = load();
  cache.set(key, { until: now + CONNECTION_TTL_MS, value });
  value.catch(() => cache.delete(key));
  if (cache.size > 500) for (const [stale, entry] of cache) if (entry.until <= now) cache.delete(stale);
  return value;
}

function cacheOf<K extends object, T>(caches: WeakMap<K, Map<string, Cached<T>>>, owner: K): Map<string, Cached<T>> {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  return cache;
}

export function withCachedConnection(deps: BookingDeps): BookingDeps {
  const store = deps.googleStore;
  const cipher = deps.tokenCipher;
  const known = cacheOf(connections, store);
  const decrypted = cacheOf(grants, cipher);
  return {
    ...deps,
    googleStore: {
      ...store,
      getConnection: (salonId) => remember(known, salonId, deps.now().getTime(), () => store.getConnection(salonId)),
      async markBroken(salonId, token, at) {
        known.delete(salonId);
        decrypted.delete(`${salonId}\n${token}`);
        await store.markBroken(salonId, token, at);
      },
    },
    tokenCipher: {
      ...cipher,
      decrypt: (ciphertext, salonId) => remember(decrypted, `${salonId}\n${ciphertext}`, deps.now().getTime(), () => cipher.decrypt(ciphertext, salonId)),
    },
  };
}

export interface RawBusy {
  /** Busy intervals per calendar id. */
  byCalendar: Record<string, Interval[]>;
  /** `ok`: read; `none`: no calendar connected or mapped; `unavailable`: could not be read. */
  status: 'ok' | 'none' | 'unavailable';
}

export interface BusyAnswer {
  busy: Record<string, Interval[]>;
  status: RawBusy['status'];
}

/** One live freeBusy call for these calendars. Null when it could not be read; throws only CalendarNotConnectedError. */
async function liveBusy(
  deps: BookingDeps,
  salonId: string,
  calendarIds: readonly string[],
  from: number,
  to: number,
): Promise<Record<string, Interval[]> | null> {
  let answer;
  try {
    answer = await withTimeout(
      withCalendarGrant(withCachedConnection(deps), salonId, (grant) => deps.calendar.freeBusy(grant, [...calendarIds], new Date(from), new Date(to))),
      FREE_BUSY_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof CalendarNotConnectedError) throw error;
    logger.warn('calendar free/busy unavailable', { salonId, kind: failureKind(error) });
    return null;
  }
  const byCalendar: Record<string, Interval[]> = {};
  for (const calendarId of calendarIds) {
    const entry = answer[calendarId];
    if (!entry || entry.error) continue;
    const intervals = entry.busy.map((interval) => ({ start: Date.parse(interval.start), end: Date.parse(interval.end) }));
    byCalendar[calendarId] = intervals.filter((interval) => Number.isFinite(interval.start) && Number.isFinite(interval.end));
  }
  return byCalendar;
}

/**
 * Busy time of the stylists' mapped calendars between `from` and `to`. Never throws. Offering
 * times (`offer`) reads the calendar mirror only; `book` trusts a mirror that is fresh
 * (mirror-busy.ts) and otherwise makes one live freeBusy call for the calendars it does not
 * trust, over the booking's own time; if Google cannot answer, the mirror as it is still counts.
 * A calendar with no mirror yet (not opened, or opening failed) is asked live either way.
 */
/** The distinct calendars mapped to these stylists. */
export function calendarsOf(mappings: Record<string, string>, stylistIds: readonly string[]): string[] {
  return [...new Set(stylistIds.map((id) => mappings[id]).filter((id): id is string => Boolean(id)))];
}

/**
 * Starts reading the calendar connection that busy time will need (kept per warm instance), so a
 * caller whose instance's copy has expired does not wait on it as a step of its own after the
 * booking's read.
 */
export function prefetchConnection(deps: BookingDeps, salonId: string, mappings: Record<string, string>, stylistIds: readonly string[]): void {
  if (calendarsOf(mappings, stylistIds).length === 0) return;
  withCachedConnection(deps)
    .googleStore.getConnection(salonId)
    .catch(() => undefined);
}

export async function fetchBusy(
  deps: BookingDeps,
  salonId: string,
  mappings: Record<string, string>,
  stylistIds: readonly string[],
  from: number,
  to: number,
  purpose: 'offer' | 'book' = 'offer',
  /** The salon's mirrors when the caller has read them already (book reads them with the days). */
  preloaded?: readonly CalendarMirror[],
): Promise<RawBusy> {
  const calendarIds = calendarsOf(mappings, stylistIds);
  if (calendarIds.length === 0 || !(to > from)) return { byCalendar: {}, status: 'none' };
  const now = deps.now().getTime();
  // A disconnected calendar's mirror is not the salon's any more (a broken one still counts until reconnected).
  if (!(await withCachedConnection(deps).googleStore.getConnection(salonId))) return { byCalendar: {}, status: 'none' };
  const listed = preloaded ?? (deps.calendarMirrors ? await deps.calendarMirrors.list(salonId).catch(() => []) : []);
  const mirrors = new Map(listed.map((mirror) => [mirror.calendarId, mirror]));
  const byCalendar: Record<string, Interval[]> = {};
  const ask: string[] = [];
  for (const calendarId of calendarIds) {
    const mirror = mirrors.get(calendarId);
    if (mirror?.syncedAt && (purpose === 'offer' || isMirrorTrusted(mirror, now))) byCalendar[calendarId] = mirrorBusy(mirror, from, to);
    else ask.push(calendarId);
  }
  let status: RawBusy['status'] = 'ok';
  if (ask.length) {
    let live: Record<string, Interval[]> | null;
    try {
      live = await liveBusy(deps, salonId, ask, from, to);
    } catch {
      return { byCalendar: {}, status: 'none' };
    }
    for (const calendarId of ask) {
      const mirror = mirrors.get(calendarId);
      if (live?.[calendarId]) byCalendar[calendarId] = live[calendarId];
      // Google is down: the mirror as it is beats no busy time at all.
      else if (mirror?.syncedAt) byCalendar[calendarId] = mirrorBusy(mirror, from, to);
      else status = 'unavailable';
    }
  }
  for (const calendarId of Object.keys(byCalendar)) byCalendar[calendarId] = mergeIntervals(byCalendar[calendarId]!);
  return { byCalendar, status };
}

/**
 * Busy time per stylist. The salon's own events (bookings of any stylist mapped to the same
 * calendar, `own`) are taken out: with one shared calendar, Aoife's booking must not make Ciara
 * look busy.
 */
export function busyByStylist(
  raw: RawBusy,
  mappings: Record<string, string>,
  stylistIds: readonly string[],
  own: Readonly<Record<string, readonly Interval[]>>,
): BusyAnswer {
  const ownByCalendar = new Map<string, Interval[]>();
  for (const [stylistId, calendarId] of Object.entries(mappings)) {
    const list = ownByCalendar.get(calendarId) ?? [];
    list.push(...(own[stylistId] ?? []));
    ownByCalendar.set(calendarId, list);
  }
  const busy: Record<string, Interval[]> = {};
  for (const stylistId of stylistIds) {
    const calendarId = mappings[stylistId];
    const intervals = calendarId ? raw.byCalendar[calendarId] : undefined;
    if (calendarId && intervals) busy[stylistId] = subtractIntervals(intervals, ownByCalendar.get(calendarId) ?? []);
  }
  return { busy, status: raw.status };
}

export async function stylistBusy(
  deps: BookingDeps,
  salonId: string,
  mappings: Record<string, string>,
  stylistIds: readonly string[],
  own: Readonly<Record<string, readonly Interval[]>>,
  from: number,
  to: number,
): Promise<BusyAnswer> {
  return busyByStylist(await fetchBusy(deps, salonId, mappings, stylistIds, from, to), mappings, stylistIds, own);
}
