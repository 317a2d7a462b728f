import * as z from 'zod';
import { isPaymentsError } from '../ports/payments.js';
import type { SubscriptionRecord } from '../../contracts/billing.js';
import type { Ports } from '../ports.js';
import type { DepositOutcome, DepositPayment } from '../booking/deposit-session.js';
import { logger } from '../../logger.js';
import { UnavailableError } from '../errors.js';
import { eventOrder, parseStripeSubscription, subscriptionRecord } from './subscription.js';

/**
 * Stripe's webhook events (RELIABILITY 9, 10, 39), once the payments adapter has checked their
 * signature and envelope (functions/providers/stripe-webhook-event.ts). Each event is applied so
 * that neither a redelivery nor an out-of-order delivery changes anything twice: an event already
 * applied is acknowledged at once; every write is conditional on the event's order, so whatever
 * order events arrive in, the newest state wins; five deliveries at once make one change.
 */
export type WebhookOutcome = 'applied' | 'stale' | 'duplicate' | 'ignored';

/** A payment event as core reads it: what every Stripe event carries, its object still to be checked. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  /** The connected account it happened on; none for the platform's own. */
  account?: string;
  data: { object: Record<string, unknown> };
}

const salonIdPattern = z.string().regex(/^sal_[A-Za-z0-9_-]{22}$/);
const idOf = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) }).transform((object) => object.id)]);
const checkoutSession = z.looseObject({
  id: z.string().min(1).max(255).optional(),
  mode: z.string().optional(),
  payment_status: z.string().nullish(),
  payment_intent: idOf.nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  client_reference_id: salonIdPattern.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  customer: idOf.nullish(),
});
const connectAccount = z.looseObject({
  id: z.string().min(1),
  charges_enabled: z.boolean().default(false),
  details_submitted: z.boolean().default(false),
  metadata: z.record(z.string(), z.string()).nullish(),
  requirements: z
    .looseObject({
      currently_due: z.array(z.string()).nullish(),
      past_due: z.array(z.string()).nullish(),
      pending_verification: z.array(z.string()).nullish(),
      disabled_reason: z.string().nullish(),
    })
    .nullish(),
});

const salonOf = (metadata: Record<string, string> | null | undefined) => {
  const parsed = salonIdPattern.safeParse(metadata?.salon_id);
  return parsed.success ? parsed.data : null;
};

export interface WebhookDeps extends Pick<Ports, 'subscriptions' | 'now'> {
  payments: Pick<Ports['payments'], 'priceIds' | 'cancelAndRefundSubscription'>;
  /**
   * Settles a booking's deposit (core/booking/deposit.ts): the payment, where it was taken, so a
   * payment for a booking that no longer holds its time can be refunded. Answers whether it changed anything.
   */
  settleDeposit: (salonId: string, bookingId: string, outcome: DepositOutcome, payment: DepositPayment) => Promise<boolean>;
}

const bookingIdPattern = z.string().regex(/^bk_[0-9a-v]{20}$/);

/**
 * A deposit is paid only when its session says `payment_status: paid`: on completion for cards,
 * else (SEPA and other delayed methods, completed while the payment is still processing) when
 * `async_payment_succeeded` follows; `async_payment_failed` releases the hold as an expiry does.
 */
