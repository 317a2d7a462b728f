import type { Day, Hours } from '../../contracts/setup.js';
import { BOOKING_RULES, type PARTS_OF_DAY } from '../../contracts/agent-tools.js';
import { addDays, atInstant, dayOfWeek, daysBetween, localDate, MINUTE, openingOn } from './time.js';

/**
 * Free start times, as plain functions of their inputs (no I/O, no clock): the salon's opening
 * hours, the service's duration, each stylist's booked and busy intervals, now, the horizon and
 * the grid. Everything is in epoch milliseconds; dates are local (Europe/Dublin).
 *
 * Candidates step through the open day in absolute 15-minute steps from the first quarter hour at
 * or after opening. Irish offsets are whole hours, so absolute quarter hours are wall-clock
 * quarter hours, and on the days the clocks change a skipped hour is never offered and a repeated
 * hour is offered once per real occurrence.
 */
export interface Interval {
  start: number;
  end: number;
}

export type PartOfDay = (typeof PARTS_OF_DAY)[number];

export interface AvailabilityRequest {
  hours: Hours;
  durationMinutes: number;
  /** Candidate stylists, in the order the salon prefers them. */
  stylistIds: readonly string[];
  /** The salon's own bookings per stylist. */
  booked: Readonly<Record<string, readonly Interval[]>>;
  /** Busy time on each stylist's calendar. */
  busy: Readonly<Record<string, readonly Interval[]>>;
  /** The days each stylist works (who-does-what.ts); a stylist not named works every day the salon opens. */
  workingDays?: Readonly<Record<string, readonly Day[]>>;
  now: number;
  /** The local dates to search, inclusive. */
  fromDate: string;
  toDate: string;
  horizonDays?: number;
  gridMinutes?: number;
  minNoticeMinutes?: number;
  partOfDay?: PartOfDay;
  /** Stop after this many slots (a slot is one start time with one stylist). */
  limit?: number;
}

export interface Slot {
  start: number;
  end: number;
  stylistId: string;
}

/** Sorted, disjoint intervals covering the same time. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((interval) => interval.end > interval.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** `from` minus `cut`: the parts of `from` that `cut` does not cover (both any order). */
export function subtractIntervals(from: readonly Interval[], cut: readonly Interval[]): Interval[] {
  const base = mergeIntervals(from);
  const holes = mergeIntervals(cut);
  const result: Interval[] = [];
  let h = 0;
  for (const interval of base) {
    let cursor = interval.start;
    while (h < holes.length && holes[h]!.end <= cursor) h += 1;
    let k = h;
    while (k < holes.length && holes[k]!.start < interval.end) {
      if (holes[k]!.start > cursor) result.push({ start: cursor, end: holes[k]!.start });
      cursor = Math.max(cursor, holes[k]!.end);
      k += 1;
    }
    if (cursor < interval.end) result.push({ start: cursor, end: interval.end });
  }
  return result;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The last local date a caller can book, counted from now. */
export function lastBookableDate(now: number, horizonDays: number = BOOKING_RULES.horizonDays): string {
  return addDays(localDate(now), horizonDays);
}

const PARTS: Record<PartOfDay, [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
};

export function findFreeSlots(request: AvailabilityRequest): Slot[] {
  const grid = (request.gridMinutes ?? BOOKING_RULES.gridMinutes) * MINUTE;
  const duration = request.durationMinutes * MINUTE;
  const horizonDays = request.horizonDays ?? BOOKING_RULES.horizonDays;
  const earliest = request.now + (request.minNoticeMinutes ?? BOOKING_RULES.minNoticeMinutes) * MINUTE;
  const lastDate = lastBookableDate(request.now, horizonDays);
  const today = localDate(request.now);
  const limit = request.limit ?? Number.POSITIVE_INFINITY;
  if (!(duration > 0) || request.stylistIds.length === 0) return [];

  const stylists = request.stylistIds.map((id) => ({
    id,
    blocked: mergeIntervals([...(request.booked[id] ?? []), ...(request.busy[id] ?? [])]),
    next: 0,
  }));

  const fromDate = request.fromDate < today ? today : request.fromDate;
  const toDate = request.toDate > lastDate ? lastDate : request.toDate;
  const days = daysBetween(fromDate, toDate);
  const slots: Slot[] = [];
  for (let index = 0; index <= days; index += 1) {
    const date = addDays(fromDate, index);
    const opening = openingOn(request.hours, date);
    if (!opening) continue;
    const weekday = dayOfWeek(date);
    const working = stylists.filter((stylist) => request.workingDays?.[stylist.id]?.includes(weekday) ?? true);
    if (working.length === 0) continue;
    const first = Math.max(Math.ceil(opening.open / grid) * grid, Math.ceil(earliest / grid) * grid);
    const wallMinutes = wallClock(opening.open, opening.close);
    const window = request.partOfDay ? PARTS[request.partOfDay] : undefined;
    for (let start = first; start + duration <= opening.close; start += grid) {
      if (window) {
        const minutes = wallMinutes(start);
        if (minutes < window[0] || minutes >= window[1]) continue;
      }
      const end = start + duration;
      for (const stylist of working) {
        const { blocked } = stylist;
        while (stylist.next < blocked.length && blocked[stylist.next]!.end <= start) stylist.next += 1;
        const blocking = blocked[stylist.next];
        if (blocking && blocking.start < end) continue;
        slots.push({ start, end, stylistId: stylist.id });
        if (slots.length >= limit) return slots;
      }
    }
  }
  return slots;
}

/**
 * Minutes since local midnight of an instant between `open` and `close`. One zone lookup per day
 * when the offset does not change within the open hours (it never does for a salon); luxon per
 * instant otherwise.
 */
function wallClock(open: number, close: number): (instant: number) => number {
  const opened = atInstant(open);
  if (opened.offset === atInstant(close).offset) {
    const base = opened.hour * 60 + opened.minute;
    return (instant) => base + Math.floor((instant - open) / MINUTE);
  }
  return (instant) => {
    const local = atInstant(instant);
    return local.hour * 60 + local.minute;
  };
}
