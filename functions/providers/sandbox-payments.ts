import { createHmac, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { findPlan, PLAN_IDS, type PlanId, type PlanPriceIds } from '../core/plans.js';
import type { SandboxStripeStore } from '../store/subscription-store.js';
import { PaymentsError, STRIPE_API_VERSION, type ConnectAccount, type PaymentsPort } from './payments-port.js';

/**
 * No Stripe keys: a clearly labelled sandbox that follows Stripe's flow. Checkout, the customer
 * portal and Connect onboarding are local pages (functions/api/stripe-sandbox.ts); completing
 * them changes the sandbox's own objects (kept under the salon) and answers the webhook events
 * Stripe would send, which the page delivers, signed with the sandbox's own secret, to the same
 * webhook handler. Meter events are recorded under the salon for anyone to see. Nothing leaves
 * the machine and no card is asked for.
 */
export const SANDBOX_PRICE_IDS: PlanPriceIds = { starter: 'price_sandbox_starter', growth: 'price_sandbox_growth', business: 'price_sandbox_business' };

export const SANDBOX_PAGE_PATH = '/api/stripe/sandbox';

export interface SandboxCheckoutSession {
  id: string;
  salonId: string;
  priceId: string;
  email: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
}

/** A booking's deposit checkout, on the salon's connected account. */
export interface SandboxDepositSession {
  id: string;
  accountId: string;
  bookingId: string;
  salonName: string;
  serviceName: string;
  amountCents: number;
  /** Unix seconds. */
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  /** Unix seconds; set once a paid deposit is refunded. */
  refundedAt?: number;
}

export interface SandboxSubscription {
  id: string;
  itemId: string;
  customerId: string;
  priceId: string;
  status: 'active' | 'canceled';
  startDate: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
}

export interface SandboxPortalSession {
  id: string;
  customerId: string;
  returnUrl: string;
}

export interface SandboxAccountLink {
  id: string;
  accountId: string;
  kind: 'onboarding' | 'dashboard';
  returnUrl: string;
  refreshUrl: string;
  expiresAt: number;
}

export interface SandboxMeterEvent {
  identifier: string;
  eventName: string;
  customerId: string;
  value: number;
  timestamp: number;
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

/** Onboarding links expire as Stripe's do (a few minutes); then the refresh URL asks for a new one. */
const LINK_TTL_SECONDS = 300;
/** What Stripe asks a fresh Express account in Ireland for, in short. */
const ONBOARDING_REQUIREMENTS = ['business_profile.url', 'external_account', 'individual.dob.day', 'individual.verification.document', 'tos_acceptance.date'];

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const random = () => randomBytes(16).toString('hex');

export function sandboxPlanForPrice(priceId: string): PlanId | null {
  return PLAN_IDS.find((plan) => SANDBOX_PRICE_IDS[plan] === priceId) ?? null;
}

export function sandboxPageUrl(origin: string, page: 'checkout' | 'portal' | 'connect' | 'dashboard' | 'deposit', salonId: string, id: string): string {
  const url = new URL(SANDBOX_PAGE_PATH, origin);
  url.search = new URLSearchParams({ page, salon: salonId, id }).toString();
  return url.toString();
}

export interface SandboxPayments extends PaymentsPort {
  checkoutSession(salonId: string, id: string): Promise<SandboxCheckoutSession | null>;
  portalSession(salonId: string, id: string): Promise<SandboxPortalSession | null>;
  accountLink(salonId: string, id: string): Promise<SandboxAccountLink | null>;
  subscription(salonId: string): Promise<SandboxSubscription | null>;
  account(salonId: string, accountId: string): Promise<ConnectAccount | null>;
  meterEvents(salonId: string, identifier: string): Promise<SandboxMeterEvent | null>;
  /** Pay: the subscription starts now, charged at once, renewing monthly. */
  completeCheckout(salonId: string, sessionId: string): Promise<SandboxOutcome | null>;
  /** The portal's actions: change plan (prorated, at once), cancel at the period's end, undo that, or (sandbox only) end it now. */
  changePlan(salonId: string, portalId: string, plan: PlanId): Promise<SandboxOutcome | null>;
  setCancelAtPeriodEnd(salonId: string, portalId: string, cancel: boolean): Promise<SandboxOutcome | null>;
  endNow(salonId: string, portalId: string): Promise<SandboxOutcome | null>;
  /** Onboarding: complete (Active), submitted but under review (Pending verification), or left with details due (Action required). */
  finishOnboarding(salonId: string, linkId: string, outcome: 'complete' | 'pending' | 'leave'): Promise<SandboxOutcome | null>;
  /** An open deposit checkout (null once paid, expired, or past its expiry). */
  depositSession(salonId: string, id: string): Promise<SandboxDepositSession | null>;
  /** A deposit checkout whatever its state (what became of a payment). */
  depositRecord(salonId: string, id: string): Promise<SandboxDepositSession | null>;
  /** Pay the deposit (`checkout.session.completed`) or, as Stripe does at `expires_at`, expire it (`checkout.session.expired`); once. */
  finishDeposit(salonId: string, id: string, outcome: 'pay' | 'expire'): Promise<SandboxEvent[] | null>;
}

/** A deposit session's payment, as Stripe names the PaymentIntent behind a paid session; and back. */
const paymentIntentOf = (sessionId: string) => sessionId.replace(/^cs_/, 'pi_');
const sessionOfPayment = (paymentIntentId: string) => paymentIntentId.replace(/^pi_/, 'cs_');

export function createSandboxPayments(options: { store: SandboxStripeStore; now: () => Date }): SandboxPayments {
  const { store, now } = options;
  /** Ids derived from an idempotency key: the same key finds the same object, and no one can guess another salon's. */
  const keyedId = async (prefix: string, key: string) => `${prefix}_sandbox_${createHmac('sha256', await store.webhookSecret()).update(key).digest('hex').slice(0, 32)}`;

  function event(type: string, object: Record<string, unknown>, account?: string): SandboxEvent {
    const at = now();
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

  function accountObject(salonId: string, account: ConnectAccount): Record<string, unknown> {
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

  async function portalSubscription(salonId: string, portalId: string) {
    const portal = await store.get<SandboxPortalSession>(salonId, 'PORTAL', portalId);
    const subscription = portal ? await store.get<SandboxSubscription>(salonId, 'SUB', 'current') : null;
    return portal && subscription && subscription.customerId === portal.customerId ? { portal, subscription } : null;
  }

  async function updateSubscription(salonId: string, portal: SandboxPortalSession, next: SandboxSubscription, type = 'customer.subscription.updated'): Promise<SandboxOutcome> {
    await store.put(salonId, 'SUB', 'current', next);
    return { events: [event(type, subscriptionObject(salonId, next))], redirectTo: portal.returnUrl };
  }

  return {
    provider: async () => 'sandbox',
    priceIds: async () => SANDBOX_PRICE_IDS,
    webhookSecrets: async () => [await store.webhookSecret()],

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
      });
      return { id, url: sandboxPageUrl(new URL(session.successUrl).origin, 'checkout', input.salonId, id) };
    },

    async createPortalSession(input) {
      const id = `bps_sandbox_${random()}`;
      await store.put<SandboxPortalSession>(input.salonId, 'PORTAL', id, { id, customerId: input.customerId, returnUrl: input.returnUrl });
      return { url: sandboxPageUrl(new URL(input.returnUrl).origin, 'portal', input.salonId, id) };
    },

    async createConnectAccount(input) {
      const id = await keyedId('acct', input.idempotencyKey);
      return store.putIfAbsent<ConnectAccount>(input.salonId, 'ACCOUNT', id, {
        id,
        chargesEnabled: false,
        detailsSubmitted: false,
        currentlyDue: ONBOARDING_REQUIREMENTS,
        pastDue: [],
        pendingVerification: [],
        disabledReason: 'requirements.past_due',
      });
    },

    async createOnboardingLink(input) {
      if (!(await store.get(input.salonId, 'ACCOUNT', input.accountId))) throw new PaymentsError('not_found', 'No such sandbox account');
      const id = `al_sandbox_${random()}`;
      await store.put<SandboxAccountLink>(input.salonId, 'LINK', id, {
        id,
        accountId: input.accountId,
        kind: 'onboarding',
        returnUrl: input.returnUrl,
        refreshUrl: input.refreshUrl,
        expiresAt: seconds(now()) + LINK_TTL_SECONDS,
      });
      return { url: sandboxPageUrl(new URL(input.returnUrl).origin, 'connect', input.salonId, id) };
    },

    async createDashboardLink(input) {
      const account = await store.get<ConnectAccount>(input.salonId, 'ACCOUNT', input.accountId);
      if (!account) throw new PaymentsError('not_found', 'No such sandbox account');
      const id = `ll_sandbox_${random()}`;
      // The login link has no return: the page is opened in a new tab.
      await store.put<SandboxAccountLink>(input.salonId, 'LINK', id, { id, accountId: input.accountId, kind: 'dashboard', returnUrl: '', refreshUrl: '', expiresAt: seconds(now()) + LINK_TTL_SECONDS });
      return { url: `${SANDBOX_PAGE_PATH}?${new URLSearchParams({ page: 'dashboard', salon: input.salonId, id })}` };
    },

    async reportMeterEvent(input) {
      // As Stripe does, one identifier is one event: a second report of it records nothing.
      const recorded = await store.putIfAbsent<SandboxMeterEvent>(input.salonId, 'METER', input.identifier, {
        identifier: input.identifier,
        eventName: input.eventName,
        customerId: input.customerId,
        value: input.value,
        timestamp: seconds(input.timestamp),
      });
      return { id: recorded.identifier };
    },

    async createDepositCheckout(input) {
      const id = await keyedId('cs', input.idempotencyKey);
      const session = await store.putIfAbsent<SandboxDepositSession>(input.salonId, 'DEPOSIT', id, {
        id,
        accountId: input.accountId,
        bookingId: input.bookingId,
        salonName: input.salonName,
        serviceName: input.serviceName,
        amountCents: input.amountCents,
        expiresAt: seconds(input.expiresAt),
        status: 'open',
      });
      return { id, url: sandboxPageUrl(new URL(input.successUrl).origin, 'deposit', input.salonId, id), expiresAt: new Date(session.expiresAt * 1000) };
    },

    async expireDepositCheckout(input) {
      const session = await store.get<SandboxDepositSession>(input.salonId, 'DEPOSIT', input.sessionId);
      // As Stripe: only an open session expires; a paid or expired one is left as it is.
      if (session?.status === 'open' && session.accountId === input.accountId) await store.replaceIf(input.salonId, 'DEPOSIT', input.sessionId, { ...session, status: 'expired' }, 'status', 'open');
    },

    async refundDeposit(input) {
      const id = sessionOfPayment(input.paymentIntentId);
      const session = await store.get<SandboxDepositSession>(input.salonId, 'DEPOSIT', id);
      if (!session || session.status !== 'complete' || session.accountId !== input.accountId) throw new PaymentsError('not_found', 'No such sandbox payment');
      if (!session.refundedAt) await store.put(input.salonId, 'DEPOSIT', id, { ...session, refundedAt: seconds(now()) });
    },

    async cancelSubscription(input) {
      const subscription = await store.get<SandboxSubscription>(input.salonId, 'SUB', 'current');
      if (subscription?.id === input.subscriptionId) await store.put(input.salonId, 'SUB', 'current', { ...subscription, status: 'canceled' });
    },

    async deleteCustomer() {
      // The sandbox's customer is only an id on its subscription, which goes with the salon's items.
    },

    checkoutSession: (salonId, id) => store.get<SandboxCheckoutSession>(salonId, 'CHECKOUT', id),
    portalSession: (salonId, id) => store.get<SandboxPortalSession>(salonId, 'PORTAL', id),
    async accountLink(salonId, id) {
      const link = await store.get<SandboxAccountLink>(salonId, 'LINK', id);
      return link && link.expiresAt > seconds(now()) ? link : null;
    },
    subscription: (salonId) => store.get<SandboxSubscription>(salonId, 'SUB', 'current'),
    account: (salonId, accountId) => store.get<ConnectAccount>(salonId, 'ACCOUNT', accountId),
    meterEvents: (salonId, identifier) => store.get<SandboxMeterEvent>(salonId, 'METER', identifier),

    async depositSession(salonId, id) {
      const session = await store.get<SandboxDepositSession>(salonId, 'DEPOSIT', id);
      return session && session.status === 'open' && session.expiresAt > seconds(now()) ? session : null;
    },

    depositRecord: (salonId, id) => store.get<SandboxDepositSession>(salonId, 'DEPOSIT', id),

    async finishDeposit(salonId, id, outcome) {
      const session = await store.get<SandboxDepositSession>(salonId, 'DEPOSIT', id);
      if (!session || session.status !== 'open') return null;
      // A session past its expiry can only expire, as Stripe's can no longer be paid.
      if (outcome === 'pay' && session.expiresAt <= seconds(now())) return null;
      const status = outcome === 'pay' ? 'complete' : 'expired';
      if (!(await store.replaceIf(salonId, 'DEPOSIT', id, { ...session, status }, 'status', 'open'))) return null;
      const object = {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status,
        payment_status: outcome === 'pay' ? 'paid' : 'unpaid',
        payment_intent: outcome === 'pay' ? paymentIntentOf(session.id) : null,
        amount_total: session.amountCents,
        currency: 'eur',
        expires_at: session.expiresAt,
        metadata: { salon_id: salonId, booking_id: session.bookingId },
      };
      return [event(outcome === 'pay' ? 'checkout.session.completed' : 'checkout.session.expired', object, session.accountId)];
    },

    async completeCheckout(salonId, sessionId) {
      const session = await store.get<SandboxCheckoutSession>(salonId, 'CHECKOUT', sessionId);
      if (!session || session.status !== 'open') return null;
      // Paid once: of two presses, one completes the session.
      if (!(await store.replaceIf(salonId, 'CHECKOUT', sessionId, { ...session, status: 'complete' }, 'status', 'open'))) return null;
      const start = DateTime.fromJSDate(now(), { zone: 'utc' });
      const subscription: SandboxSubscription = {
        id: `sub_sandbox_${random()}`,
        itemId: `si_sandbox_${random()}`,
        customerId: session.customerId ?? (await keyedId('cus', `customer:${salonId}`)),
        priceId: session.priceId,
        status: 'active',
        startDate: start.toUnixInteger(),
        periodStart: start.toUnixInteger(),
        periodEnd: start.plus({ months: 1 }).toUnixInteger(),
        cancelAtPeriodEnd: false,
      };
      await store.put(salonId, 'SUB', 'current', subscription);
      const completed = {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
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
      const found = await portalSubscription(salonId, portalId);
      if (!found || found.subscription.status !== 'active') return null;
      return updateSubscription(salonId, found.portal, { ...found.subscription, priceId: SANDBOX_PRICE_IDS[plan] });
    },

    async setCancelAtPeriodEnd(salonId, portalId, cancel) {
      const found = await portalSubscription(salonId, portalId);
      if (!found || found.subscription.status !== 'active') return null;
      return updateSubscription(salonId, found.portal, { ...found.subscription, cancelAtPeriodEnd: cancel });
    },

    async endNow(salonId, portalId) {
      const found = await portalSubscription(salonId, portalId);
      if (!found || found.subscription.status !== 'active') return null;
      // The period ends now too: this is what the end of a cancelled period looks like.
      const ended = { ...found.subscription, status: 'canceled' as const, periodEnd: seconds(now()) };
      return updateSubscription(salonId, found.portal, ended, 'customer.subscription.deleted');
    },

    async finishOnboarding(salonId, linkId, outcome) {
      const link = await store.get<SandboxAccountLink>(salonId, 'LINK', linkId);
      if (!link || link.kind !== 'onboarding' || link.expiresAt <= seconds(now())) return null;
      const account = await store.get<ConnectAccount>(salonId, 'ACCOUNT', link.accountId);
      if (!account) return null;
      const next: ConnectAccount =
        outcome === 'complete'
          ? { ...account, chargesEnabled: true, detailsSubmitted: true, currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null }
          : outcome === 'pending'
            ? { ...account, chargesEnabled: false, detailsSubmitted: true, currentlyDue: [], pastDue: [], pendingVerification: ['individual.verification.document'], disabledReason: 'requirements.pending_verification' }
            : { ...account, chargesEnabled: false, detailsSubmitted: false, currentlyDue: ONBOARDING_REQUIREMENTS, pastDue: [], pendingVerification: [], disabledReason: 'requirements.past_due' };
      await store.put(salonId, 'ACCOUNT', account.id, next);
      // A used link is gone, as Stripe's are.
      await store.put(salonId, 'LINK', linkId, { ...link, expiresAt: 0 });
      return { events: [event('account.updated', accountObject(salonId, next))], redirectTo: link.returnUrl };
    },
  };
}
