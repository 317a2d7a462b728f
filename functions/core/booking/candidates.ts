import type { Service, Stylist } from '../../contracts/setup.js';
import { overlaps, type Interval } from './availability.js';
import { speakSlotTaken } from './book-answers.js';
import type { BookingDeps, SalonContext } from './context.js';
import { ToolError } from './errors.js';
import { bookedByStylist, byStartTime, nearest, offered, searchSlots } from './slots.js';
import { localDate } from './time.js';
import { servicePriceCents } from '../money.js';
import type { BookingRecord, DayItem } from './records.js';

/**
 * Who can take a booking (book and reschedule): the stylists free at the time, in the order they
 * are tried, the record the chosen one's day keeps, and the nearby times offered when none is.
 */

/** What the appointment is rebuilt from, for the stylist who takes it. */
export function recordFor(context: SalonContext, stylist: Stylist, fields: Omit<BookingRecord, 'stylistName' | 'calendarId'>): BookingRecord {
  return { ...fields, stylistName: stylist.name, calendarId: context.setup.mappings[stylist.id] ?? null };
}

export function serviceRecord(service: Service): BookingRecord['service'] {
  return {
    id: service.id,
    name: service.name,
    durationMinutes: service.duration,
    ...servicePriceCents(service),
  };
}

/** Any stylist: the least booked that day first, then the salon's order; only those free then. */
export function freeCandidates(
  candidates: readonly Stylist[],
  days: ReadonlyMap<string, DayItem>,
  busy: Record<string, Interval[]>,
  interval: Interval,
  options: { byLoad: boolean; exceptBookingId?: string },
): Stylist[] {
  const booked = bookedByStylist([...days.values()], options.exceptBookingId);
  const isFree = (candidate: Stylist) =>
    !(booked[candidate.id] ?? []).some((existing) => overlaps(existing, interval)) &&
    !(busy[candidate.id] ?? []).some((existing) => overlaps(existing, interval));
  return candidates
    .map((candidate, position) => ({ candidate, position, load: days.get(candidate.id)?.intervals.length ?? 0 }))
    .filter(({ candidate }) => isFree(candidate))
    .sort((a, b) => (options.byLoad ? a.load - b.load : 0) || a.position - b.position)
    .map(({ candidate }) => candidate);
}

/** Nearby free times on the same day, for "that time was just taken" answers. */
export async function alternativesNear(deps: BookingDeps, context: SalonContext, service: Service, stylist: Stylist | null, start: number) {
  const date = localDate(start);
  const found = await searchSlots(deps, context, {
    durationMinutes: service.duration,
    serviceId: service.id,
    stylists: stylist ? [stylist] : context.setup.stylists,
    fromDate: date,
    toDate: date,
  });
  const now = deps.now().getTime();
  return nearest(byStartTime(found.slots, context.setup.stylists), start, 3).map((entry) => offered(entry, context.setup.stylists, now));
}

export async function slotTaken(deps: BookingDeps, context: SalonContext, service: Service, stylist: Stylist | null, start: number): Promise<never> {
  const alternatives = await alternativesNear(deps, context, service, stylist, start).catch(() => []);
  throw new ToolError('conflict', 'slot_taken', speakSlotTaken(alternatives), 'That time is no longer free', { alternatives });
}
