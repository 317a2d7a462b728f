import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../../functions/providers/stripe-payments.js';
import { IE_VAT_RATE, isIrishVatIncluded, portalProblems } from '../../../functions/providers/stripe-billing-rules.js';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.js';

/**
 * VAT on every invoice and the customer portal, through the real adapter and the stripe SDK at a
 * local fake Stripe (issue 43, points 8 and 9). The rules, from Stripe's documentation:
 * - a subscription's `default_tax_rates` apply "to any subscription item that does not have
 *   tax_rates set", and its invoices take them (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-subscription_data-default_tax_rates);
 * - an inclusive rate leaves the amount paid as it is (https://docs.stripe.com/billing/taxes/tax-rates);
 * - a customer's tax ids appear on its invoices; `tax_id_data` on create, `eu_vat` for an EU VAT
 *   number (https://docs.stripe.com/billing/customer/tax-ids, https://docs.stripe.com/api/customers/create#create_customer-tax_id_data);
 * - a portal session uses the configuration it names, else the account's default
 *   (https://docs.stripe.com/api/customer_portal/sessions/create#create_portal_session-configuration).
 */
const SECRET_KEY = 'sk_test_fake_vat';
const PRICES = { starter: 'price_s', growth: 'price_g', business: 'price_b' };
let fake: FakeStripe;
const payments = () =>
  createStripePayments({ secretKey: SECRET_KEY, webhookSecrets: ['whsec_a'], priceIds: PRICES, overagePriceId: 'price_overage', apiRoot: fake.url });
const requestsTo = (method: string, path: string) => fake.requests.filter((request) => request.method === method && request.path === path);
const last = (path: string) => [...fake.requests].reverse().find((request) => request.path === path)!;
const checkout = (adapter: ReturnType<typeof payments>, key: string) =>
  adapter.createCheckoutSession({
    salonId: 'sal_vat',
    priceId: 'price_g',
    email: 'owner@salon.ie',
    customerId: 'cus_existing',
    successUrl: 'https://a/s',
    cancelUrl: 'https://a/c',
    idempotencyKey: key,
  });

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  for (const price of [...Object.values(PRICES), 'price_overage']) fake.prices.add(price);
});
afterAll(() => fake.close());

describe('VAT on every subscription', () => {
  it("makes the 23% inclusive Irish VAT rate once and puts it on every checkout's subscription", async () => {
    const adapter = payments();
    await checkout(adapter, 'vat-1');
    await checkout(adapter, 'vat-2');
    expect(requestsTo('POST', '/v1/tax_rates')).toHaveLength(1);
    const [rate] = [...fake.taxRates.values()];
    expect(rate).toMatchObject({ percentage: 23, inclusive: true, country: 'IE', tax_type: 'vat', display_name: 'VAT' });
    expect(isIrishVatIncluded(rate as Parameters<typeof isIrishVatIncluded>[0])).toBe(true);
    const subscriptionData = last('/v1/checkout/sessions').params.subscription_data as Record<string, unknown>;
    expect(subscriptionData.default_tax_rates).toEqual([rate!.id]);
    // The amounts stay the plan's: the rate is set on the subscription, never a second price.
    expect(last('/v1/checkout/sessions').params.line_items).toEqual([{ price: 'price_g', quantity: '1' }, { price: 'price_overage' }]);
    // Another process finds the rate made, rather than making a second.
    await checkout(payments(), 'vat-3');
    expect(requestsTo('POST', '/v1/tax_rates')).toHaveLength(1);
    expect((last('/v1/checkout/sessions').params.subscription_data as Record<string, unknown>).default_tax_rates).toEqual([rate!.id]);
  });

  it('uses a 23% inclusive Irish rate made by hand, but never an exclusive or inactive one', async () => {
    fake.taxRates.clear();
    fake.taxRates.set('txr_exclusive', { id: 'txr_exclusive', active: true, percentage: 23, inclusive: false, country: 'IE', tax_type: 'vat' });
    fake.taxRates.set('txr_old', { id: 'txr_old', active: false, percentage: 23, inclusive: true, country: 'IE', tax_type: 'vat' });
    fake.taxRates.set('txr_hand', { id: 'txr_hand', active: true, percentage: 23, inclusive: true, country: 'IE', tax_type: 'vat' });
    await checkout(payments(), 'vat-hand');
    expect((last('/v1/checkout/sessions').params.subscription_data as Record<string, unknown>).default_tax_rates).toEqual(['txr_hand']);
  });

  it("gives a new customer the salon's VAT number as its eu_vat tax id, and replaces or removes it later", async () => {
    const adapter = payments();
    const { id } = await adapter.createCustomer({ salonId: 'sal_vat', email: 'owner@salon.ie', idempotencyKey: 'customer-sal_vat', vatNumber: 'IE1234567T' });
    expect(last('/v1/customers').params.tax_id_data).toEqual([{ type: 'eu_vat', value: 'IE1234567T' }]);
    expect(fake.customerTaxIds.get(id)?.map(({ type, value }) => ({ type, value }))).toEqual([{ type: 'eu_vat', value: 'IE1234567T' }]);
    await adapter.setCustomerVatNumber({ salonId: 'sal_vat', customerId: id, vatNumber: 'IE7654321AB' });
    await adapter.setCustomerVatNumber({ salonId: 'sal_vat', customerId: id, vatNumber: 'IE7654321AB' });
    expect(fake.customerTaxIds.get(id)?.map(({ value }) => value)).toEqual(['IE7654321AB']);
    await adapter.setCustomerVatNumber({ salonId: 'sal_vat', customerId: id, vatNumber: null });
    expect(fake.customerTaxIds.get(id)).toEqual([]);
    await adapter.createCustomer({ salonId: 'sal_novat', email: 'b@salon.ie', idempotencyKey: 'customer-sal_novat', vatNumber: null });
    expect(last('/v1/customers').params).not.toHaveProperty('tax_id_data');
  });
});

