import type { Business, Hours } from '../contracts/setup.js';
import type { SubscriptionRecord } from '../contracts/billing.js';

/** The business details the setup wizard's first step saves (name and phone live on the salon). */
export type BusinessDetails = Omit<Business, 'name' | 'phone'>;

export interface ForwardingCheck {
  checkStartedAt: string | null;
  seenAt: string | null;
  /** The caller's number of the call seen (the owner's own phone, usually). */
  seenFrom: string | null;
  /** The carrier said the call came through the salon's line (Twilio's ForwardedFrom). */
  forwardedFrom: boolean;
}

export interface Salon {
  id: string;
  ownerId: string;
  name: string;
  phone: string | null;
  /** Where owner notices go; copied from the login when the salon is created. */
  ownerEmail: string | null;
  /** The receptionist's inbound number, E.164: from the pool when setup is finished (or assigned by support). */
  assignedNumber: string | null;
  /** A pool number being given to the salon: a claim a crash interrupted, which the next attempt finishes. */
  numberClaim?: string | null;
  /** Since when the salon has waited for a number (the pool was empty when setup finished). */
  numberWaitingSince?: string | null;
  /** Numbers we dialled for the salon that forwarded the call straight back (never dialled again). */
  loopingNumbers?: string[];
  /** The owner's check that the salon's line forwards to the receptionist: started, and the first call seen. */
  forwarding?: ForwardingCheck;
  createdAt: string;
  /** Null until the wizard's first step is saved. */
  business: BusinessDetails | null;
  hours: Hours | null;
  /** When the owner went live (Go Live Now): calls reach the agent only while this is set. */
  liveAt: string | null;
  /** When the owner paused the receptionist after going live: calls are answered in message mode until Go Live Now again. */
  pausedAt?: string | null;
  /** A pause's end, when the owner gave one (a day off, a holiday): the receptionist is back by itself then. */
  pausedUntil?: string | null;
  /** The Stripe subscription as its webhooks left it (functions/store/subscription-store.ts writes it); none before the first. */
  subscription?: SubscriptionRecord | null;
  /** The Stripe customer a completed checkout made, kept for the customer portal. */
  billingCustomerId?: string | null;
  /** The salon's VAT number (Billing), sent to Stripe as the customer's `eu_vat` tax id; none when it has none. */
  vatNumber?: string | null;
}
