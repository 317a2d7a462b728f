import type Stripe from 'stripe';
import { VAT_RATE_PERCENT, type PlanPriceIds } from '../core/plans.js';
import { PLAN_IDS } from '../core/plans.js';

/**
 * What our Stripe account must hold for subscriptions, as plain data: the adapter makes it
 * (stripe-billing-setup.ts) and the preflight checks it (admin/preflight/stripe.ts) against the
 * same rules. Free of the SDK at run time (types only), so the preflight does not load it.
 */

/** Marks the objects we make, so they are found again rather than made twice. */
export const OURS = 'salondesk';

/**
 * Irish VAT as a Tax Rate, not Stripe Tax: we sell to Irish salons only, so one rate holds, with
 * no customer address asked for and no per-transaction Stripe Tax fee. `inclusive`: "the amount
 * your buyer pays never changes" and the invoice shows the VAT within it
 * (https://docs.stripe.com/billing/taxes/tax-rates; https://docs.stripe.com/api/tax_rates/create).
 */
export const IE_VAT_RATE = {
  display_name: 'VAT',
  description: `Irish VAT at ${VAT_RATE_PERCENT}%, included in the price`,
  percentage: VAT_RATE_PERCENT,
  inclusive: true,
  country: 'IE',
  jurisdiction: 'Ireland',
  tax_type: 'vat',
  metadata: { [OURS]: 'ie-vat-included' },
} as const satisfies Stripe.TaxRateCreateParams;

export interface TaxRateShape {
  active?: boolean;
  percentage?: number;
  inclusive?: boolean;
  country?: string | null;
  tax_type?: string | null;
}

/** A rate that gives our invoices their VAT line: active, 23%, inclusive, Irish VAT. */
export const isIrishVatIncluded = (rate: TaxRateShape) =>
  rate.active !== false && rate.percentage === IE_VAT_RATE.percentage && rate.inclusive === true && rate.country === 'IE' && rate.tax_type === 'vat';

/** The portal's plans: each plan's price under its product, as `features.subscription_update.products` takes them. */
export type PortalProducts = Array<{ product: string; prices: string[] }>;

/**
 * The customer portal we send owners to (https://docs.stripe.com/api/customer_portal/configurations/create):
 * - plan changes between our three prices, at once with the difference invoiced at once
 *   (`always_invoice`; the pricing page says changes take effect immediately), a trial kept;
 * - cancelling at the end of the period paid for (`at_period_end`, nothing refunded);
 * - the invoices (`invoice_history`), each with its VAT line, and the card on file;
 * - the owner's email, name and address. Not the tax id: the VAT number is kept in Billing, where
 *   it is checked and stored with the salon and sent on to Stripe (one place to change it).
 */
export function portalConfiguration(products: PortalProducts): Stripe.BillingPortal.ConfigurationCreateParams {
  return {
    name: 'SalonDesk plans',
    metadata: { [OURS]: 'portal' },
    business_profile: { headline: `SalonDesk: prices include Irish VAT at ${VAT_RATE_PERCENT}%` },
    features: {
      subscription_update: {
        enabled: true,
        default_allowed_updates: ['price'],
        products,
        proration_behavior: 'always_invoice',
        trial_update_behavior: 'continue_trial',
      },
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      customer_update: { enabled: true, allowed_updates: ['email', 'name', 'address'] },
    },
  };
}

/** A configuration as Stripe answers it: the fields the rules read. */
export interface PortalConfigurationShape {
  id?: string;
  active?: boolean;
  metadata?: Record<string, string> | null;
  features?: {
    subscription_update?: {
      enabled?: boolean;
      default_allowed_updates?: string[];
      products?: { product?: string; prices?: string[] }[] | null;
      proration_behavior?: string;
    };
    subscription_cancel?: { enabled?: boolean; mode?: string };
    invoice_history?: { enabled?: boolean };
  };
}

/** What a configuration lacks of ours, in words (empty when it is ours as it should be). */
export function portalProblems(configuration: PortalConfigurationShape, priceIds: PlanPriceIds | null): string[] {
  const problems: string[] = [];
  const features = configuration.features ?? {};
  if (configuration.active === false) problems.push('it is not active');
  const update = features.subscription_update;
  if (!update?.enabled || !update.default_allowed_updates?.includes('price')) problems.push('plan changes are off');
  else if (priceIds) {
    const offered = new Set((update.products ?? []).flatMap((product) => product.prices ?? []));
    const missing = PLAN_IDS.filter((plan) => !offered.has(priceIds[plan]));
    if (missing.length) problems.push(`plan changes do not offer ${missing.join(', ')}`);
  }
  if (update?.enabled && update.proration_behavior !== 'always_invoice') problems.push('a plan change is not invoiced at once');
  if (!features.subscription_cancel?.enabled || features.subscription_cancel.mode !== 'at_period_end')
    problems.push('cancelling is not at the end of the period');
  if (!features.invoice_history?.enabled) problems.push('invoices are not shown');
  return problems;
}
