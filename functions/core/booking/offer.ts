import type { Hours } from '../../contracts/setup.js';
import { nearest, spread } from './slots.js';
import { atInstant, localDate, openingOn } from './time.js';

/**
 * What check-availability offers, decided from the free start times it found (pure: no reads, no
 * words; speak-offer.ts says it). Up to three options, spread over one day, and more times for the
 * agent to choose from.
 */
export const OPTIONS = 3;
export const MORE_TIMES = 12;
const SPREAD_MINUTES = 60;

/** Free start times grouped by start (several stylists free at once are one option). */
export interface StartTime {
  start: number;
  end: number;
  stylistIds: string[];
}

export interface OfferRequest {
  /** Free starts in the range asked for (the day, or the next two weeks). */
  starts: readonly StartTime[];
  /** When `starts` is empty: free starts in the range after it (the next day with room). */
  later?: readonly StartTime[];
  /** The day asked for, if any. */
  date?: string;
  /** The exact time asked for on that day, if any. */
  target?: number;
  /** A time asked for without a day (HH:MM). */
  time?: string;
  hours: Hours | null;
}

export type Offer =
  /** Nothing free in the range: the next day with room (if any), and whether the day asked for can be waited for. */
  | { kind: 'none'; options: StartTime[]; more: StartTime[]; nextDay: string | null; waitlistDate: string | null }
  /** The exact time asked for is free. */
  | { kind: 'exact'; options: [StartTime]; more: StartTime[] }
  /** The exact time asked for is not free: the nearest that day. */
  | { kind: 'nearest'; target: number; date: string; options: StartTime[]; more: StartTime[] }
  /** A time asked for without a day: the first days that have it free. */
  | { kind: 'same-time'; options: StartTime[]; more: StartTime[] }
  /** The first day with room, times spread over it. */
  | { kind: 'first-day'; day: string; options: StartTime[]; more: StartTime[] };

export function chooseOffer(request: OfferRequest): Offer {
  const { starts, date, target } = request;
  if (starts.length === 0) {
    const later = request.later ?? [];
    const nextDay = later[0] ? localDate(later[0].start) : null;
    const sameDay = later.filter((entry) => localDate(entry.start) === nextDay);
    const waitlistDate = date && request.hours && openingOn(request.hours, date) ? date : null;
    return { kind: 'none', options: spread(sameDay, OPTIONS, SPREAD_MINUTES), more: sameDay, nextDay, waitlistDate };
  }
  if (target !== undefined && date) {
    const exact = starts.find((entry) => entry.start === target);
    if (exact) return { kind: 'exact', options: [exact], more: [...starts] };
    return { kind: 'nearest', target, date, options: nearest(starts, target, OPTIONS), more: [...starts] };
  }
  if (request.time && !date) {
    const wanted = request.time.padStart(5, '0');
    const atThatTime = starts.filter((entry) => atInstant(entry.start).toFormat('HH:mm') === wanted);
    if (atThatTime.length) return { kind: 'same-time', options: atThatTime.slice(0, OPTIONS), more: [...starts] };
  }
  const day = localDate(starts[0]!.start);
  const sameDay = starts.filter((entry) => localDate(entry.start) === day);
  return { kind: 'first-day', day, options: spread(sameDay, OPTIONS, SPREAD_MINUTES), more: sameDay };
}
