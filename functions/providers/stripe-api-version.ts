/**
 * The Stripe API version, pinned rather than the account's default: the webhook events the
 * product parses have this version's shape (the subscription's period lives on its items since
 * 2025-03-31). Kept here, free of the SDK, so the sandbox can name it without loading Stripe.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;
