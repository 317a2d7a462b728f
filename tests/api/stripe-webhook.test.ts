import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/config.js';
import { deps, resetDeps } from '../../functions/composition-root.js';
import { handler } from '../../functions/api/stripe-webhook.js';
import type { ApiEvent } from '../../functions/http/handler.js';
import { setLogSink } from '../../functions/logger.js';
import { api, signUpOwner } from '../support/owners.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { standIns } from '../support/stand-ins.js';

/**
 * RELIABILITY 9, 10 and 39: Stripe's webhook through its handler against the stand-ins, with a
 * configured endpoint secret. Events are signed with the stripe SDK's own test header.
 */
const SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const PRICES = { starter: 'price_starter_t', growth: 'price_growth_t', business: 'price_business_t' };
const stand = standIns();
let fake: FakeStripe;
let env: Record<string, string>;

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  fake = await startFakeStripe({ secretKey: 'sk_test_webhook' });
  env = { STRIPE_SECRET_KEY: 'sk_test_webhook', STRIPE_WEBHOOK_SECRET: SECRET, PLAN_PRICE_IDS: JSON.stringify(PRICES), STRIPE_API_ROOT: fake.url };
  Object.assign(process.env, inject('productEnv'), env);
  resetConfig();
  resetDeps();
});
afterAll(async () => {
  for (const key of Object.keys(env)) delete process.env[key];
  resetConfig();
  resetDeps();
  await fake.close();
});

const now = () => Math.floor(Date.now() / 1000);
const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp ?? now() });

function deliver(body: string, signature: string | undefined, options: { base64?: boolean } = {}) {
  const event = {
    rawPath: '/api/stripe/webhook',
    body: options.base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: Boolean(options.base64),
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    requestContext: { http: { method: 'POST', sourceIp: '203.0.113.9' } },
  } as unknown as ApiEvent;
  return (handler as unknown as (event: ApiEvent, context: unknown) => Promise<{ statusCode: number; body: string }>)(event, {}).then((answer) => ({
    status: answer.statusCode,
    body: JSON.parse(answer.body) as { outcome?: string; error?: string },
  }));
}

