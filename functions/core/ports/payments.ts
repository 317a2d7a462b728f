import type { PlanPriceIds } from '../plans.js';

/**
 * The payments port: subscriptions (Stripe Billing: Checkout, the customer portal, meter events)
 * and the salon's payment account (Stripe Connect). Two adapters implement it:
 * `stripe-payments.ts` (the stripe SDK) and `sandbox-payments.ts` (no keys: local pages that
 * follow the real flow and deliver webhooks signed as Stripe signs them). Every call names the
 * salon: the sandbox keeps its objects under it; Stripe carries it as metadata.
 */
export type PaymentsProviderName = 'stripe' | 'sandbox';

/** A connected account as Stripe describes it: what its status is computed from. */
export interface ConnectAccount {
  id: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  currentlyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  disabledReason: string | null;
}

export interface PaymentsPort {
  provider(): Promise<PaymentsProviderName>;
  /** The stage's price per plan; null when none is configured (checkout is then refused as a bad plan). */
  priceIds(): Promise<PlanPriceIds | null>;
  /** The secrets a webhook event may be signed with (the account's, then Connect's); empty when none is configured. */
  webhookSecrets(): Promise<string[]>;
  /**
   * The salon's one customer (the same key answers the same customer): every checkout of the salon
   * is made for it, so deleting it ends whatever subscription the salon has (RELIABILITY 48).
   */
  createCustomer(input: { salonId: string; email: string; idempotencyKey: string; vatNumber?: string | null }): Promise<{ id: string }>;
  /**
   * The customer's VAT number as its one tax id of type `eu_vat` (shown on every invoice from
   * then on), or none: another eu_vat id it has is removed. Doing it again changes nothing.
   */
  setCustomerVatNumber(input: { salonId: string; customerId: string; vatNumber: string | null }): Promise<void>;
  createCheckoutSession(input: {
    salonId: string;
    priceId: string;
    email: string;
    /** The salon's customer, so Stripe keeps one customer per salon. */
    customerId: string | null;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
    /**
     * When the first payment is taken: the end of the free trial (Stripe's `subscription_data.trial_end`); today when absent.
     * Every subscription carries Irish VAT at 23%, included in the price (core/billing/vat.ts).
     */
    firstChargeAt?: Date;
  }): Promise<{ id: string; url: string; expiresAt: Date }>;
  /** Expires an open subscription Checkout Session; one no longer open (paid or expired) or gone counts as done. */
  expireCheckoutSession(input: { salonId: string; sessionId: string }): Promise<void>;
  /**
   * A subscription the salon must not hold (it holds another): what it was paid is refunded, then
   * it is cancelled at once. False, with nothing done, when it had ended already.
   */
  cancelAndRefundSubscription(input: { salonId: string; subscriptionId: string }): Promise<boolean>;
  createPortalSession(input: { salonId: string; customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Makes the salon's Express account; the same key answers the same account. */
  createConnectAccount(input: { salonId: string; email: string | null; idempotencyKey: string }): Promise<ConnectAccount>;
  createOnboardingLink(input: { salonId: string; accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  createDashboardLink(input: { salonId: string; accountId: string }): Promise<{ url: string }>;
  /**
   * One Billing Meter event: `value` overage minutes for the customer. Stripe counts one
   * `identifier` once, so a retried report never bills twice.
   */
  reportMeterEvent(input: {
    salonId: string;
    eventName: string;
    customerId: string;
    value: number;
    identifier: string;
    timestamp: Date;
  }): Promise<{ id: string }>;
  /**
   * A booking's deposit: a one-off Checkout Session in EUR, a destination charge made on the
   * platform for the salon's connected account `accountId` (the salon is the merchant of record and
   * receives the money; docs/payments.md says why), with the salon and booking as metadata,
   * expiring at `expiresAt` (at least 30 minutes ahead, as Stripe requires). The same key answers
   * the same session.
   */
  createDepositCheckout(input: {
    salonId: string;
    salonName: string;
    accountId: string;
    bookingId: string;
    serviceName: string;
    amountCents: number;
    expiresAt: Date;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string; expiresAt: Date }>;
  /**
   * Expires a deposit's open Checkout Session (the platform's), so it can no longer be paid (its
   * booking no longer holds its time). One no longer open (paid or expired) or gone counts as done.
   */
  expireDepositCheckout(input: { salonId: string; sessionId: string }): Promise<void>;
  /**
   * Refunds a deposit's payment in full, taking the transfer back from the salon's account (the
   * platform made the charge). The same key answers the same refund, and a payment already
   * refunded counts as done.
   */
  refundDeposit(input: { salonId: string; bookingId: string; paymentIntentId: string; idempotencyKey: string }): Promise<void>;
  /** Ends the subscription now (account deletion); one already gone counts as cancelled. */
  cancelSubscription(input: { salonId: string; subscriptionId: string }): Promise<void>;
  /** Erases the customer (account deletion); one already gone counts as deleted. */
  deleteCustomer(input: { salonId: string; customerId: string }): Promise<void>;
}

/**
 * - `unavailable`: Stripe could not be reached, timed out or answered 5xx/429: try again later.
 * - `rejected`: Stripe refused the request itself (unknown price, bad parameters).
 * - `not_found`: the object does not exist (any more).
 */
export type PaymentsErrorKind = 'unavailable' | 'rejected' | 'not_found';

export class PaymentsError extends Error {
  constructor(
    readonly kind: PaymentsErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentsError';
  }
}

export function isPaymentsError(error: unknown, kind?: PaymentsErrorKind): error is PaymentsError {
  return error instanceof PaymentsError && (kind === undefined || error.kind === kind);
}
