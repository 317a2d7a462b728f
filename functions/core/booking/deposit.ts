import type { Service } from '../../contracts/setup.js';
import { logger } from '../../logger.js';
import { isPaymentsError } from '../ports/payments.js';
import { paymentAccountStatus } from '../billing/account-status.js';
import { loadSalonContext, type BookingDeps, type SalonContext } from './context.js';
import { confirmDepositOn, releaseDepositOn } from './day-ledger.js';
import { endOnDay, payOnDay } from './day-changes.js';
import { ToolError } from './errors.js';
import { localDate, MINUTE } from './time.js';
import { depositDeps, refundLateDeposit, type DepositOutcome, type DepositPayment } from './deposit-session.js';
import { euroToCents } from '../money.js';
import type { DepositHold } from './records.js';

/**
 * Deposits (docs/bookings.md, "Awaiting deposit"): a service with a deposit, booked while the
 * salon's payment account is Active, holds its time as `awaiting_deposit` on the stylist's day
 * (the booking of record) with a Checkout Session whose charge is paid over to the salon's
 * connected account (a destination charge). The session's webhook settles it: paid → confirmed; expired or its delayed payment failed → released
 * ("deposit not paid"); paid after the booking ended → refunded (deposit-session.ts). The sweep
 * releases a hold whose expiry passed without either (booking-sweep.ts), from the marker book's
 * transaction wrote for it.
 */
/**
 * How long the time is held for the caller to pay. Stripe's minimum for a session is 30 minutes
 * after it is created; a minute more keeps a request that reaches Stripe a little late valid.
 */
export const DEPOSIT_HOLD_MS = 31 * MINUTE;

export interface DepositTerms {
  accountId: string;
  amountCents: number;
}

/** The deposit this booking must take: the service has one and the salon can take card payments (Active). */
export async function depositTerms(deps: BookingDeps, context: SalonContext, service: Service): Promise<DepositTerms | null> {
  const found = depositDeps(deps);
  if (!found || !service.deposit || service.deposit <= 0) return null;
  const account = await found.subscriptions.getPaymentAccount(context.salon.id);
  if (!account || paymentAccountStatus(account) !== 'Active') return null;
  return { accountId: account.id, amountCents: euroToCents(service.deposit) };
}

export const depositUnavailable = () =>
  new ToolError(
    'unavailable',
    'deposit_unavailable',
    "Sorry, I can't set up the deposit for that booking just now, so I haven't booked it. Could you try again in a few minutes? Or I can take a message for the salon.",
    'The deposit checkout could not be created; nothing was booked',
  );

/** The Checkout Session for a booking's deposit: one per booking id (Stripe's idempotency key). */
export async function openDepositCheckout(
  deps: BookingDeps,
  context: SalonContext,
  terms: DepositTerms,
  booking: { bookingId: string; serviceName: string },
): Promise<Omit<DepositHold, 'paidAt'>> {
  const found = depositDeps(deps)!;
  const back = new URL('/', found.config.SITE_URL).toString();
  try {
    const session = await found.payments.createDepositCheckout({
      salonId: context.salon.id,
      salonName: context.salon.name,
      accountId: terms.accountId,
      bookingId: booking.bookingId,
      serviceName: booking.serviceName,
      amountCents: terms.amountCents,
      expiresAt: new Date(deps.now().getTime() + DEPOSIT_HOLD_MS),
      successUrl: back,
      cancelUrl: back,
      idempotencyKey: `deposit-${booking.bookingId}`,
    });
    return {
      amountCents: terms.amountCents,
      accountId: terms.accountId,
      sessionId: session.id,
      payUrl: session.url,
      expiresAt: session.expiresAt.toISOString(),
    };
  } catch (error) {
    if (isPaymentsError(error)) {
      logger.warn('deposit checkout not created', { salonId: context.salon.id, bookingId: booking.bookingId, kind: error.kind });
      throw depositUnavailable();
    }
    throw error;
  }
}

/**
 * What Stripe said of a booking's deposit, applied on its day and settled. Answers whether it
 * changed anything: a redelivery, or an expiry (or failure) after the payment, change nothing; a
 * payment after the hold was released or cancelled is refunded (deposit-session.ts).
 */
export async function settleDeposit(deps: BookingDeps, salonId: string, bookingId: string, outcome: DepositOutcome, payment: DepositPayment): Promise<boolean> {
  const context = await loadSalonContext(deps, salonId).catch((error: unknown) => {
    if (error instanceof ToolError && error.code === 'unauthorized') return null;
    throw error;
  });
  const appointment = context ? await deps.bookings.appointments.get(salonId, bookingId) : null;
  if (!context || !appointment) {
    // The booking never happened (its time was taken as the session was made) or the salon is gone.
    if (outcome === 'paid') logger.warn('deposit paid for no booking; refund it from the Stripe dashboard', { salonId, bookingId });
    return false;
  }
  const ref = { stylistId: appointment.stylistId, date: localDate(Date.parse(appointment.start)) };
  const at = deps.now().toISOString();
  // The hold is settled one way or the other in the same transaction: the sweep's marker for it has nothing left to do.
  const cleared = { clearedHolds: [{ salonId, id: holdMarkerId(bookingId) }] };
  let result: Awaited<ReturnType<typeof confirmDepositOn>>['result'] | Awaited<ReturnType<typeof releaseDepositOn>>['result'];
  if (outcome === 'paid') {
    result = (await payOnDay(deps, context, ref, bookingId, (day) => confirmDepositOn(day, bookingId, at), { extra: cleared, stored: appointment })).result;
  } else {
    result = (await endOnDay(deps, context, ref, bookingId, (day) => releaseDepositOn(day, bookingId, at), { extra: cleared, stored: appointment })).result;
  }
  // The booking no longer holds its time (cancelled, moved, released): the money goes back.
  if (outcome === 'paid' && typeof result === 'object') return refundLateDeposit(deps, context, appointment, payment);
  return result === 'confirmed' || result === 'released';
}

/** The marker the sweep releases an unpaid hold by (book.ts writes it, due after the session's expiry). */
export const holdMarkerId = (bookingId: string) => `${bookingId}#deposit`;
