import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { findPlan, PLAN_IDS, type PlanId, type PlanPriceIds } from '../../functions/core/plans.js';
import { STRIPE_API_VERSION } from '../../functions/providers/stripe-api-version.js';
import { type ConnectAccount } from '../../functions/core/ports/payments.js';

/**
 * The payments sandbox's objects as Stripe shapes them on the wire: the events it answers, and
 * the account, subscription and checkout session inside them, with the fields the webhook reads
 * and the ones Stripe always has.
 */
export const SANDBOX_PRICE_IDS: PlanPriceIds = { starter: 'price_sandbox_starter', growth: 'price_sandbox_growth', business: 'price_sandbox_business' };

export function sandboxPlanForPrice(priceId: string): PlanId | null {
  return PLAN_IDS.find((plan) => SANDBOX_PRICE_IDS[plan] === priceId) ?? null;
}

export const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A Stripe event as the sandbox delivers it to the webhook. */
export interface SandboxStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  /** The connected account an event happened on (Connect events only). */
  account?: string;
  data: { object: Record<string, unknown> };
}

/** What completing a sandbox page did: the events to deliver, and where the browser goes next. */
export interface SandboxOutcome {
  events: SandboxStripeEvent[];
  redirectTo: string;
}

export function stripeEvent(at: Date, type: string, object: Record<string, unknown>, account?: string): SandboxStripeEvent {
  return {
    ...(account ? { account } : {}),
    // A time-ordered id: of two events in one second, the later sorts last (as core/billing/subscription.ts orders them).
    id: `evt_sandbox_${String(at.getTime()).padStart(15, '0')}${randomBytes(6).toString('hex')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: seconds(at),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export function accountObject(salonId: string, account: ConnectAccount): Record<string, unknown> {
  return {
    id: account.id,
    object: 'account',
    type: 'express',
    country: 'IE',
    charges_enabled: account.chargesEnabled,
    payouts_enabled: account.chargesEnabled,
    details_submitted: account.detailsSubmitted,
    metadata: { salon_id: salonId },
    requirements: {
      currently_due: account.currentlyDue,
      eventually_due: account.currentlyDue,
      past_due: account.pastDue,
      pending_verification: account.pendingVerification,
      disabled_reason: account.disabledReason,
    },
  };
}

export interface SandboxSubscription {
  id: string;
  itemId: string;
  customerId: string;
  priceId: string;
  status: 'trialing' | 'active' | 'canceled';
  startDate: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds: the end of its free trial, when checkout gave one (Stripe's `trial_end`). */
  trialEnd?: number;
  /** Unix seconds; set when what it was paid was refunded. */
  refundedAt?: number;
}

/** As Stripe's subscription object: its trial's start and end, or null for both without a trial. */
function trialFields(subscription: SandboxSubscription): Pick<Stripe.Subscription, 'trial_start' | 'trial_end'> {
  return subscription.trialEnd ? { trial_start: subscription.startDate, trial_end: subscription.trialEnd } : { trial_start: null, trial_end: null };
}

export function subscriptionObject(salonId: string, subscription: SandboxSubscription, now: Date): Record<string, unknown> {
  const plan = sandboxPlanForPrice(subscription.priceId);
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
    canceled_at: subscription.status === 'canceled' ? seconds(now) : null,
    ended_at: subscription.status === 'canceled' ? seconds(now) : null,
    created: subscription.startDate,
    start_date: subscription.startDate,
    ...trialFields(subscription),
    currency: 'eur',
    livemode: false,
    metadata: { salon_id: salonId },
    items: {
      object: 'list',
      data: [
        {
          id: subscription.itemId,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: subscription.periodStart,
          current_period_end: subscription.periodEnd,
          price: {
            id: subscription.priceId,
            object: 'price',
            currency: 'eur',
            unit_amount: plan ? findPlan(plan).priceCents : null,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}
