import { logger } from '../../logger.js';
import { isPaymentsError } from '../ports/payments.js';
import { publicAppointment, type EndedReservation, type StoredAppointment } from './records.js';
import { UnavailableError } from '../errors.js';
import type { BookingDeps, DepositDeps, SalonContext } from './context.js';

/**
 * A deposit's Checkout Session follows its booking (RELIABILITY 66): money is taken only while the
 * booking holds its time. When the booking ends unpaid (cancelled, moved, cleared), its session is
 * expired, so the texted link can no longer be paid; a payment that reaches us anyway (paid in the
 * moment before, or a delayed method that succeeded after the hold was released) is refunded at
 * once, on the account it was paid to, and the caller is told by text.
 */

export const depositDeps = (deps: BookingDeps): DepositDeps | null => (deps.payments && deps.subscriptions && deps.config ? (deps as DepositDeps) : null);

/** A Stripe outage is a retry for whoever asked (the webhook answers 503, the sweep comes back), never a raw error. */
async function orRetryLater(request: () => Promise<void>): Promise<void> {
  try {
    await request();
  } catch (error) {
    if (isPaymentsError(error, 'unavailable')) throw new UnavailableError();
    throw error;
  }
}

/**
 * A booking that ended while its deposit was unpaid: its session is expired. A hold that lapsed
 * (its session expired, or its delayed payment failed) has nothing left to expire. Throws while
 * Stripe cannot be reached (the caller logs it: the session then lapses on its own, and a payment
 * made meanwhile is refunded).
 */
export async function expireUnpaidDeposit(deps: BookingDeps, salonId: string, ended: EndedReservation): Promise<void> {
  const deposit = ended.record?.deposit;
  const found = depositDeps(deps);
  if (!found || !deposit || deposit.paidAt || ended.reason === 'deposit_not_paid') return;
  await orRetryLater(() => found.payments.expireDepositCheckout({ salonId, sessionId: deposit.sessionId }));
}

/** What Stripe said of a deposit: paid, its delayed payment failed, or its session expired unpaid. */
export type DepositOutcome = 'paid' | 'failed' | 'expired';

/** Which payment a deposit was and how much, as Stripe's event says. */
export interface DepositPayment {
  paymentIntentId: string | null;
  amountCents: number | null;
}

/**
 * A deposit paid for a booking that no longer holds its time: refunded in full (one refund per
 * booking, whatever the redeliveries) and `booking.deposit-refunded` published, whose text tells
 * the caller. Answers whether it was refunded.
 */
export async function refundLateDeposit(deps: BookingDeps, context: SalonContext, appointment: StoredAppointment, payment: DepositPayment): Promise<boolean> {
  const found = depositDeps(deps);
  const ids = { salonId: context.salon.id, bookingId: appointment.id };
  if (!found || !payment.paymentIntentId) {
    logger.error('deposit paid after its booking ended, with nothing to refund it by; refund it from the Stripe dashboard', ids);
    return false;
  }
  const paymentIntentId = payment.paymentIntentId;
  try {
    await orRetryLater(() =>
      found.payments.refundDeposit({ salonId: ids.salonId, bookingId: appointment.id, paymentIntentId, idempotencyKey: `deposit-refund-${appointment.id}` }),
    );
  } catch (error) {
    if (!isPaymentsError(error)) throw error;
    logger.error('deposit paid after its booking ended and Stripe refused the refund; refund it from the Stripe dashboard', { ...ids, kind: error.kind });
    return false;
  }
  logger.warn('deposit paid after its booking ended: refunded', ids);
  try {
    await deps.events.publish('booking.deposit-refunded', {
      appointment: publicAppointment({ ...appointment, status: 'cancelled' }),
      salonName: context.salon.name,
      depositCents: payment.amountCents,
    });
  } catch (error) {
    // The refund stands; a redelivery of the payment's event publishes again (the text is sent once).
    logger.error('booking event not published', { type: 'booking.deposit-refunded', ...ids, name: (error as Error)?.name });
    throw new UnavailableError();
  }
  return true;
}
