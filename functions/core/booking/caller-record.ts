import { BOOKING_RULES, toolSay } from '../../contracts/agent-tools.js';
import { UnavailableError } from '../errors.js';
import type { CallerRecord } from '../../store/booking-store.js';
import type { BookingDeps } from './context.js';
import { backoffMs, MAX_ATTEMPTS, pause } from './day-ledger.js';
import { ToolError } from './errors.js';

/**
 * The caller's record: bookings of the last hour (the cap) and upcoming ones (so "cancel my
 * booking" finds them by phone). A projection of the day items, updated with the same
 * optimistic concurrency; every change here is safe to repeat.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The record without bookings older than the cap's hour, nor upcoming ones long past. */
export const prunedCaller = (stored: CallerRecord, now: number): CallerRecord => ({
  version: stored.version,
  recent: stored.recent.filter((entry) => entry.at > now - HOUR),
  bookings: stored.bookings.filter((entry) => entry.start > now - DAY),
});

/**
 * Updates the caller's record (versioned like the day item). `change` answers the new record, or
 * a refusal to pass on. Old entries are pruned on the way. `firstRead` is the record as a batch
 * read just found it (saving a round trip); a lost race reads it again.
 */
async function updateCaller<R>(
  deps: Pick<BookingDeps, 'bookings' | 'now'>,
  salonId: string,
  phoneHash: string,
  change: (record: CallerRecord, now: number) => { record: CallerRecord; result: R } | { result: R; record?: undefined },
  firstRead?: CallerRecord,
): Promise<R> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS * 2; attempt += 1) {
    const stored = attempt === 0 && firstRead ? firstRead : await deps.bookings.callers.get(salonId, phoneHash);
    const now = deps.now().getTime();
    const outcome = change(prunedCaller(stored, now), now);
    if (!outcome.record) return outcome.result;
    if (await deps.bookings.callers.save(salonId, phoneHash, outcome.record)) return outcome.result;
    await pause(backoffMs(attempt));
  }
  throw new UnavailableError();
}

export const tooManyBookings = () => new ToolError('too_many_requests', 'too_many_bookings', toolSay.tooManyBookings, 'This caller has made too many bookings in the last hour');

/**
 * Whether the caller's record as read already refuses a new booking (the cap), so that nothing is
 * written for it; the commit (admitted) decides again on the record it writes.
 */
export function capReached(record: CallerRecord, bookingId: string, now: number): boolean {
  if (record.bookings.some((entry) => entry.bookingId === bookingId)) return false;
  return record.recent.filter((entry) => entry.at > now - HOUR).length >= BOOKING_RULES.maxBookingsPerCallerPerHour;
}

/**
 * The caller's record with a new booking counted against the hourly cap (RELIABILITY 8) and among
 * their upcoming ones: written in the booking's own transaction (commit-with-cap.ts). 'listed'
 * when it already is; refused (tooManyBookings) when the cap is reached.
 */
export function admitted(record: CallerRecord, booking: { bookingId: string; start: number }, now: number): CallerRecord | 'listed' {
  if (record.bookings.some((entry) => entry.bookingId === booking.bookingId)) return 'listed';
  if (record.recent.length >= BOOKING_RULES.maxBookingsPerCallerPerHour) throw tooManyBookings();
  return { ...record, recent: [...record.recent, { bookingId: booking.bookingId, at: now }], bookings: [...record.bookings, booking] };
}

/**
 * Lists a live booking among the caller's upcoming ones if their record missed it ("cancel my
 * booking" would not find it): book's commit now writes the record in its transaction, but a
 * booking made before that (the cap was written beside the commit, and a request could die between
 * the two) may still be unlisted. Settling repairs it; not counted against the cap again.
 */
export async function rememberCallerBooking(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string, booking: { bookingId: string; start: number }): Promise<void> {
  await updateCaller(deps, salonId, phoneHash, (record) => {
    if (record.bookings.some((entry) => entry.bookingId === booking.bookingId)) return { result: undefined };
    return { result: undefined, record: { ...record, bookings: [...record.bookings, booking] } };
  });
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
  await updateCaller(deps, salonId, phoneHash, (record) => {
    const done = record.bookings.some((entry) => entry.bookingId === to.bookingId) && !record.bookings.some((entry) => entry.bookingId === from);
    if (done) return { result: undefined };
    return { result: undefined, record: { ...record, bookings: [...record.bookings.filter((entry) => entry.bookingId !== from && entry.bookingId !== to.bookingId), to] } };
  }).catch(() => undefined);
}

/** The caller's upcoming booking ids (some may since have been cancelled: check the appointments). */
export async function callerBookingIds(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string): Promise<string[]> {
  const record = await deps.bookings.callers.get(salonId, phoneHash);
  return record.bookings.map((entry) => entry.bookingId);
}
