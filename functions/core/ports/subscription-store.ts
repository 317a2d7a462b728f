import type { SubscriptionRecord } from '../../contracts/billing.js';
import type { ConnectAccount } from './payments.js';
import type { CheckoutRecords } from './checkout-records.js';

/**
 * Billing's records, all under the salon (account deletion takes them along):
 * - the subscription, on the salon's profile (`SALON#id` / `PROFILE`, attribute `subscription`),
 *   so the voice webhook's one read of the salon knows whether it may answer;
 * - the Stripe Connect account (`PAYMENTACCOUNT`);
 * - the Stripe events already applied (`STRIPEEVENT#id`, TTL), so a redelivery is acknowledged
 *   without work;
 * - per subscription period, the order calls were counted in for overage (`OVERAGE#period`);
 * - the subscription Checkout Sessions made for the salon and not known to be over
 *   (`CHECKOUT#sessionId`, TTL at their expiry), so a new one expires the others.
 * Every Stripe-driven write is conditional on the event's order (core/billing/subscription.ts
 * `eventOrder`): whatever order events arrive in, the newest state is what stays. The profile
 * holds one subscription: another one's events never replace a live one (RELIABILITY 48).
 */
export interface PaymentAccountRecord extends ConnectAccount {
  /** The applied `account.updated` event's order; empty until the first arrives. */
  order: string;
}

export interface OveragePlacement {
  /** Minutes the period had counted before this call: fixed at the call's first placement. */
  before: number;
}

/**
 * What an applied subscription event did: `applied`; `stale` (a later event of it was applied
 * first, or the salon is gone); `another` (the salon holds another subscription that is live:
 * this one must not be kept).
 */
export type SubscriptionApplied = 'applied' | 'stale' | 'another';

export interface SubscriptionStore extends CheckoutRecords {
  /**
   * Writes the subscription unless a later event of it was written, or the salon holds another
   * one that is live (an ended one is replaced by a new live one).
   */
  applySubscription(salonId: string, subscription: SubscriptionRecord): Promise<SubscriptionApplied>;

  /** Keeps the customer a completed checkout made (the portal needs it) unless one is known; false when nothing changed. */
  rememberCustomer(salonId: string, customerId: string): Promise<boolean>;
  /** The salon's VAT number on its profile, or none (null); false when the salon is gone. */
  keepVatNumber(salonId: string, vatNumber: string | null): Promise<boolean>;
  getPaymentAccount(salonId: string): Promise<PaymentAccountRecord | null>;
  /** Keeps the salon's first account; answers whichever is stored. */
  keepPaymentAccount(salonId: string, account: ConnectAccount): Promise<PaymentAccountRecord>;
  /** An `account.updated` for the salon's account, unless a later one was applied; false otherwise. */
  applyPaymentAccount(salonId: string, account: ConnectAccount, order: string): Promise<boolean>;
  eventApplied(salonId: string, eventId: string): Promise<boolean>;
  markEventApplied(salonId: string, eventId: string, now: Date): Promise<void>;
  /** Counts a call's minutes into the period's overage ledger once; every placement of one call answers the same `before`. */
  placeCall(salonId: string, periodId: string, callSid: string, minutes: number): Promise<OveragePlacement>;
}