describe('the customer portal', () => {
  it('opens every session with our configuration: plan changes among our prices, cancel at period end, invoices', async () => {
    const adapter = payments();
    await adapter.createPortalSession({ salonId: 'sal_vat', customerId: 'cus_existing', returnUrl: 'https://a/r' });
    await adapter.createPortalSession({ salonId: 'sal_vat', customerId: 'cus_existing', returnUrl: 'https://a/r' });
    expect(requestsTo('POST', '/v1/billing_portal/configurations')).toHaveLength(1);
    const [configuration] = [...fake.portalConfigurations.values()];
    expect(last('/v1/billing_portal/sessions').params.configuration).toBe(configuration!.id);
    expect(configuration).toMatchObject({
      features: {
        subscription_update: {
          enabled: 'true',
          default_allowed_updates: ['price'],
          proration_behavior: 'always_invoice',
          products: [
            { product: 'prod_price_s', prices: ['price_s'] },
            { product: 'prod_price_g', prices: ['price_g'] },
            { product: 'prod_price_b', prices: ['price_b'] },
          ],
        },
        subscription_cancel: { enabled: 'true', mode: 'at_period_end' },
        invoice_history: { enabled: 'true' },
      },
    });
    expect(portalProblems(configuration as Parameters<typeof portalProblems>[0], PRICES)).toEqual([]);
  });

  it('brings our configuration back to our rules when it was changed by hand', async () => {
    const [configuration] = [...fake.portalConfigurations.values()];
    fake.portalConfigurations.set(String(configuration!.id), {
      ...configuration,
      features: { ...(configuration!.features as object), subscription_cancel: { enabled: 'true', mode: 'immediately' } },
    });
    await payments().createPortalSession({ salonId: 'sal_vat', customerId: 'cus_existing', returnUrl: 'https://a/r' });
    expect(last(`/v1/billing_portal/configurations/${configuration!.id}`).method).toBe('POST');
    expect(fake.portalConfigurations.get(String(configuration!.id))).toMatchObject({ features: { subscription_cancel: { mode: 'at_period_end' } } });
    expect(fake.portalConfigurations.size).toBe(1);
  });

  it("says what Stripe's default configuration lacks (the documented object: every feature off)", () => {
    // https://docs.stripe.com/api/customer_portal/configurations/object
    const stripeExample = {
      active: true,
      features: {
        customer_update: { allowed_updates: ['email', 'tax_id'], enabled: true },
        invoice_history: { enabled: true },
        subscription_cancel: { enabled: false, mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: { default_allowed_updates: [], enabled: false, proration_behavior: 'none' },
      },
    };
    expect(portalProblems(stripeExample, PRICES)).toEqual(['plan changes are off', 'cancelling is not at the end of the period']);
    expect(IE_VAT_RATE).toMatchObject({ percentage: 23, inclusive: true, country: 'IE', tax_type: 'vat' });
  });
});
