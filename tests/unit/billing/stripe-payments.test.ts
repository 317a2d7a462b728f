import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '../../../functions/providers/stripe-signature.js';
import { InvalidSignatureError, verifiedEvent } from '../../../functions/providers/stripe-webhook-event.js';
import { isPaymentsError } from '../../../functions/core/ports/payments.js';
import { STRIPE_API_VERSION } from '../../../functions/providers/stripe-api-version.js';
import { createStripePayments } from '../../../functions/providers/stripe-payments.js';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.js';

/** The real adapter through the stripe SDK, pointed at a local fake Stripe. */
const SECRET_KEY = 'sk_test_fake_1234';
const PRICES = { starter: 'price_s', growth: 'price_g', business: 'price_b' };
let fake: FakeStripe;
const payments = () =>
  createStripePayments({ secretKey: SECRET_KEY, webhookSecrets: ['whsec_a'], priceIds: PRICES, overagePriceId: 'price_overage', apiRoot: fake.url });

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  for (const price of [...Object.values(PRICES), 'price_overage']) fake.prices.add(price);
});
afterAll(() => fake.close());

const last = (path: string) => [...fake.requests].reverse().find((request) => request.path === path)!;

describe('the Stripe payments adapter', () => {
  it('creates a subscription Checkout session carrying the salon, with the pinned API version and an idempotency key', async () => {
    const session = await payments().createCheckoutSession({
      salonId: 'sal_abc',
      priceId: 'price_g',
      email: 'owner@salon.ie',
      customerId: null,
      successUrl: 'https://app.example.ie/settings?section=billing&checkout=success',
      cancelUrl: 'https://app.example.ie/settings?section=billing&checkout=cancelled',
      idempotencyKey: 'checkout-sal_abc-growth-1',
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const request = last('/v1/checkout/sessions');
    expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request.headers['idempotency-key']).toBe('checkout-sal_abc-growth-1');
    expect(request.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: 'sal_abc',
      customer_email: 'owner@salon.ie',
      metadata: { salon_id: 'sal_abc' },
      subscription_data: { metadata: { salon_id: 'sal_abc' } },
      line_items: [{ price: 'price_g', quantity: '1' }, { price: 'price_overage' }],
    });
    // Paid today: Checkout says so under its button, with VAT included.
    expect((request.params as { custom_text: unknown }).custom_text).toEqual({
      submit: { message: 'Prices include Irish VAT at 23%. Charged today, then monthly.' },
    });
    // The same key again: the same session.
    const again = await payments().createCheckoutSession({
      salonId: 'sal_abc',
      priceId: 'price_g',
      email: 'owner@salon.ie',
      customerId: null,
      successUrl: 'https://a/s',
      cancelUrl: 'https://a/c',
      idempotencyKey: 'checkout-sal_abc-growth-1',
    });
    expect(again.id).toBe(session.id);
  });

  it('starts a plan chosen during the free trial when the trial ends: nothing charged before', async () => {
    const firstChargeAt = new Date('2026-12-09T10:00:00.000Z');
    await payments().createCheckoutSession({
      salonId: 'sal_trial',
      priceId: 'price_g',
      email: 'owner@salon.ie',
      customerId: 'cus_trial',
      successUrl: 'https://a/s',
      cancelUrl: 'https://a/c',
      idempotencyKey: 'checkout-sal_trial-growth-after-trial',
      firstChargeAt,
    });
    const { params } = last('/v1/checkout/sessions');
    expect(params.subscription_data).toEqual({
      metadata: { salon_id: 'sal_trial' },
      default_tax_rates: [expect.stringMatching(/^txr_/)],
      trial_end: String(firstChargeAt.getTime() / 1000),
    });
    expect(params.custom_text).toEqual({
      submit: { message: 'Prices include Irish VAT at 23%. Nothing is charged until your free trial ends on 9 December 2026; then monthly.' },
    });
  });

  it('tells a refusal from an outage, and retries a 5xx', async () => {
    await expect(
      payments().createCheckoutSession({
        salonId: 's',
        priceId: 'price_unknown',
        email: 'a@b.ie',
        customerId: null,
        successUrl: 'https://a/s',
        cancelUrl: 'https://a/c',
        idempotencyKey: 'k-unknown',
      }),
    ).rejects.toSatisfy((error) => isPaymentsError(error, 'not_found') || isPaymentsError(error, 'rejected'));
    fake.fail(/^\/v1\/checkout\/sessions$/, 500, 1);
    const retried = await payments().createCheckoutSession({
      salonId: 's',
      priceId: 'price_s',
      email: 'a@b.ie',
      customerId: 'cus_1',
      successUrl: 'https://a/s',
      cancelUrl: 'https://a/c',
      idempotencyKey: 'k-retry',
    });
    expect(retried.url).toBeTruthy();
    expect(last('/v1/checkout/sessions').params).toMatchObject({ customer: 'cus_1' });
    fake.fail(/^\/v1\/billing_portal\/sessions$/, 503, 5);
    await expect(payments().createPortalSession({ salonId: 's', customerId: 'cus_existing', returnUrl: 'https://a/r' })).rejects.toSatisfy((error) =>
      isPaymentsError(error, 'unavailable'),
    );
  }, 20_000);

  it("creates the deposit Checkout as a destination charge for the salon's Express account: on the platform, on behalf of and paid over to the salon, the amount, the booking and the expiry", async () => {
    const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 31 * 60 * 1000);
    const session = await payments().createDepositCheckout({
      salonId: 'sal_deposit',
      salonName: 'Bláth Hair',
      bookingId: 'bk_1',
      accountId: 'acct_salon',
      serviceName: 'Balayage',
      amountCents: 2000,
      expiresAt,
      successUrl: 'https://app.example.ie/',
      cancelUrl: 'https://app.example.ie/',
      idempotencyKey: 'deposit-bk_1',
    });
    expect(session).toMatchObject({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//), expiresAt });
    const request = last('/v1/checkout/sessions');
    expect(request.headers['stripe-account']).toBeUndefined();
    expect(request.headers['idempotency-key']).toBe('deposit-bk_1');
    expect(request.params).toMatchObject({
      mode: 'payment',
      payment_intent_data: {
        on_behalf_of: 'acct_salon',
        transfer_data: { destination: 'acct_salon' },
        metadata: { salon_id: 'sal_deposit', booking_id: 'bk_1' },
      },
      expires_at: String(expiresAt.getTime() / 1000),
      metadata: { salon_id: 'sal_deposit', booking_id: 'bk_1' },
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '2000', product_data: { name: 'Deposit: Balayage' } } }],
    });
    // The platform pays Stripe's fee on a deposit (docs/operations.md, "Who pays Stripe's fee"): no
    // application fee, so the whole deposit reaches the salon. A destination charge debits "the
    // cost of the Stripe fees" from the platform (https://docs.stripe.com/connect/destination-charges).
    expect(request.params.payment_intent_data).not.toHaveProperty('application_fee_amount');
    expect(request.params.payment_intent_data).not.toHaveProperty('transfer_data.amount');
  });

  it("expires a deposit's session on the platform, and takes a session no longer open as done (RELIABILITY 66)", async () => {
    const deposit = (bookingId: string) =>
      payments().createDepositCheckout({
        salonId: 'sal_deposit',
        salonName: 'Bláth Hair',
        bookingId,
        accountId: 'acct_salon',
        serviceName: 'Balayage',
        amountCents: 2000,
        expiresAt: new Date(Date.now() + 31 * 60 * 1000),
        successUrl: 'https://app.example.ie/',
        cancelUrl: 'https://app.example.ie/',
        idempotencyKey: `deposit-${bookingId}`,
      });
    const open = await deposit('bk_expire');
    await payments().expireDepositCheckout({ salonId: 'sal_deposit', sessionId: open.id });
    expect(fake.sessions.get(open.id)?.status).toBe('expired');
    const request = last(`/v1/checkout/sessions/${open.id}/expire`);
    expect(request.method).toBe('POST');
    expect(request.headers['stripe-account']).toBeUndefined();
    // Again (a second settle), or once paid: Stripe refuses, and that is done.
    await payments().expireDepositCheckout({ salonId: 'sal_deposit', sessionId: open.id });
    const paid = await deposit('bk_paid');
    fake.sessions.get(paid.id)!.status = 'complete';
    await payments().expireDepositCheckout({ salonId: 'sal_deposit', sessionId: paid.id });
    expect(fake.sessions.get(paid.id)?.status).toBe('complete');
    // Stripe down is not done: the sweep tries again.
    fake.fail(/\/expire$/, 503, 3);
    await expect(payments().expireDepositCheckout({ salonId: 'sal_deposit', sessionId: paid.id })).rejects.toSatisfy((error) =>
      isPaymentsError(error, 'unavailable'),
    );
  }, 20_000);

  it('refunds a late deposit in full on the platform, taking the transfer back from the salon, once per key, and takes "already refunded" as done', async () => {
    const input = { salonId: 'sal_deposit', bookingId: 'bk_late', paymentIntentId: 'pi_late', idempotencyKey: 'deposit-refund-bk_late' };
    await payments().refundDeposit(input);
    await payments().refundDeposit(input);
    // Past Stripe's idempotency window, a new key: Stripe says it is refunded already.
    await payments().refundDeposit({ ...input, idempotencyKey: 'deposit-refund-bk_late-later' });
    expect(fake.refunds.get('pi_late')).toMatchObject({ account: null, metadata: { salon_id: 'sal_deposit', booking_id: 'bk_late' } });
    const request = last('/v1/refunds');
    expect(request.headers['stripe-account']).toBeUndefined();
    expect(request.params).toMatchObject({ payment_intent: 'pi_late', reverse_transfer: 'true' });
    expect(request.params).not.toHaveProperty('amount');
    expect(fake.requests.filter((each) => each.path === '/v1/refunds').map((each) => each.headers['idempotency-key'])).toEqual([
      'deposit-refund-bk_late',
      'deposit-refund-bk_late',
      'deposit-refund-bk_late-later',
    ]);
  });

  it("makes the salon's one customer once per key", async () => {
    const input = { salonId: 'sal_customer', email: 'owner@salon.ie', idempotencyKey: 'customer-sal_customer' };
    const customer = await payments().createCustomer(input);
    expect((await payments().createCustomer(input)).id).toBe(customer.id);
    const request = last('/v1/customers');
    expect(request.headers['idempotency-key']).toBe('customer-sal_customer');
    expect(request.params).toMatchObject({ email: 'owner@salon.ie', metadata: { salon_id: 'sal_customer' } });
  });

  it('expires a subscription checkout, and takes one no longer open as done (RELIABILITY 48)', async () => {
    const input = { salonId: 'sal_two', priceId: 'price_s', email: 'a@b.ie', customerId: 'cus_existing', successUrl: 'https://a/s', cancelUrl: 'https://a/c' };
    const first = await payments().createCheckoutSession({ ...input, idempotencyKey: 'checkout-sal_two-starter-none-1' });
    expect(first.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await payments().expireCheckoutSession({ salonId: 'sal_two', sessionId: first.id });
    expect(fake.sessions.get(first.id)?.status).toBe('expired');
    expect(last(`/v1/checkout/sessions/${first.id}/expire`).headers['stripe-account']).toBeUndefined();
    await payments().expireCheckoutSession({ salonId: 'sal_two', sessionId: first.id });
    await payments().expireCheckoutSession({ salonId: 'sal_two', sessionId: 'cs_gone' });
  });

  it("refunds a second subscription's payments, then cancels it; one already ended is left alone", async () => {
    fake.subscriptions.set('sub_second', { status: 'active', latestInvoice: 'in_second' });
    fake.invoicePayments.set('in_second', ['pi_second']);
    expect(await payments().cancelAndRefundSubscription({ salonId: 'sal_two', subscriptionId: 'sub_second' })).toBe(true);
    expect(fake.refunds.get('pi_second')).toMatchObject({ metadata: { salon_id: 'sal_two', subscription_id: 'sub_second' } });
    expect(fake.subscriptions.get('sub_second')?.status).toBe('canceled');
    const calls = fake.requests
      .filter((request) => request.path.includes('sub_second') || request.path === '/v1/refunds' || request.path === '/v1/invoice_payments')
      .slice(-4);
    expect(calls.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/subscriptions/sub_second',
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
      'DELETE /v1/subscriptions/sub_second',
    ]);
    expect(calls[1]!.params).toMatchObject({ invoice: 'in_second', status: 'paid' });
    expect(calls[2]!.headers['idempotency-key']).toBe('subscription-refund-pi_second');
    // A redelivery: it has ended, nothing more is done.
    const before = fake.requests.length;
    expect(await payments().cancelAndRefundSubscription({ salonId: 'sal_two', subscriptionId: 'sub_second' })).toBe(false);
    expect(fake.requests.slice(before).map((request) => request.method)).toEqual(['GET']);
  });

  it('opens the customer portal for the customer', async () => {
    const portal = await payments().createPortalSession({
      salonId: 's',
      customerId: 'cus_existing',
      returnUrl: 'https://app.example.ie/settings?section=billing',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(last('/v1/billing_portal/sessions').params).toMatchObject({
      customer: 'cus_existing',
      return_url: 'https://app.example.ie/settings?section=billing',
    });
  });

  it('makes the Express account once per key, then its onboarding and dashboard links', async () => {
    const input = { salonId: 'sal_connect', email: 'owner@salon.ie', idempotencyKey: 'connect-account-sal_connect' };
    const account = await payments().createConnectAccount(input);
    expect(account).toMatchObject({ chargesEnabled: false, detailsSubmitted: false, currentlyDue: ['external_account', 'tos_acceptance.date'] });
    expect((await payments().createConnectAccount(input)).id).toBe(account.id);
    expect(last('/v1/accounts').params).toMatchObject({
      type: 'express',
      country: 'IE',
      metadata: { salon_id: 'sal_connect' },
      capabilities: { card_payments: { requested: 'true' } },
    });
    const link = await payments().createOnboardingLink({
      salonId: 'sal_connect',
      accountId: account.id,
      refreshUrl: 'https://a/refresh',
      returnUrl: 'https://a/return',
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(last('/v1/account_links').params).toMatchObject({ account: account.id, type: 'account_onboarding', return_url: 'https://a/return' });
    expect((await payments().createDashboardLink({ salonId: 'sal_connect', accountId: account.id })).url).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);
  });

  it('reports a meter event with the call as identifier, once', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    await payments().reportMeterEvent({ salonId: 's', eventName: 'overage_minutes', customerId: 'cus_1', value: 3, identifier: 'CA123', timestamp: at });
    expect(fake.meterEvents.get('CA123')).toMatchObject({
      event_name: 'overage_minutes',
      payload: { stripe_customer_id: 'cus_1', value: '3' },
      timestamp: at.getTime() / 1000,
    });
    expect(last('/v1/billing/meter_events').headers['idempotency-key']).toBe('meter-CA123');
    // A retried report is answered from the idempotency key, not counted again.
    await payments().reportMeterEvent({ salonId: 's', eventName: 'overage_minutes', customerId: 'cus_1', value: 3, identifier: 'CA123', timestamp: at });
    expect(fake.meterEvents.size).toBe(1);
  });

  it('cancels the subscription and deletes the customer, and takes "already gone" as done', async () => {
    await payments().cancelSubscription({ salonId: 's', subscriptionId: 'sub_existing' });
    await payments().cancelSubscription({ salonId: 's', subscriptionId: 'sub_existing' });
    await payments().deleteCustomer({ salonId: 's', customerId: 'cus_existing' });
    await payments().deleteCustomer({ salonId: 's', customerId: 'cus_existing' });
    expect(fake.requests.filter((request) => request.method === 'DELETE' && request.path.endsWith('_existing')).map((request) => request.path)).toEqual([
      '/v1/subscriptions/sub_existing',
      '/v1/subscriptions/sub_existing',
      '/v1/customers/cus_existing',
      '/v1/customers/cus_existing',
    ]);
  });
});

