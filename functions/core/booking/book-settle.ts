import type { BookAnswer } from '../../contracts/agent-tools.js';
import { logger } from '../../logger.js';
import { firstAnswer } from './book-answers.js';
import type { Made } from './commit-with-cap.js';
import type { BookingDeps, SalonContext } from './context.js';
import { appointmentOf, publishBooking } from './projections.js';
import { settleOrLeave, type Marker } from './settle.js';

/** book after its commit: the answer, the booking event and what the request itself settles. */

export type Booked = Made & { bookingId: string; marker: Marker };

/**
 * A new confirmed booking, its appointment and caller's count committed with it, publishes
 * booking.confirmed; the rest of its projections and clearing its marker are the event's
 * consumer's (ensureConfirmed), and the sweep's from the marker if the consumer never finishes. Otherwise (a held time, a booking an earlier request
 * made, a caller's record not known to list it, the bus refusing the event) the request settles
 * it and clears the marker itself. The answer is told again from the day item to a retry under
 * the key (firstAnswer), so only a held time's is kept under the key, beside settling.
 */
export async function answerBooked(deps: BookingDeps, context: SalonContext, made: Booked, key: string | undefined, pastNoShows: number): Promise<BookAnswer> {
  const salonId = context.salon.id;
  const reservation = made.day.intervals.find((entry) => entry.bookingId === made.bookingId)!;
  const appointment = appointmentOf(salonId, made.chosen.id, reservation)!;
  const booked = firstAnswer(salonId, made.chosen.id, reservation, pastNoShows);
  // The appointment and the caller's count were written in the commit's transaction.
  if (made.callerListed && appointment.status === 'confirmed' && (await publishBooking(deps, context, 'booking.confirmed', appointment))) return booked;
  // The booking is made whatever happens to its answer: a key's claim (its marker too) is never released after the commit.
  const keep = () =>
    key && appointment.status === 'awaiting_deposit'
      ? deps.bookings.idempotency.complete(salonId, key, booked).catch((error: unknown) => {
          logger.warn('answer not kept under its key', { salonId, bookingId: made.bookingId, name: (error as Error)?.name });
        })
      : undefined;
  await Promise.all([settleOrLeave(deps, context, made.marker, [made.day], { rememberCaller: !made.callerListed }), keep()]);
  return booked;
}
