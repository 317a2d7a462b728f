import type { Business, Hours } from '../contracts/setup.js';
import type { SubscriptionRecord } from '../contracts/billing.js';

/** The business details the setup wizard's first step saves (name and phone live on the salon). */
export type BusinessDetails = Omit<Business, 'name' | 'phone'>;

export interface Salon {
  id: string;
  ownerId: string;
  name: string;
  phone: string | null;
  /** Where owner notices go; copied from the login when the salon is created. */
  ownerEmail: string | null;
  /** The inbound number support staff assigned, E.164. */
  assignedNumber: string | null;
  createdAt: string;
  /** Null until the wizard's first step is saved. */
  business: BusinessDetails | null;
  hours: Hours | null;
  /** When the owner went live (Go Live Now): calls reach the agent only while this is set. */
  liveAt: string | null;
  /** When the owner paused the receptionist after going live: calls are forwarded until Go Live Now again. */
  pausedAt?: string | null;
  /** The Stripe subscription as its webhooks left it (functions/store/subscription-store.ts writes it); none before the first. */
  subscription?: SubscriptionRecord | null;
  /** The Stripe customer a completed checkout made, kept for the customer portal. */
  billingCustomerId?: string | null;
}
