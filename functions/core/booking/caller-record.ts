import { BOOKING_RULES, toolSay } from '../../contracts/agent-tools.js';
import type { CallerRecord } from '../ports/booking/caller-store.js';
import type { BookingDeps } from './context.js';
import { ToolError } from './errors.js';

/**
 * The caller's record: bookings of the last hour (the cap) and upcoming ones (so "cancel my
 * booking" finds them by phone). Written at the version read, in the transaction of the booking
 * (or move) it lists; a cancelled booking stays listed until it is past (the appointment says it
 * is cancelled) and in the cap's hour.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The record without bookings older than the cap's hour, nor upcoming ones long past. */
export const prunedCaller = (stored: CallerRecord, now: number): CallerRecord => ({
  version: stored.version,
  recent: stored.recent.filter((entry) => entry.at > now - HOUR),
  bookings: stored.bookings.filter((entry) => entry.start > now - DAY),
});

export const tooManyBookings = () =>
  new ToolError('too_many_requests', 'too_many_bookings', toolSay.tooManyBookings, 'This caller has made too many bookings in the last hour');

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
 * their upcoming ones: written in the booking's own transaction (book.ts, booking-change.ts). 'listed'
 * when it already is; refused (tooManyBookings) when the cap is reached.
 */
export function admitted(record: CallerRecord, booking: { bookingId: string; start: number }, now: number): CallerRecord | 'listed' {
  if (record.bookings.some((entry) => entry.bookingId === booking.bookingId)) return 'listed';
  if (record.recent.length >= BOOKING_RULES.maxBookingsPerCallerPerHour) throw tooManyBookings();
  return { ...record, recent: [...record.recent, { bookingId: booking.bookingId, at: now }], bookings: [...record.bookings, booking] };
}

/** The caller's upcoming booking ids (some may since have been cancelled: check the appointments). */
export async function callerBookingIds(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string, phoneHash: string): Promise<string[]> {
  const record = await deps.bookings.callers.get(salonId, phoneHash);
  return record.bookings.map((entry) => entry.bookingId);
}
