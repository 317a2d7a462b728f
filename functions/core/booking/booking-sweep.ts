import { logger } from '../../logger.js';
import type { SettleMarker } from '../ports/booking/settle-store.js';
import { retryCalendarSync } from './calendar-events.js';
import { loadSalonContext, type BookingDeps, type SalonContext } from './context.js';
import { endOnDay } from './day-changes.js';
import { releaseDepositOn } from './day-ledger.js';
import { ToolError } from './errors.js';

/**
 * The scheduled booking sweep (EventBridge Scheduler in AWS, a timer under `npm start`). Every
 * change of a booking is one transaction, so there is nothing half-done to repair; what is left is
 * what leaves the table or waits on a vendor:
 * - a held time whose deposit never came: book's transaction wrote its marker, due once the
 *   Checkout Session has expired, and Stripe's `checkout.session.expired` did not reach us;
 * - the calendar writes still pending (the calendar was down when the booking event came).
 */

/**
 * How long after its Checkout Session expired a hold is released without Stripe's
 * `checkout.session.expired` (the webhook normally does it first): long enough for a payment made
 * in the session's last minute to reach us.
 */
export const DEPOSIT_RELEASE_MARGIN_MS = 10 * 60_000;

/** The salon's context, or null when the salon is gone (its account deleted). */
function contextUnlessGone(deps: BookingDeps, salonId: string): Promise<SalonContext | null> {
  return loadSalonContext(deps, salonId).catch((error: unknown) => {
    if (error instanceof ToolError && error.code === 'unauthorized') return null;
    throw error;
  });
}

/** Releases a hold past its expiry, its marker cleared in the same transaction; a hold paid, cancelled or moved meanwhile only loses its marker. */
async function releaseLapsedHold(deps: BookingDeps, context: SalonContext, marker: SettleMarker): Promise<void> {
  const salonId = context.salon.id;
  const now = deps.now();
  const cleared = { clearedHolds: [{ salonId, id: marker.id }] };
  for (const stylistId of marker.stylistIds) {
    const ref = { stylistId, date: marker.date };
    const released = await endOnDay(
      deps,
      context,
      ref,
      marker.bookingId,
      (day) => releaseDepositOn(day, marker.bookingId, now.toISOString(), now.getTime() - DEPOSIT_RELEASE_MARGIN_MS),
      { extra: cleared },
    );
    if (released.result === 'not_due' || released.result === 'released') return;
  }
  await deps.bookings.settlements.clear([marker]);
}

export interface SweepOptions {
  /** Markers younger than this are left alone (a webhook on its way). */
  graceMs: number;
  limit: number;
}

export interface SweepResult {
  settled: number;
  failed: number;
  calendarSalons: number;
}

export async function sweepBookings(deps: BookingDeps, options: SweepOptions): Promise<SweepResult> {
  const before = new Date(deps.now().getTime() - options.graceMs);
  const [markers, calendarSalons] = await Promise.all([
    deps.bookings.settlements.stale(before, options.limit),
    deps.bookings.calendarSync.salonsWithPending(before, options.limit),
  ]);
  const result: SweepResult = { settled: 0, failed: 0, calendarSalons: calendarSalons.length };
  for (const marker of markers) {
    try {
      const context = await contextUnlessGone(deps, marker.salonId);
      // The salon is gone (account deleted): its marker is all that is left of it.
      if (!context) await deps.bookings.settlements.clear([marker]);
      else await releaseLapsedHold(deps, context, marker);
      result.settled += 1;
    } catch (error) {
      result.failed += 1;
      logger.warn('sweep could not release a held time', { salonId: marker.salonId, bookingId: marker.bookingId, name: (error as Error)?.name });
    }
  }
  for (const salonId of calendarSalons) await retryCalendarSync(deps, salonId, options.limit).catch(() => 0);
  return result;
}
