import { logger } from '../../logger.js';
import { isCalendarError } from '../../providers/calendar-port.js';
import { CalendarNotConnectedError, withCalendarGrant } from '../calendar-connection.js';
import type { CalendarConnection, GoogleStore } from '../../store/google-store.js';
import { mergeIntervals, subtractIntervals, type Interval } from './availability.js';
import type { BookingDeps } from './context.js';

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
 * The calendar connection, reused for a few seconds per warm instance (every tool call would read
 * it otherwise). A reconnect is seen within that time; a revoked grant still marks the stored
 * connection broken (conditionally on the token it was read with).
 */
const CONNECTION_TTL_MS = 5_000;
const connections = new WeakMap<GoogleStore, Map<string, { until: number; value: Promise<CalendarConnection | null> }>>();

export function withCachedConnection(deps: BookingDeps): BookingDeps {
  const store = deps.googleStore;
  let cache = connections.get(store);
  if (!cache) connections.set(store, (cache = new Map()));
  const known = cache;
  return {
    ...deps,
    googleStore: {
      ...store,
      getConnection(salonId) {
        const hit = known.get(salonId);
        if (hit && hit.until > Date.now()) return hit.value;
        const value = store.getConnection(salonId);
        known.set(salonId, { until: Date.now() + CONNECTION_TTL_MS, value });
        value.catch(() => known.delete(salonId));
        return value;
      },
      async markBroken(salonId, token, at) {
        known.delete(salonId);
        await store.markBroken(salonId, token, at);
      },
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

/** Free/busy of the stylists' mapped calendars between `from` and `to`. Never throws. */
export async function fetchBusy(deps: BookingDeps, salonId: string, mappings: Record<string, string>, stylistIds: readonly string[], from: number, to: number): Promise<RawBusy> {
  const calendarIds = [...new Set(stylistIds.map((id) => mappings[id]).filter((id): id is string => Boolean(id)))];
  if (calendarIds.length === 0 || !(to > from)) return { byCalendar: {}, status: 'none' };
  let answer;
  try {
    answer = await withTimeout(
      withCalendarGrant(withCachedConnection(deps), salonId, (grant) => deps.calendar.freeBusy(grant, calendarIds, new Date(from), new Date(to))),
      FREE_BUSY_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof CalendarNotConnectedError) return { byCalendar: {}, status: 'none' };
    logger.warn('calendar free/busy unavailable', { salonId, kind: failureKind(error) });
    return { byCalendar: {}, status: 'unavailable' };
  }
  const byCalendar: Record<string, Interval[]> = {};
  for (const calendarId of calendarIds) {
    const entry = answer[calendarId];
    if (!entry || entry.error) continue;
    const intervals = entry.busy.map((interval) => ({ start: Date.parse(interval.start), end: Date.parse(interval.end) }));
    byCalendar[calendarId] = mergeIntervals(intervals.filter((interval) => Number.isFinite(interval.start) && Number.isFinite(interval.end)));
  }
  return { byCalendar, status: 'ok' };
}

/**
 * Busy time per stylist. The salon's own events (bookings of any stylist mapped to the same
 * calendar, `own`) are taken out: with one shared calendar, Aoife's booking must not make Ciara
 * look busy.
 */
export function busyByStylist(raw: RawBusy, mappings: Record<string, string>, stylistIds: readonly string[], own: Readonly<Record<string, readonly Interval[]>>): BusyAnswer {
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
