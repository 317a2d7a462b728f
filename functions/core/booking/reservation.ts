import { BOOKING_RULES, toolSay } from '../../contracts/agent-tools.js';
import { ServiceUnavailableError } from '../../http/errors.js';
import type { CallerRecord, DayItem, DayReservation } from '../../store/booking-store.js';
import type { BookingDeps } from './context.js';
import { ToolError } from './errors.js';

/**
 * Optimistic writes on versioned items: read, check, write on the condition that the version is
 * still the one read; on a lost race wait a little (jittered, growing) and go again, a bounded
 * number of times. Works the same on DynamoDB and dynalite, holds no locks.
 */
export const MAX_ATTEMPTS = 8;

export function backoffMs(attempt: number): number {
  const ceiling = Math.min(80, 4 * 2 ** attempt);
  return Math.random() * ceiling;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const overlapsReservation = (a: DayReservation, start: number, end: number) => Date.parse(a.start) < end && start < Date.parse(a.end);

export type ReserveOutcome = 'reserved' | 'taken' | 'contended';

/**
 * Adds the booking's interval to the stylist's day unless it overlaps one already there.
 * `replacing` names a booking of the same day whose interval is swapped out in the same write
 * (a reschedule within the day). A booking id already on the day counts as reserved (a retry).
 */
export async function reserveInterval(
  deps: Pick<BookingDeps, 'bookings'>,
  salonId: string,
  day: { stylistId: string; date: string },
  interval: { bookingId: string; start: number; end: number },
  options: { prefetched?: DayItem; replacing?: string } = {},
): Promise<ReserveOutcome> {
  let current = options.prefetched;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    current ??= await deps.bookings.getDay(salonId, day.stylistId, day.date);
    if (current.intervals.some((existing) => existing.bookingId === interval.bookingId)) return 'reserved';
    const others = current.intervals.filter((existing) => existing.bookingId !== options.replacing);
    if (others.some((existing) => overlapsReservation(existing, interval.start, interval.end))) return 'taken';
    const written = await deps.bookings.saveDay(salonId, {
      ...current,
      intervals: [...others, { bookingId: interval.bookingId, start: new Date(interval.start).toISOString(), end: new Date(interval.end).toISOString() }],
    });
    if (written) return 'reserved';
    current = undefined;
    await pause(backoffMs(attempt));
  }
  return 'contended';
}

/** Takes the booking's interval off the stylist's day (nothing to do when it is not there). */
export async function releaseInterval(deps: Pick<BookingDeps, 'bookings'>, salonId: string, day: { stylistId: string; date: string }, bookingId: string): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS * 2; attempt += 1) {
    const current = await deps.bookings.getDay(salonId, day.stylistId, day.date);
    if (!current.intervals.some((existing) => existing.bookingId === bookingId)) return;
    const written = await deps.bookings.saveDay(salonId, { ...current, intervals: current.intervals.filter((existing) => existing.bookingId !== bookingId) });
    if (written) return;
    await pause(backoffMs(attempt));
  }
  throw new ServiceUnavailableError();
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Updates the caller's record (versioned like the day item). `change` answers the new record, or
 * a refusal to pass on. Old entries are pruned on the way.
 */
async function updateCaller<R>(
  deps: Pick<BookingDeps, 'bookings' | 'now'>,
  salonId: string,
  phoneHash: string,
  change: (record: CallerRecord, now: number) => { record: CallerRecord; result: R } | { result: R; record?: undefined },
): Promise<R> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS * 2; attempt += 1) {
    const stored = await deps.bookings.getCaller(salonId, phoneHash);
    const now = deps.now().getTime();
    const pruned: CallerRecord = {
      version: stored.version,
      recent: stored.recent.filter((entry) => entry.at > now - HOUR),
      bookings: stored.bookings.filter((entry) => entry.start > now - DAY),
    };
    const outcome = change(pruned, now);
    if (!outcome.record) return outcome.result;
    if (await deps.bookings.saveCaller(salonId, phoneHash, outcome.record)) return outcome.result;
    await pause(backoffMs(attempt));
  }
  throw new ServiceUnavailableError();
}

/**
 * Counts a new booking against the caller's hourly cap (RELIABILITY 8) and remembers it among
 * their upcoming ones. Refuses (429, nothing else written) when the cap is reached.
 */
export async function admitCaller(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string, booking: { bookingId: string; start: number }): Promise<void> {
  const admitted = await updateCaller(deps, salonId, phoneHash, (record, now) => {
    if (record.bookings.some((entry) => entry.bookingId === booking.bookingId)) return { result: true };
    if (record.recent.length >= BOOKING_RULES.maxBookingsPerCallerPerHour) return { result: false };
    return {
      result: true,
      record: { ...record, recent: [...record.recent, { bookingId: booking.bookingId, at: now }], bookings: [...record.bookings, booking] },
    };
  });
  if (!admitted) throw new ToolError(429, 'too_many_bookings', toolSay.tooManyBookings, 'This caller has made too many bookings in the last hour');
}

/** Forgets a booking that did not happen (it no longer counts against the cap). Never throws. */
export async function forgetCallerBooking(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string, bookingId: string, options: { keepInCap?: boolean } = {}): Promise<void> {
  await updateCaller(deps, salonId, phoneHash, (record) => {
    if (!record.bookings.some((entry) => entry.bookingId === bookingId) && !record.recent.some((entry) => entry.bookingId === bookingId)) return { result: undefined };
    return {
      result: undefined,
      record: {
        ...record,
        recent: options.keepInCap ? record.recent : record.recent.filter((entry) => entry.bookingId !== bookingId),
        bookings: record.bookings.filter((entry) => entry.bookingId !== bookingId),
      },
    };
  }).catch(() => undefined);
}

/** A reschedule: the caller's upcoming booking changes id and time (not a new booking for the cap). */
export async function moveCallerBooking(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string, from: string, to: { bookingId: string; start: number }): Promise<void> {
  await updateCaller(deps, salonId, phoneHash, (record) => ({
    result: undefined,
    record: { ...record, bookings: [...record.bookings.filter((entry) => entry.bookingId !== from && entry.bookingId !== to.bookingId), to] },
  })).catch(() => undefined);
}

/** The caller's upcoming booking ids (some may since have been cancelled: check the appointments). */
export async function callerBookingIds(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string): Promise<string[]> {
  const record = await deps.bookings.getCaller(salonId, phoneHash);
  return record.bookings.map((entry) => entry.bookingId);
}
