import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxStripeStore } from '../store/sandbox-stripe-store.js';
import { PaymentsError, STRIPE_API_VERSION, type ConnectAccount, type PaymentsPort } from './payments-port.js';
import { SANDBOX_PRICE_IDS, sandboxSubscriptions, seconds, type SandboxEvent, type SandboxOutcome, type SandboxSubscriptions } from './sandbox-payments-subscriptions.js';

export { SANDBOX_PRICE_IDS, sandboxPlanForPrice, type SandboxEvent, type SandboxOutcome } from './sandbox-payments-subscriptions.js';

/**
 * No Stripe keys: a clearly labelled sandbox that follows Stripe's flow. Checkout, the customer
 * portal and Connect onboarding are local pages (functions/api/stripe-sandbox.ts); completing
 * them changes the sandbox's own objects (kept under the salon) and answers the webhook events
 * Stripe would send, which the page delivers, signed with the sandbox's own secret, to the same
 * webhook handler. Meter events are recorded under the salon for anyone to see. Nothing leaves
 * the machine and no card is asked for. The subscriptions side (customer, Checkout, subscriptions,
 * portal) is sandbox-payments-subscriptions.ts.
 */
export const SANDBOX_PAGE_PATH = '/api/stripe/sandbox';

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

/** Onboarding links expire as Stripe's do (a few minutes); then the refresh URL asks for a new one. */
const LINK_TTL_SECONDS = 300;
/** What Stripe asks a fresh Express account in Ireland for, in short. */
const ONBOARDING_REQUIREMENTS = ['business_profile.url', 'external_account', 'individual.dob.day', 'individual.verification.document', 'tos_acceptance.date'];

const random = () => randomBytes(16).toString('hex');

export function sandboxPageUrl(origin: string, page: 'checkout' | 'portal' | 'connect' | 'dashboard' | 'deposit', salonId: string, id: string): string {
  const url = new URL(SANDBOX_PAGE_PATH, origin);
  url.search = new URLSearchParams({ page, salon: salonId, id }).toString();
  return url.toString();
}

export interface SandboxPayments extends PaymentsPort, SandboxSubscriptions {
  accountLink(salonId: string, id: string): Promise<SandboxAccountLink | null>;
  account(salonId: string, accountId: string): Promise<ConnectAccount | null>;
  meterEvents(salonId: string, identifier: string): Promise<SandboxMeterEvent | null>;
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

  return {
    ...sandboxSubscriptions({ store, now, keyedId, event, pageUrl: sandboxPageUrl }),
    provider: async () => 'sandbox',
    priceIds: async () => SANDBOX_PRICE_IDS,
    webhookSecrets: async () => [await store.webhookSecret()],

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

    async deleteCustomer() {
      // The sandbox's customer is only an id on its subscription, which goes with the salon's items.
    },

    async accountLink(salonId, id) {
      const link = await store.get<SandboxAccountLink>(salonId, 'LINK', id);
      return link && link.expiresAt > seconds(now()) ? link : null;
    },
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
