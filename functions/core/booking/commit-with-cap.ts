import { UnavailableError } from '../errors.js';
import type { Stylist } from '../../contracts/setup.js';
import type { BookingRead } from '../../store/booking-store.js';
import { admitted, prunedCaller } from './caller-record.js';
import type { BookingDeps } from './context.js';
import { backoffMs, MAX_ATTEMPTS, pause, pruned, reserve } from './day-ledger.js';
import { appointmentOf } from './projections.js';
import type { DayItem, DayReservation } from './records.js';

/**
 * book's commit: one transaction (store/booking/booking-commit.ts) in which the stylist's day takes
 * the booking, the caller's record counts it against the hourly cap and the appointment is made.
 */

export interface Made {
  chosen: Stylist;
  day: DayItem;
  /** Whether the caller's record and the appointment were written with the day (always, unless a retry found the booking already on the day). */
  callerListed: boolean;
}

export interface CapAndCommit {
  date: string;
  free: readonly Stylist[];
  dayOf: ReadonlyMap<string, DayItem>;
  reservationFor: (candidate: Stylist) => DayReservation;
  phoneHash: string;
  booking: { bookingId: string; start: number };
  caller: BookingRead['caller'];
}

/**
 * Tries the free candidates in turn, each with one transaction on the days and the caller's record
 * as read. A refusal writes nothing: the item whose condition failed is read again and decided
 * again, so a time taken meanwhile moves on to the next candidate and a cap reached meanwhile
 * refuses the caller (too_many_bookings), with nothing to take back. Answers null when no
 * candidate was free after all.
 */
export async function reserveWithCap(deps: BookingDeps, salonId: string, plan: CapAndCommit): Promise<Made | null> {
  let caller = plan.caller;
  const days = new Map(plan.dayOf);
  const ref = (candidate: Stylist) => ({ stylistId: candidate.id, date: plan.date });
  for (const candidate of plan.free) {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt >= MAX_ATTEMPTS) throw new UnavailableError();
      const day = days.get(candidate.id) ?? (await deps.bookings.days.get(salonId, ref(candidate)));
      const reservation = plan.reservationFor(candidate);
      const { result, next } = reserve(day, reservation);
      if (result === 'taken') break;
      const now = deps.now().getTime();
      // Already on the day: a retry of a request that died after its commit; settling lists it.
      if (!next) return { chosen: candidate, day, callerListed: false };
      const current = prunedCaller(caller, now);
      const counted = admitted(current, plan.booking, now);
      // Listed already (a record written before commits were transactions): written as it is, with the day.
      const record = counted === 'listed' ? current : counted;
      const written = pruned(next, now);
      const appointment = appointmentOf(salonId, candidate.id, reservation)!;
      const outcome = await deps.bookings.commitNewBooking(salonId, { day: written, caller: { phoneHash: plan.phoneHash, record }, appointment });
      if (outcome === 'committed') return { chosen: candidate, day: { ...written, version: day.version + 1 }, callerListed: true };
      if (outcome === 'appointment-exists') throw new UnavailableError();
      // Only what refused it is read again: the day (another booking, or a conflicting transaction) or the caller's record.
      if (outcome === 'caller-changed') caller = await deps.bookings.callers.get(salonId, plan.phoneHash);
      else days.set(candidate.id, await deps.bookings.days.get(salonId, ref(candidate)));
      await pause(backoffMs(attempt));
    }
  }
  return null;
}