function depositOutcome(type: string, paymentStatus: string | null | undefined): DepositOutcome | null {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return paymentStatus === 'paid' ? 'paid' : null;
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

/**
 * A deposit's session: the platform's own (a destination charge), so its events carry no
 * connected account. One from a connected account was not made by us and settles nothing: only
 * the platform can have written the salon and booking into a deposit's metadata.
 */
async function depositChange(deps: WebhookDeps, event: PaymentEvent) {
  const session = checkoutSession.safeParse(event.data.object);
  if (!session.success || session.data.mode !== 'payment') return null;
  const salonId = salonOf(session.data.metadata);
  const bookingId = bookingIdPattern.safeParse(session.data.metadata?.booking_id);
  if (!salonId || !bookingId.success || event.account) return null;
  const outcome = depositOutcome(event.type, session.data.payment_status);
  if (!outcome) {
    logger.info('deposit payment still processing; its async_payment event settles it', { salonId, bookingId: bookingId.data });
    return null;
  }
  const payment = { paymentIntentId: session.data.payment_intent ?? null, amountCents: session.data.amount_total ?? null };
  return { salonId, apply: () => deps.settleDeposit(salonId, bookingId.data, outcome, payment) };
}

/**
 * A salon holds one subscription (RELIABILITY 48): the one it holds stays; another that is live
 * (two checkouts paid) is refunded and cancelled at once, never kept. Stripe unreachable is a 503,
 * so Stripe delivers the event again; what Stripe refuses is left to support, named in the log.
 */
async function keepOneSubscription(deps: WebhookDeps, salonId: string, subscription: SubscriptionRecord): Promise<boolean> {
  const outcome = await deps.subscriptions.applySubscription(salonId, subscription);
  if (outcome !== 'another') return outcome === 'applied';
  try {
    const ended = await deps.payments.cancelAndRefundSubscription({ salonId, subscriptionId: subscription.id });
    logger.warn(ended ? 'a second subscription for a salon that holds one: refunded and cancelled' : 'a second subscription had ended already', { salonId });
    return ended;
  } catch (error) {
    if (isPaymentsError(error, 'unavailable')) throw new UnavailableError();
    if (!isPaymentsError(error)) throw error;
    logger.error('a second subscription was not refunded or not cancelled: Stripe refused; settle it from the Stripe dashboard', { salonId, kind: error.kind });
    return true;
  }
}

/** What one event means for one salon: the salon, and the change (which answers whether it changed anything). */
async function change(deps: WebhookDeps, event: PaymentEvent): Promise<{ salonId: string; apply: () => Promise<boolean> } | null> {
  const object = event.data.object as unknown;
  const order = eventOrder(event);
  switch (event.type) {
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return depositChange(deps, event);
    case 'checkout.session.expired':
    case 'checkout.session.completed': {
      if ((object as { mode?: unknown }).mode === 'payment') return depositChange(deps, event);
      const session = checkoutSession.safeParse(object);
      if (!session.success || session.data.mode !== 'subscription') return null;
      const salonId = session.data.client_reference_id ?? salonOf(session.data.metadata);
      const { id, customer } = session.data;
      if (!salonId) return null;
      return {
        salonId,
        apply: async () => {
          // Over, so never answered again for the same plan (billing.ts).
          if (id) await deps.subscriptions.forgetCheckouts(salonId, [{ id }]);
          // The subscription's own events carry its state; a completed session only ties the customer to the salon.
          return event.type === 'checkout.session.completed' && customer ? deps.subscriptions.rememberCustomer(salonId, customer) : false;
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = parseStripeSubscription(object);
      const salonId = subscription ? salonOf(subscription.metadata) : null;
      if (!subscription || !salonId) return null;
      const priceIds = await deps.payments.priceIds();
      return { salonId, apply: () => keepOneSubscription(deps, salonId, subscriptionRecord(subscription, priceIds, order)) };
    }
    case 'account.updated': {
      const account = connectAccount.safeParse(object);
      const salonId = account.success ? salonOf(account.data.metadata) : null;
      if (!account.success || !salonId) return null;
      const requirements = account.data.requirements;
      return {
        salonId,
        apply: () =>
          deps.subscriptions.applyPaymentAccount(
            salonId,
            {
              id: account.data.id,
              chargesEnabled: account.data.charges_enabled,
              detailsSubmitted: account.data.details_submitted,
              currentlyDue: requirements?.currently_due ?? [],
              pastDue: requirements?.past_due ?? [],
              pendingVerification: requirements?.pending_verification ?? [],
              disabledReason: requirements?.disabled_reason ?? null,
            },
            order,
          ),
      };
    }
    default:
      return null;
  }
}

export async function applyStripeEvent(deps: WebhookDeps, event: PaymentEvent): Promise<WebhookOutcome> {
  const planned = await change(deps, event);
  if (!planned) {
    logger.info('stripe event ignored', { type: event.type });
    return 'ignored';
  }
  const { salonId } = planned;
  if (await deps.subscriptions.eventApplied(salonId, event.id)) return 'duplicate';
  const changed = await planned.apply();
  // Marked after the change: a crash between them leaves a redelivery that the conditions make harmless.
  if (changed) await deps.subscriptions.markEventApplied(salonId, event.id, deps.now());
  logger.info(changed ? 'stripe event applied' : 'stripe event older than what is stored; nothing changed', { type: event.type, salonId });
  return changed ? 'applied' : 'stale';
}
