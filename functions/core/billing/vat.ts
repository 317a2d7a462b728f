import { VAT_RATE_PERCENT } from '../plans.js';

/**
 * Irish VAT on our subscriptions: every price includes it (pricing page, Billing, Checkout), so
 * the owner pays the same and the invoice shows the part of it that is VAT. Stripe computes an
 * inclusive rate's amount as `amount × rate / (100 + rate)`, rounded to the cent
 * (https://docs.stripe.com/billing/taxes/tax-rates, "inclusive": the tax is part of the amount);
 * the payments sandbox's invoices use this, so they read as Stripe's do.
 */
export function vatIncludedCents(grossCents: number): number {
  return Math.round((grossCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/** The invoice's VAT line, as Billing and the sandbox's invoices word it. */
export const vatLineLabel = `VAT (${VAT_RATE_PERCENT}% included)`;
