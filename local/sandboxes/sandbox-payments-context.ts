import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxStripeStore } from './sandbox-stripe-store.js';
import { stripeEvent, type SandboxStripeEvent } from './sandbox-stripe-objects.js';

/** Where the sandbox's local pages are served (local/pages/stripe-sandbox.ts). */
export const SANDBOX_PAGE_PATH = '/api/stripe/sandbox';

export type SandboxPage = 'checkout' | 'portal' | 'connect' | 'dashboard' | 'deposit';

export function sandboxPageUrl(origin: string, page: SandboxPage, salonId: string, id: string): string {
  const url = new URL(SANDBOX_PAGE_PATH, origin);
  url.search = new URLSearchParams({ page, salon: salonId, id }).toString();
  return url.toString();
}

/** What the payments sandbox's parts (subscriptions, Connect, deposits) share. */
export interface SandboxContext {
  store: SandboxStripeStore;
  now: () => Date;
  /** Ids derived from an idempotency key: the same key finds the same object, and no one can guess another salon's. */
  keyedId: (prefix: string, key: string) => Promise<string>;
  /** A Stripe event of now. */
  event: (type: string, object: Record<string, unknown>, account?: string) => SandboxStripeEvent;
}

export function sandboxContext(store: SandboxStripeStore, now: () => Date): SandboxContext {
  return {
    store,
    now,
    keyedId: async (prefix, key) =>
      `${prefix}_sandbox_${createHmac('sha256', await store.webhookSecret())
        .update(key)
        .digest('hex')
        .slice(0, 32)}`,
    event: (type, object, account) => stripeEvent(now(), type, object, account),
  };
}

export const randomId = (prefix: string) => `${prefix}_sandbox_${randomBytes(16).toString('hex')}`;
