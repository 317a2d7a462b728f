import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { PlanPriceIds } from '../core/plans.js';
import { PLAN_IDS } from '../core/plans.js';
import { IE_VAT_RATE, isIrishVatIncluded, OURS, portalConfiguration, portalProblems, type PortalProducts } from './stripe-billing-rules.js';

/**
 * The account's billing objects made in code, found first so that nothing is made twice: the
 * Irish VAT tax rate every subscription carries, and the customer portal's configuration. Each is
 * looked up once per process (a Lambda's life) and made when missing; `npm run admin --
 * stripe-setup` makes both before the first salon, and the preflight checks them.
 */
export interface StripeBillingSetup {
  /** The id of an active 23% inclusive Irish VAT rate. */
  vatRate(): Promise<string>;
  /** The id of our portal configuration, made or brought back to our rules. */
  portalConfiguration(): Promise<string>;
}

/** Caches a lookup's answer; a failed one is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

async function findOrMakeVatRate(stripe: Stripe): Promise<string> {
  const rates = await stripe.taxRates.list({ active: true, limit: 100 });
  const found = rates.data.find((rate) => rate.metadata?.[OURS] && isIrishVatIncluded(rate)) ?? rates.data.find(isIrishVatIncluded);
  if (found) return found.id;
  return (await stripe.taxRates.create(IE_VAT_RATE, { idempotencyKey: `${OURS}-ie-vat-included` })).id;
}

/** Our three plan prices under their products: the portal lists plans by product. */
async function planProducts(stripe: Stripe, priceIds: PlanPriceIds): Promise<PortalProducts> {
  const byProduct = new Map<string, string[]>();
  for (const plan of PLAN_IDS) {
    const price = await stripe.prices.retrieve(priceIds[plan]);
    const product = typeof price.product === 'string' ? price.product : price.product.id;
    byProduct.set(product, [...(byProduct.get(product) ?? []), price.id]);
  }
  return [...byProduct].map(([product, prices]) => ({ product, prices }));
}

async function findOrMakePortal(stripe: Stripe, priceIds: PlanPriceIds): Promise<string> {
  const wanted = portalConfiguration(await planProducts(stripe, priceIds));
  const configurations = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
  const ours = configurations.data.find((configuration) => configuration.metadata?.[OURS] === 'portal');
  if (ours && !portalProblems(ours, priceIds).length) return ours.id;
  // Ours but changed by hand since (or our rules changed): brought back to the rules.
  if (ours) return (await stripe.billingPortal.configurations.update(ours.id, wanted)).id;
  const key = createHash('sha256').update(JSON.stringify(wanted)).digest('hex').slice(0, 32);
  return (await stripe.billingPortal.configurations.create(wanted, { idempotencyKey: `${OURS}-portal-${key}` })).id;
}

export function stripeBillingSetup(stripe: Stripe, priceIds: PlanPriceIds | null): StripeBillingSetup {
  return {
    vatRate: once(() => findOrMakeVatRate(stripe)),
    portalConfiguration: once(async () => {
      if (!priceIds) throw new Error('No plan prices are configured: the portal has no plans to offer');
      return findOrMakePortal(stripe, priceIds);
    }),
  };
}

/**
 * The customer's `eu_vat` tax id made to say `vatNumber` (https://docs.stripe.com/api/tax_ids/create):
 * others of that type are deleted (a tax id cannot be edited), the number added when missing.
 * Read first, so doing it again after a lost answer changes nothing.
 */
export async function setCustomerVat(stripe: Stripe, customerId: string, vatNumber: string | null): Promise<void> {
  const existing = (await stripe.customers.listTaxIds(customerId, { limit: 100 })).data.filter((taxId) => taxId.type === 'eu_vat');
  for (const taxId of existing) {
    if (taxId.value !== vatNumber) await stripe.customers.deleteTaxId(customerId, taxId.id);
  }
  if (vatNumber && !existing.some((taxId) => taxId.value === vatNumber)) await stripe.customers.createTaxId(customerId, { type: 'eu_vat', value: vatNumber });
}
