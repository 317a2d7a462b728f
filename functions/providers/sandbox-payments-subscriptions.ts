import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { findPlan, PLAN_IDS, type PlanId, type PlanPriceIds } from '../core/plans.js';
import type { SandboxStripeStore } from '../store/sandbox-stripe-store.js';
import type { PaymentsPort } from './payments-port.js';

/**
 * The payments sandbox's subscriptions side (sandbox-payments.ts composes it): the salon's
 * customer, subscription Checkout, its subscriptions (each kept by id, as Stripe keeps them: two
 * paid checkouts are two subscriptions) and the customer portal. As Stripe's, a checkout expires
 * (a day after it is made, or when expired through the API) and can no longer be paid.
 */
export const SANDBOX_PRICE_IDS: PlanPriceIds = { starter: 'price_sandbox_starter', growth: 'price_sandbox_growth', business: 'price_sandbox_business' };

export interface SandboxCheckoutSession {
  id: string;
  salonId: string;
  priceId: string;
  email: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  /** Unix seconds (absent on sessions made before it was kept: they stay open). */
  expiresAt?: number;
  /** Unix seconds: the trial's end, when the first payment is taken; absent when paid at checkout. */
  trialEnd?: number;
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
  /** Unix seconds; set when what it was paid was refunded. */
  refundedAt?: number;
}

export interface SandboxPortalSession {
  id: string;
  customerId: string;
  returnUrl: string;
}

/** An event as Stripe delivers it (the fields the webhook reads, and the ones Stripe always has). */
export interface SandboxEvent {
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
  events: SandboxEvent[];
  redirectTo: string;
}

/** What the subscriptions side shares with the rest of the sandbox. */
export interface SandboxContext {
  store: SandboxStripeStore;
  now: () => Date;
  keyedId: (prefix: string, key: string) => Promise<string>;
  event: (type: string, object: Record<string, unknown>, account?: string) => SandboxEvent;
  pageUrl: (origin: string, page: 'checkout' | 'portal', salonId: string, id: string) => string;
}

/** How long Stripe keeps a Checkout Session open by default. */
const CHECKOUT_TTL_SECONDS = 24 * 60 * 60;

export const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const random = () => randomBytes(16).toString('hex');

export function sandboxPlanForPrice(priceId: string): PlanId | null {
  return PLAN_IDS.find((plan) => SANDBOX_PRICE_IDS[plan] === priceId) ?? null;
}

export interface SandboxSubscriptions
  extends Pick<PaymentsPort, 'createCustomer' | 'createCheckoutSession' | 'expireCheckoutSession' | 'cancelAndRefundSubscription' | 'createPortalSession' | 'cancelSubscription'> {
  /** An open checkout (null once paid, expired, or past its expiry). */
  checkoutSession(salonId: string, id: string): Promise<SandboxCheckoutSession | null>;
  portalSession(salonId: string, id: string): Promise<SandboxPortalSession | null>;
  /** The subscription a portal session manages: its customer's live one, else its latest. */
  portalSubscription(salonId: string, portalId: string): Promise<SandboxSubscription | null>;
  /** Pay: the subscription starts now, charged at once, renewing monthly. */
  completeCheckout(salonId: string, sessionId: string): Promise<SandboxOutcome | null>;
  /** The portal's actions: change plan (prorated, at once), cancel at the period's end, undo that, or (sandbox only) end it now. */
  changePlan(salonId: string, portalId: string, plan: PlanId): Promise<SandboxOutcome | null>;
  setCancelAtPeriodEnd(salonId: string, portalId: string, cancel: boolean): Promise<SandboxOutcome | null>;
  endNow(salonId: string, portalId: string): Promise<SandboxOutcome | null>;
}

