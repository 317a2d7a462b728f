import type { OfferedSlot } from '../../contracts/agent-tools.js';
import type { Stylist } from '../../contracts/setup.js';
import { findFreeSlots, lastBookableDate, type Interval, type PartOfDay, type Slot } from './availability.js';
import { busyByStylist, calendarsOf, fetchBusy, withCachedConnection } from './calendar.js';
import { withMappingsRead, type BookingDeps, type SalonContext } from './context.js';
import { addDays, atInstant, daysBetween, localDate, wallClock } from './time.js';
import { speakDate, speakTime } from './speak.js';
import type { DayItem } from './records.js';
import { stylistsFor, workingDays } from './who-does-what.js';

/**
 * The I/O around the pure availability: read the stylists' day items and their calendars' busy
 * time for a range of days, then ask `findFreeSlots`.
 */
export interface SlotSearch {
  durationMinutes: number;
  /** Only stylists who do this service are offered, and only on their working days (who-does-what.ts). */
  serviceId: string;
  /** Candidates in preference order. */
  stylists: readonly Stylist[];
  fromDate: string;
  toDate: string;
  partOfDay?: PartOfDay;
  limit?: number;
}

export interface SlotSearchResult {
  slots: Slot[];
  calendar: 'ok' | 'none' | 'unavailable';
}

/** Booked intervals per stylist from their day items. */
export function bookedByStylist(days: readonly DayItem[], exceptBookingId?: string): Record<string, Interval[]> {
  const booked: Record<string, Interval[]> = {};
  for (const day of days) {
    const list = (booked[day.stylistId] ??= []);
    for (const interval of day.intervals) {
      if (interval.bookingId === exceptBookingId) continue;
      list.push({ start: Date.parse(interval.start), end: Date.parse(interval.end) });
    }
  }
  return booked;
}

/** Stylists whose mapped calendar one of `stylists` shares (their bookings are the salon's own events there). */
export function sharingCalendars(context: SalonContext, stylists: readonly Stylist[]): string[] {
  const { mappings } = context.setup;
  const calendars = new Set(stylists.map((stylist) => mappings[stylist.id]).filter(Boolean));
  const ids = new Set(stylists.map((stylist) => stylist.id));
  for (const [stylistId, calendarId] of Object.entries(mappings)) if (calendars.has(calendarId)) ids.add(stylistId);
  return [...ids];
}

export async function searchSlots(
  deps: BookingDeps,
  context: SalonContext,
  search: SlotSearch,
  options: { exceptBookingId?: string } = {},
): Promise<SlotSearchResult> {
  const hours = context.salon.hours;
  search = { ...search, stylists: stylistsFor(search.stylists, { id: search.serviceId }) };
  const now = deps.now().getTime();
  const today = localDate(now);
  const fromDate = search.fromDate < today ? today : search.fromDate;
  const lastDate = lastBookableDate(now);
  const toDate = search.toDate > lastDate ? lastDate : search.toDate;
  if (!hours || search.stylists.length === 0 || fromDate > toDate) return { slots: [], calendar: 'none' };

  const stylistIds = sharingCalendars(context, search.stylists);
  const dates = Array.from({ length: daysBetween(fromDate, toDate) + 1 }, (_, index) => addDays(fromDate, index));
  const from = Math.max(
    now,
    atInstant(Date.parse(`${fromDate}T00:00:00Z`))
      .startOf('day')
      .toMillis(),
  );
  const to =
    atInstant(Date.parse(`${toDate}T12:00:00Z`))
      .endOf('day')
      .toMillis() + 1;

  const candidateIds = search.stylists.map((stylist) => stylist.id);
  // The days and the calendars' mirrors in one read (where mirrors are kept; without them busy
  // time is asked live). The connection (cached per instance) is looked up meanwhile.
  const mapped = calendarsOf(context.setup.mappings, candidateIds);
  const calendarIds = deps.calendarMirrors ? mapped : [];
  if (mapped.length)
    void withCachedConnection(deps)
      .googleStore.getConnection(context.salon.id)
      .catch(() => null);
  const read = deps.bookings.readForOffer(
    context.salon.id,
    stylistIds.flatMap((stylistId) => dates.map((date) => ({ stylistId, date }))),
    calendarIds,
  );
  // The calendar mappings as read with the days: one the owner changed a moment ago counts at once.
  const mappingsOf = read.then((found) => withMappingsRead(context, stylistIds, found.mappings).setup.mappings);
  const [days, raw, mappings] = await Promise.all([
    read.then((found) => found.days),
    read.then(async (found) =>
      fetchBusy(deps, context.salon.id, await mappingsOf, candidateIds, from, to, 'offer', deps.calendarMirrors ? found.mirrors : undefined),
    ),
    mappingsOf,
  ]);
  const own = bookedByStylist(days);
  const booked = options.exceptBookingId ? bookedByStylist(days, options.exceptBookingId) : own;
  const busy = busyByStylist(raw, mappings, candidateIds, own);
  const slots = findFreeSlots({
    hours,
    durationMinutes: search.durationMinutes,
    stylistIds: candidateIds,
    booked,
    busy: busy.busy,
    workingDays: workingDays(search.stylists),
    now,
    fromDate,
    toDate,
    ...(search.partOfDay ? { partOfDay: search.partOfDay } : {}),
    ...(search.limit ? { limit: search.limit } : {}),
  });
  return { slots, calendar: busy.status };
}

/** Slots grouped by start time (several stylists free at once become one option). */
export function byStartTime(slots: readonly Slot[], stylists: readonly Stylist[]): { start: number; end: number; stylistIds: string[] }[] {
  const grouped = new Map<number, { start: number; end: number; stylistIds: string[] }>();
  for (const slot of slots) {
    const entry = grouped.get(slot.start) ?? { start: slot.start, end: slot.end, stylistIds: [] };
    entry.stylistIds.push(slot.stylistId);
    grouped.set(slot.start, entry);
  }
  const order = new Map(stylists.map((stylist, index) => [stylist.id, index]));
  return [...grouped.values()]
    .sort((a, b) => a.start - b.start)
    .map((entry) => ({ ...entry, stylistIds: entry.stylistIds.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) }));
}

export function offered(entry: { start: number; end: number; stylistIds: string[] }, stylists: readonly Stylist[], now: number): OfferedSlot {
  const names = new Map(stylists.map((stylist) => [stylist.id, stylist.name]));
  return {
    start: wallClock(entry.start),
    end: wallClock(entry.end),
    spoken: `${speakDate(localDate(entry.start), now)} at ${speakTime(entry.start)}`,
    stylists: entry.stylistIds.map((id) => ({ id, name: names.get(id) ?? '' })),
  };
}

/**
 * Up to `count` options spread over the day rather than three in a row: the first, then each
 * next one at least `gapMinutes` after the last chosen.
 */
export function spread<T extends { start: number }>(entries: readonly T[], count: number, gapMinutes: number): T[] {
  const chosen: T[] = [];
  for (const entry of entries) {
    const last = chosen[chosen.length - 1];
    if (!last || entry.start - last.start >= gapMinutes * 60_000) chosen.push(entry);
    if (chosen.length === count) break;
  }
  for (const entry of entries) {
    if (chosen.length >= count) break;
    if (!chosen.includes(entry)) chosen.push(entry);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/** The `count` entries nearest to `target`, in time order. */
export function nearest<T extends { start: number }>(entries: readonly T[], target: number, count: number): T[] {
  return [...entries]
    .sort((a, b) => Math.abs(a.start - target) - Math.abs(b.start - target) || a.start - b.start)
    .slice(0, count)
    .sort((a, b) => a.start - b.start);
}