let eventCount = 0;
function subscriptionEvent(
  salonId: string,
  options: { type?: string; created: number; price?: string; status?: string; cancelAtPeriodEnd?: boolean; id?: string; subscription?: string },
) {
  eventCount += 1;
  const start = options.created - 60;
  return JSON.stringify({
    id: options.id ?? `evt_test_${eventCount}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: options.type ?? 'customer.subscription.updated',
    data: {
      object: {
        id: options.subscription ?? 'sub_test_1',
        object: 'subscription',
        customer: 'cus_test_1',
        status: options.status ?? 'active',
        cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
        start_date: start,
        metadata: { salon_id: salonId },
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              object: 'subscription_item',
              price: { id: options.price ?? PRICES.growth, object: 'price' },
              current_period_start: start,
              current_period_end: start + 30 * 86_400,
            },
          ],
        },
      },
    },
  });
}

async function salon() {
  const owner = await signUpOwner('stripe-webhook');
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  return { owner, salonId };
}
const subscriptionOf = async (salonId: string) => (await deps().salons.get(salonId))?.subscription ?? null;

describe('the Stripe webhook', () => {
  it('refuses a missing, wrong-secret, tampered or old signature with 400 and changes nothing', async () => {
    const { salonId } = await salon();
    const body = subscriptionEvent(salonId, { created: now() });
    const tampered = body.replace(PRICES.growth, PRICES.business);
    const before = JSON.stringify(await stand.salonItems(salonId));
    for (const [label, payload, signature] of [
      ['missing', body, undefined],
      ['another secret', body, sign(body, { secret: 'whsec_someone_else' })],
      ['tampered body', tampered, sign(body)],
      ['older than 300 s', body, sign(body, { timestamp: now() - 301 })],
      // RELIABILITY 9: the window holds both ways.
      ['dated 310 s ahead', body, sign(body, { timestamp: now() + 310 })],
      ['dated ten years ahead', body, sign(body, { timestamp: now() + 10 * 365 * 86_400 })],
      ['garbage', body, 't=abc,v1=def'],
    ] as const) {
      const answer = await deliver(payload, signature);
      expect(answer.status, label).toBe(400);
    }
    expect(JSON.stringify(await stand.salonItems(salonId))).toBe(before);
    expect(await subscriptionOf(salonId)).toBeNull();
  });

  it('checks the raw body of a base64-encoded delivery, and applies it', async () => {
    const { salonId } = await salon();
    const body = subscriptionEvent(salonId, { created: now(), type: 'customer.subscription.created' });
    expect((await deliver(body, sign(body), { base64: true })).body.outcome).toBe('applied');
    expect(await subscriptionOf(salonId)).toMatchObject({ id: 'sub_test_1', planId: 'growth', status: 'active', customerId: 'cus_test_1' });
    // A base64 body signed over something else is refused.
    const other = subscriptionEvent(salonId, { created: now() + 1, price: PRICES.business });
    expect((await deliver(other, sign(body), { base64: true })).status).toBe(400);
  });

  it('the same event five times at once: one change, every delivery 2xx', async () => {
    const { salonId } = await salon();
    const body = subscriptionEvent(salonId, { created: now(), type: 'customer.subscription.created', price: PRICES.starter });
    const signature = sign(body);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(body, signature)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers.filter((answer) => answer.body.outcome === 'applied')).toHaveLength(1);
    expect(await subscriptionOf(salonId)).toMatchObject({ planId: 'starter' });
    const markers = (await stand.salonItems(salonId)).filter((item) => String(item.sk).startsWith('STRIPEEVENT#'));
    expect(markers).toHaveLength(1);
    // Later, once more: acknowledged as a duplicate.
    expect((await deliver(body, sign(body))).body.outcome).toBe('duplicate');
  });

  it('events out of order: the newest state wins', async () => {
    const { salonId } = await salon();
    const t = now();
    const created = subscriptionEvent(salonId, { created: t - 30, type: 'customer.subscription.created', price: PRICES.starter });
    const upgraded = subscriptionEvent(salonId, { created: t - 20, price: PRICES.business });
    const cancelling = subscriptionEvent(salonId, { created: t - 10, price: PRICES.business, cancelAtPeriodEnd: true });
    for (const body of [cancelling, created, upgraded]) expect((await deliver(body, sign(body))).status).toBe(200);
    expect(await subscriptionOf(salonId)).toMatchObject({ planId: 'business', cancelAtPeriodEnd: true });
    const deleted = subscriptionEvent(salonId, {
      created: t - 10,
      type: 'customer.subscription.deleted',
      price: PRICES.business,
      status: 'canceled',
      cancelAtPeriodEnd: true,
    });
    // A deletion in the same second as an update is the later state, whichever arrives first.
    expect((await deliver(deleted, sign(deleted))).body.outcome).toBe('applied');
    expect((await deliver(cancelling, sign(cancelling))).body.outcome).toBe('duplicate');
    expect(await subscriptionOf(salonId)).toMatchObject({ status: 'canceled' });
  });

  it('keeps one subscription: a second live one is refunded and cancelled, never on the profile; a new one after the first ended is taken (RELIABILITY 48)', async () => {
    const { salonId } = await salon();
    const t = now();
    const deliverSigned = async (body: string) => (await deliver(body, sign(body))).body.outcome;
    expect(
      await deliverSigned(
        subscriptionEvent(salonId, { created: t - 30, type: 'customer.subscription.created', subscription: 'sub_first', price: PRICES.starter }),
      ),
    ).toBe('applied');
    fake.subscriptions.set('sub_second', { status: 'active', latestInvoice: 'in_second' });
    fake.invoicePayments.set('in_second', ['pi_second']);
    expect(
      await deliverSigned(
        subscriptionEvent(salonId, { created: t - 20, type: 'customer.subscription.created', subscription: 'sub_second', price: PRICES.business }),
      ),
    ).toBe('applied');
    expect(await subscriptionOf(salonId)).toMatchObject({ id: 'sub_first', planId: 'starter', status: 'active' });
    expect(fake.refunds.get('pi_second')).toMatchObject({ metadata: { salon_id: salonId, subscription_id: 'sub_second' } });
    expect(fake.subscriptions.get('sub_second')?.status).toBe('canceled');
    // Its own cancellation comes back as events: nothing changes.
    expect(
      await deliverSigned(
        subscriptionEvent(salonId, {
          created: t - 15,
          type: 'customer.subscription.deleted',
          subscription: 'sub_second',
          price: PRICES.business,
          status: 'canceled',
        }),
      ),
    ).toBe('stale');
    expect(await subscriptionOf(salonId)).toMatchObject({ id: 'sub_first', status: 'active' });
    // The first ends; a later subscription is the salon's.
    expect(
      await deliverSigned(
        subscriptionEvent(salonId, {
          created: t - 10,
          type: 'customer.subscription.deleted',
          subscription: 'sub_first',
          price: PRICES.starter,
          status: 'canceled',
        }),
      ),
    ).toBe('applied');
    expect(
      await deliverSigned(subscriptionEvent(salonId, { created: t, type: 'customer.subscription.created', subscription: 'sub_third', price: PRICES.growth })),
    ).toBe('applied');
    expect(await subscriptionOf(salonId)).toMatchObject({ id: 'sub_third', planId: 'growth', status: 'active' });
    // Stripe unreachable while a second one must be ended: 503, so Stripe delivers it again.
    fake.subscriptions.set('sub_fourth', { status: 'active', latestInvoice: null });
    fake.fail(/^\/v1\/subscriptions\/sub_fourth$/, 503, 3);
    const fourth = subscriptionEvent(salonId, { created: t + 1, type: 'customer.subscription.created', subscription: 'sub_fourth', price: PRICES.starter });
    expect((await deliver(fourth, sign(fourth))).status).toBe(503);
    expect(await deliverSigned(fourth)).toBe('applied');
    expect(fake.subscriptions.get('sub_fourth')?.status).toBe('canceled');
    expect(await subscriptionOf(salonId)).toMatchObject({ id: 'sub_third' });
  }, 30_000);

  it('answers a correctly signed but malformed body with 400, never a 5xx, and changes nothing', async () => {
    const { salonId } = await salon();
    const before = JSON.stringify(await stand.salonItems(salonId));
    const event = (fields: Record<string, unknown>) =>
      JSON.stringify({ id: `evt_malformed_${randomBytes(4).toString('hex')}`, object: 'event', created: now(), ...fields });
    for (const body of [
      '[]',
      'null',
      '"event"',
      '42',
      '{',
      event({ type: 'customer.subscription.updated' }),
      event({ type: 'customer.subscription.updated', data: null }),
      event({ type: 'checkout.session.completed', data: { object: null } }),
      event({ type: 'checkout.session.completed', data: { object: [] } }),
      event({ type: 'account.updated', data: [] }),
      JSON.stringify({ object: 'event', type: 'customer.subscription.updated', data: { object: { metadata: { salon_id: salonId } } } }),
      event({ type: 42, data: { object: {} } }),
      event({ type: 'customer.subscription.updated', created: 'yesterday', data: { object: {} } }),
    ]) {
      const answer = await deliver(body, sign(body));
      expect(answer.status, body).toBe(400);
      expect(answer.body.error, body).toBe('The webhook body is not a Stripe event.');
    }
    expect(JSON.stringify(await stand.salonItems(salonId))).toBe(before);
  });

  it('acknowledges event types it does not use, and events for no salon of ours, changing nothing', async () => {
    const { salonId } = await salon();
    const before = JSON.stringify(await stand.salonItems(salonId));
    for (const body of [
      JSON.stringify({ id: 'evt_other', object: 'event', created: now(), type: 'invoice.upcoming', data: { object: { id: 'in_1', object: 'invoice' } } }),
      subscriptionEvent('sal_0000000000000000000000', { created: now() }),
      JSON.stringify({ id: 'evt_odd', object: 'event', created: now(), type: 'customer.subscription.updated', data: { object: { id: 'sub_x' } } }),
    ]) {
      const answer = await deliver(body, sign(body));
      expect(answer.status).toBe(200);
      // A salon that is not (or no longer) ours is never written: the profile must exist.
      expect(['ignored', 'stale']).toContain(answer.body.outcome);
    }
    expect(JSON.stringify(await stand.salonItems(salonId))).toBe(before);
  });
});