export function sandboxSubscriptions(context: SandboxContext): SandboxSubscriptions {
  const { store, now, keyedId, event } = context;
  const customerOf = (salonId: string) => keyedId('cus', `customer:${salonId}`);

  function subscriptionObject(salonId: string, subscription: SandboxSubscription): Record<string, unknown> {
    const plan = sandboxPlanForPrice(subscription.priceId);
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customerId,
      status: subscription.status,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
      canceled_at: subscription.status === 'canceled' ? seconds(now()) : null,
      ended_at: subscription.status === 'canceled' ? seconds(now()) : null,
      created: subscription.startDate,
      start_date: subscription.startDate,
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
            price: { id: subscription.priceId, object: 'price', currency: 'eur', unit_amount: plan ? findPlan(plan).priceCents : null, recurring: { interval: 'month', interval_count: 1 } },
          },
        ],
      },
    };
  }

  async function portalSubscription(salonId: string, portalId: string) {
    const portal = await store.get<SandboxPortalSession>(salonId, 'PORTAL', portalId);
    if (!portal) return null;
    const subscriptions = (await store.list<SandboxSubscription>(salonId, 'SUB')).filter((each) => each.customerId === portal.customerId).sort((a, b) => a.startDate - b.startDate);
    const subscription = subscriptions.find((each) => each.status !== 'canceled') ?? subscriptions.at(-1);
    return subscription ? { portal, subscription } : null;
  }

  async function updateSubscription(salonId: string, portal: SandboxPortalSession, next: SandboxSubscription, type = 'customer.subscription.updated'): Promise<SandboxOutcome> {
    await store.put(salonId, 'SUB', next.id, next);
    return { events: [event(type, subscriptionObject(salonId, next))], redirectTo: portal.returnUrl };
  }

  async function openCheckout(salonId: string, id: string) {
    const session = await store.get<SandboxCheckoutSession>(salonId, 'CHECKOUT', id);
    return session?.status === 'open' && (session.expiresAt ?? Infinity) > seconds(now()) ? session : null;
  }

  async function activePortalSubscription(salonId: string, portalId: string) {
    const found = await portalSubscription(salonId, portalId);
    return found && found.subscription.status !== 'canceled' ? found : null;
  }

  return {
    createCustomer: async (input) => ({ id: await customerOf(input.salonId) }),

    async createCheckoutSession(input) {
      const id = await keyedId('cs', input.idempotencyKey);
      const session = await store.putIfAbsent<SandboxCheckoutSession>(input.salonId, 'CHECKOUT', id, {
        id,
        salonId: input.salonId,
        priceId: input.priceId,
        email: input.email,
        customerId: input.customerId,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        status: 'open',
        expiresAt: seconds(now()) + CHECKOUT_TTL_SECONDS,
        ...(input.firstChargeAt ? { trialEnd: seconds(input.firstChargeAt) } : {}),
      });
      return { id, url: context.pageUrl(new URL(session.successUrl).origin, 'checkout', input.salonId, id), expiresAt: new Date((session.expiresAt ?? 0) * 1000) };
    },

    async expireCheckoutSession(input) {
      const session = await store.get<SandboxCheckoutSession>(input.salonId, 'CHECKOUT', input.sessionId);
      // As Stripe: only an open session expires; a paid one is left as it is.
      if (session?.status === 'open') await store.replaceIf(input.salonId, 'CHECKOUT', input.sessionId, { ...session, status: 'expired' }, 'status', 'open');
    },

    async cancelAndRefundSubscription(input) {
      const subscription = await store.get<SandboxSubscription>(input.salonId, 'SUB', input.subscriptionId);
      if (!subscription || subscription.status === 'canceled') return false;
      await store.put(input.salonId, 'SUB', subscription.id, { ...subscription, status: 'canceled', refundedAt: seconds(now()) });
      return true;
    },

    async cancelSubscription(input) {
      const subscription = await store.get<SandboxSubscription>(input.salonId, 'SUB', input.subscriptionId);
      if (subscription) await store.put(input.salonId, 'SUB', subscription.id, { ...subscription, status: 'canceled' });
    },

    async createPortalSession(input) {
      const id = `bps_sandbox_${random()}`;
      await store.put<SandboxPortalSession>(input.salonId, 'PORTAL', id, { id, customerId: input.customerId, returnUrl: input.returnUrl });
      return { url: context.pageUrl(new URL(input.returnUrl).origin, 'portal', input.salonId, id) };
    },

    checkoutSession: openCheckout,
    portalSession: (salonId, id) => store.get<SandboxPortalSession>(salonId, 'PORTAL', id),
    portalSubscription: async (salonId, portalId) => (await portalSubscription(salonId, portalId))?.subscription ?? null,

    async completeCheckout(salonId, sessionId) {
      const session = await openCheckout(salonId, sessionId);
      if (!session) return null;
      // Paid once: of two presses, one completes the session.
      if (!(await store.replaceIf(salonId, 'CHECKOUT', sessionId, { ...session, status: 'complete' }, 'status', 'open'))) return null;
      const start = DateTime.fromJSDate(now(), { zone: 'utc' });
      const subscription: SandboxSubscription = {
        id: `sub_sandbox_${random()}`,
        itemId: `si_sandbox_${random()}`,
        customerId: session.customerId ?? (await customerOf(salonId)),
        priceId: session.priceId,
        // As Stripe: with a trial end the subscription is trialing until then, and nothing is paid now.
        status: session.trialEnd ? 'trialing' : 'active',
        startDate: start.toUnixInteger(),
        periodStart: start.toUnixInteger(),
        periodEnd: session.trialEnd ?? start.plus({ months: 1 }).toUnixInteger(),
        cancelAtPeriodEnd: false,
      };
      await store.put(salonId, 'SUB', subscription.id, subscription);
      const completed = {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: session.trialEnd ? 'no_payment_required' : 'paid',
        client_reference_id: salonId,
        customer: subscription.customerId,
        customer_email: session.email,
        subscription: subscription.id,
        metadata: { salon_id: salonId },
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
      };
      return {
        events: [event('checkout.session.completed', completed), event('customer.subscription.created', subscriptionObject(salonId, subscription))],
        redirectTo: session.successUrl,
      };
    },

    async changePlan(salonId, portalId, plan) {
      const found = await activePortalSubscription(salonId, portalId);
      return found ? updateSubscription(salonId, found.portal, { ...found.subscription, priceId: SANDBOX_PRICE_IDS[plan] }) : null;
    },

    async setCancelAtPeriodEnd(salonId, portalId, cancel) {
      const found = await activePortalSubscription(salonId, portalId);
      return found ? updateSubscription(salonId, found.portal, { ...found.subscription, cancelAtPeriodEnd: cancel }) : null;
    },

    async endNow(salonId, portalId) {
      const found = await activePortalSubscription(salonId, portalId);
      // The period ends now too: this is what the end of a cancelled period looks like.
      return found ? updateSubscription(salonId, found.portal, { ...found.subscription, status: 'canceled', periodEnd: seconds(now()) }, 'customer.subscription.deleted') : null;
    },
  };
}
