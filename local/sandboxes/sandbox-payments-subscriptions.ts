import { DateTime } from 'luxon';
import { type PlanId, findPlan } from '../../functions/core/plans.js';
import type { PaymentsPort } from '../../functions/core/ports/payments.js';
import { randomId, sandboxPageUrl, type SandboxContext } from './sandbox-payments-context.js';
import {
  SANDBOX_PRICE_IDS,
  sandboxPlanForPrice,
  seconds,
  subscriptionObject,
  type SandboxOutcome,
  type SandboxSubscription,
} from './sandbox-stripe-objects.js';
import type { SandboxCustomer, SandboxInvoice } from './sandbox-stripe-invoices.js';

/**
 * The payments sandbox's subscriptions side (sandbox-payments.ts composes it): the salon's
 * customer, subscription Checkout, its subscriptions (each kept by id, as Stripe keeps them: two
 * paid checkouts are two subscriptions) and the customer portal. As Stripe's, a checkout expires
 * (a day after it is made, or when expired through the API) and can no longer be paid.
 */
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

export interface SandboxPortalSession {
  id: string;
  customerId: string;
  returnUrl: string;
}

/** How long Stripe keeps a Checkout Session open by default. */
const CHECKOUT_TTL_SECONDS = 24 * 60 * 60;

export interface SandboxSubscriptions extends Pick<
  PaymentsPort,
  | 'createCustomer'
  | 'setCustomerVatNumber'
  | 'createCheckoutSession'
  | 'expireCheckoutSession'
  | 'cancelAndRefundSubscription'
  | 'createPortalSession'
  | 'cancelSubscription'
