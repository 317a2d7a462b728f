import type { Stylist } from '../../contracts/setup.js';
import type { BookingRead } from '../../store/booking-store.js';
import { admitCaller, forgetCallerBooking, refusedByCap } from './caller-record.js';
import type { BookingDeps } from './context.js';
import { changeDay, releaseOn, reserve } from './day-ledger.js';
import type { DayItem, DayReservation } from './records.js';

/** book's commit: the stylist's day takes the booking, with the caller's hourly cap written beside it. */

export interface Made {
  chosen: Stylist;
  day: DayItem;
  /** Whether the caller's record is known to list the booking (its write beside the commit landed). */
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
 * The commit and the caller's hourly cap in one round trip (the read just found the caller under
 * the cap and the time free, the common case). The rare outcomes are put right after: a time
 * taken meanwhile takes the cap's count back (it counts bookings made, not tries); a cap reached
 * meanwhile (the caller's other booking won the race for their record) releases the reservation,
 * and only if that cannot be done does the booking stand (a flood cap one over is better than a
 * caller told no while booked). Any other failure of the cap's write leaves the booking made, for
 * settling to list in the caller's record. Answers null when no candidate was free after all.
 */
export async function reserveWithCap(deps: BookingDeps, salonId: string, plan: CapAndCommit): Promise<Made | null> {
  const { bookingId } = plan.booking;
  // The commit is sent first: a process dying between the two leaves the booking, and the sweep lists it for the caller.
  const committed = (async () => {
    for (const candidate of plan.free) {
      const { result, day } = await changeDay(deps, salonId, { stylistId: candidate.id, date: plan.date }, (current) => reserve(current, plan.reservationFor(candidate)), plan.dayOf.get(candidate.id));
      if (result === 'reserved') return { chosen: candidate, day };
    }
    return null;
  })();
  const counted = admitCaller(deps, salonId, plan.phoneHash, plan.booking, plan.caller);
  const [reserved, admitted] = await Promise.allSettled([committed, counted]);
  const made = reserved.status === 'fulfilled' ? reserved.value : null;
  if (!made) {
    if (admitted.status === 'fulfilled') await forgetCallerBooking(deps, salonId, plan.phoneHash, bookingId);
    if (reserved.status === 'rejected') throw reserved.reason;
    return null;
  }
  if (admitted.status === 'rejected' && refusedByCap(admitted.reason)) {
    const released = await changeDay(deps, salonId, { stylistId: made.chosen.id, date: plan.date }, (day) => releaseOn(day, bookingId)).then(
      () => true,
      () => false,
    );
    if (released) throw admitted.reason;
  }
  return { ...made, callerListed: admitted.status === 'fulfilled' };
}