describe('webhook signatures', () => {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated', created: 1, data: { object: {} } });

  it("the sandbox signs exactly as Stripe does: the SDK's own check accepts it", () => {
    const t = Math.floor(Date.now() / 1000);
    const header = stripeSignatureHeader('whsec_sandbox', payload, t);
    expect(header).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_sandbox', timestamp: t }));
    expect(Stripe.webhooks.constructEvent(payload, header, 'whsec_sandbox').id).toBe('evt_1');
  });

  it('accepts either endpoint secret, within 300 s only', () => {
    const now = new Date();
    const t = Math.floor(now.getTime() / 1000);
    expect(verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t), ['whsec_account', 'whsec_connect'], now).id).toBe('evt_1');
    expect(() => verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t - 299), ['whsec_connect'], now)).not.toThrow();
    expect(() => verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t - 301), ['whsec_connect'], now)).toThrow();
    // From the future too (RELIABILITY 9): the SDK itself only refuses the past.
    expect(() => verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t + 299), ['whsec_connect'], now)).not.toThrow();
    expect(() => verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t + 301), ['whsec_connect'], now)).toThrow(InvalidSignatureError);
    expect(() => verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t + 10 * 365 * 86_400), ['whsec_connect'], now)).toThrow(
      InvalidSignatureError,
    );
    expect(() => verifiedEvent(payload, undefined, ['whsec_connect'], now)).toThrow();
    expect(() => verifiedEvent(payload, stripeSignatureHeader('whsec_connect', payload, t), [], now)).toThrow();
  });
});