> {
  customer(salonId: string, customerId: string): Promise<SandboxCustomer | null>;
  /** The customer's invoices, newest first (the portal's invoice history). */
  invoices(salonId: string, customerId: string): Promise<SandboxInvoice[]>;
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

  async function portalSubscription(salonId: string, portalId: string) {
    const portal = await store.get<SandboxPortalSession>(salonId, 'PORTAL', portalId);
    if (!portal) return null;
    const subscriptions = (await store.list<SandboxSubscription>(salonId, 'SUB'))
      .filter((each) => each.customerId === portal.customerId)
      .sort((a, b) => a.startDate - b.startDate);
    const subscription = subscriptions.find((each) => each.status !== 'canceled') ?? subscriptions.at(-1);
    return subscription ? { portal, subscription } : null;
  }

  async function updateSubscription(
    salonId: string,
    portal: SandboxPortalSession,
    next: SandboxSubscription,
    type = 'customer.subscription.updated',
  ): Promise<SandboxOutcome> {
    await store.put(salonId, 'SUB', next.id, next);
    return { events: [event(type, subscriptionObject(salonId, next, now()))], redirectTo: portal.returnUrl };
  }

  async function openCheckout(salonId: string, id: string) {
    const session = await store.get<SandboxCheckoutSession>(salonId, 'CHECKOUT', id);
    return session?.status === 'open' && (session.expiresAt ?? Infinity) > seconds(now()) ? session : null;
  }

  async function activePortalSubscription(salonId: string, portalId: string) {
    const found = await portalSubscription(salonId, portalId);
    return found && found.subscription.status !== 'canceled' ? found : null;
  }

  /** As Stripe: an invoice of the subscription (its first when it starts: €0 during a trial), the VAT number copied from the customer then. */
  async function invoiceStart(salonId: string, subscription: SandboxSubscription, amount?: number) {
    const plan = sandboxPlanForPrice(subscription.priceId);
    const customer = await store.get<SandboxCustomer>(salonId, 'CUSTOMER', subscription.customerId);
    const invoice: SandboxInvoice = {
      id: randomId('in'),
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      priceId: subscription.priceId,
      created: subscription.startDate,
      total: amount ?? (subscription.status === 'trialing' || !plan ? 0 : findPlan(plan).priceCents),
      vatNumber: customer?.vatNumber ?? null,
    };
    await store.put(salonId, 'INVOICE', invoice.id, invoice);
  }

  /**
   * As Stripe with the portal's `always_invoice`: a plan change during a paid period is invoiced at
   * once for the rest of the period, the new price's share less the old one's (a credit when it is
   * less), VAT within it; during a trial nothing is charged (`continue_trial`).
   */
  async function invoiceChange(salonId: string, before: SandboxSubscription, after: SandboxSubscription) {
    const oldPlan = sandboxPlanForPrice(before.priceId);
    const newPlan = sandboxPlanForPrice(after.priceId);
    if (before.status !== 'active' || !oldPlan || !newPlan) return;
    const at = seconds(now());
    const left = Math.max(0, before.periodEnd - at) / Math.max(1, before.periodEnd - before.periodStart);
    await invoiceStart(salonId, { ...after, startDate: at }, Math.round((findPlan(newPlan).priceCents - findPlan(oldPlan).priceCents) * left));
  }

  return {
    async createCustomer(input) {
      const id = await customerOf(input.salonId);
      await store.putIfAbsent<SandboxCustomer>(input.salonId, 'CUSTOMER', id, { id, vatNumber: input.vatNumber ?? null });
      return { id };
    },

    async setCustomerVatNumber(input) {
      await store.put<SandboxCustomer>(input.salonId, 'CUSTOMER', input.customerId, { id: input.customerId, vatNumber: input.vatNumber });
    },

    customer: (salonId, customerId) => store.get<SandboxCustomer>(salonId, 'CUSTOMER', customerId),
    invoices: async (salonId, customerId) =>
      (await store.list<SandboxInvoice>(salonId, 'INVOICE'))
        .filter((invoice) => invoice.customerId === customerId)
        .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id)),

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
      return {
        id,
        url: sandboxPageUrl(new URL(session.successUrl).origin, 'checkout', input.salonId, id),
        expiresAt: new Date((session.expiresAt ?? 0) * 1000),
      };
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
      const id = randomId('bps');
      await store.put<SandboxPortalSession>(input.salonId, 'PORTAL', id, { id, customerId: input.customerId, returnUrl: input.returnUrl });
      return { url: sandboxPageUrl(new URL(input.returnUrl).origin, 'portal', input.salonId, id) };
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
        id: randomId('sub'),
        itemId: randomId('si'),
        customerId: session.customerId ?? (await customerOf(salonId)),
        priceId: session.priceId,
        // As Stripe: with a trial end the subscription is trialing until then, and nothing is paid now.
        status: session.trialEnd ? 'trialing' : 'active',
        startDate: start.toUnixInteger(),
        periodStart: start.toUnixInteger(),
        periodEnd: session.trialEnd ?? start.plus({ months: 1 }).toUnixInteger(),
        cancelAtPeriodEnd: false,
        ...(session.trialEnd ? { trialEnd: session.trialEnd } : {}),
      };
      await store.put(salonId, 'SUB', subscription.id, subscription);
      await invoiceStart(salonId, subscription);
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
        events: [event('checkout.session.completed', completed), event('customer.subscription.created', subscriptionObject(salonId, subscription, now()))],
        redirectTo: session.successUrl,
      };
    },

    async changePlan(salonId, portalId, plan) {
      const found = await activePortalSubscription(salonId, portalId);
      if (!found) return null;
      const changed = { ...found.subscription, priceId: SANDBOX_PRICE_IDS[plan] };
      await invoiceChange(salonId, found.subscription, changed);
      return updateSubscription(salonId, found.portal, changed);
    },

    async setCancelAtPeriodEnd(salonId, portalId, cancel) {
      const found = await activePortalSubscription(salonId, portalId);
      return found ? updateSubscription(salonId, found.portal, { ...found.subscription, cancelAtPeriodEnd: cancel }) : null;
    },

    async endNow(salonId, portalId) {
      const found = await activePortalSubscription(salonId, portalId);
      // The period ends now too: this is what the end of a cancelled period looks like.
      return found
        ? updateSubscription(salonId, found.portal, { ...found.subscription, status: 'canceled', periodEnd: seconds(now()) }, 'customer.subscription.deleted')
        : null;
    },
  };
}
