import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetConfig } from '../../functions/config.js';
import { deps, resetDeps } from '../../functions/composition-root.js';
import { handler as stripeRoute } from '../../functions/api/stripe.js';
import { handler as sandboxRoute } from '../../local/pages/stripe-sandbox.js';
import { BILLING_MESSAGES, PAYMENT_ACCOUNT_MESSAGES } from '../../functions/contracts/billing.js';
import { PLAN_ENDED_MESSAGE } from '../../functions/contracts/go-live.js';
import { FREE_TRIAL_DAYS } from '../../functions/core/plans.js';
import type { ApiEvent } from '../../functions/http/handler.js';
import { stripeSignatureHeader } from '../../functions/providers/stripe-signature.js';
import { SANDBOX_PRICE_IDS } from '../../local/sandboxes/sandbox-stripe-objects.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually, localAwsCredentials, standIns } from '../support/stand-ins.js';
import { finishedCall } from '../support/calls.js';
import { useProductDeps } from '../support/config-env.js';
import { localSandboxes } from '../../local/sandboxes/stand-ins.js';

/**
 * `/api/stripe` over HTTP against the running product and its payments sandbox: the
 * subscription's status, Checkout through the sandbox's page (which delivers the signed webhook),
 * the customer portal, and the Connect payment account. Then the real adapter's failure path,
 * through the same handler pointed at a Stripe that cannot be reached.
 */
const stand = standIns();
const table = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stand.env.DYNAMODB_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() }),
);

beforeAll(useProductDeps);

async function ownerWithSalon(label: string) {
  const owner = await signUpOwner(label);
  const salon = (await api('/api/salon', { token: owner.accessToken })).body as { id: string };
  return { owner, salonId: salon.id };
}

const status = (owner: TestOwner, salonId: string) => api(`/api/stripe?route=status&salon_id=${encodeURIComponent(salonId)}`, { token: owner.accessToken });
const checkout = (owner: TestOwner, body: Record<string, unknown>) =>
  api('/api/stripe?route=create-checkout', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });

/** A sandbox page as the browser sees it, and its buttons pressed (a form post, redirects not followed). */
async function sandboxPage(url: string) {
  const response = await fetch(url);
  return { status: response.status, html: await response.text(), csp: response.headers.get('content-security-policy') };
}
async function press(url: string, action: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

describe('sign-in and ownership', () => {
  it('every route wants an access token first', async () => {
    for (const [path, method] of [
      ['/api/stripe', 'GET'],
      ['/api/stripe', 'POST'],
      ['/api/stripe?route=status&salon_id=sal_x', 'GET'],
      ['/api/stripe?route=create-checkout', 'POST'],
      ['/api/stripe?route=portal', 'POST'],
    ] as const) {
      const answer = await api(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });

  it("another salon's id is not found, and another user's checkout is refused, with nothing written", async () => {
    const mine = await ownerWithSalon('stripe-mine');
    const theirs = await ownerWithSalon('stripe-theirs');
    expect((await status(mine.owner, theirs.salonId)).status).toBe(404);
    const before = JSON.stringify(await stand.salonItems(mine.salonId));
    const body = { priceId: SANDBOX_PRICE_IDS.growth, salonId: theirs.salonId, userId: mine.owner.userId, email: mine.owner.email };
    expect((await checkout(mine.owner, body)).status).toBe(404);
    expect((await checkout(mine.owner, { ...body, salonId: mine.salonId, userId: theirs.owner.userId })).status).toBe(403);
    const unknownPrice = await checkout(mine.owner, { ...body, salonId: mine.salonId, priceId: 'price_enterprise' });
    expect(unknownPrice).toMatchObject({ status: 400, body: { error: BILLING_MESSAGES.invalidPlan } });
    expect(JSON.stringify(await stand.salonItems(mine.salonId))).toBe(before);
  });
});

describe('the VAT number (issue 43, point 8)', () => {
  const save = (owner: TestOwner, body: unknown) =>
    api('/api/stripe?route=vat-number', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });

  it('is refused unless it is one, kept compact, shown in the status, and removed with null or empty', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-vat');
    expect((await status(owner, salonId)).body.vatNumber).toBeNull();
    const before = JSON.stringify(await stand.salonItems(salonId));
    for (const wrong of ['IE123', 'GB123456789', 42, { value: 'IE1234567T' }]) {
      expect((await save(owner, { vatNumber: wrong })).status, JSON.stringify(wrong)).toBe(400);
    }
    expect((await save(owner, { vatNumber: 'IE1234567T', extra: true })).status).toBe(400);
    expect(JSON.stringify(await stand.salonItems(salonId))).toBe(before);
    expect(await save(owner, { vatNumber: 'ie 1234567 t' })).toMatchObject({ status: 200, body: { vatNumber: 'IE1234567T' } });
    expect((await status(owner, salonId)).body.vatNumber).toBe('IE1234567T');
    expect(await save(owner, { vatNumber: '' })).toMatchObject({ status: 200, body: { vatNumber: null } });
    expect((await status(owner, salonId)).body.vatNumber).toBeNull();
    expect((await api('/api/stripe?route=vat-number', { method: 'POST', body: JSON.stringify({ vatNumber: null }) })).status).toBe(401);
  });
});

describe('subscribing through the sandbox', () => {
  it('free during the trial; Checkout, then the chosen plan; the portal changes and cancels it; ended, the receptionist pauses', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-subscribe');
    const first = await status(owner, salonId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ plan: 'free', subscription: null, prices: SANDBOX_PRICE_IDS, sandbox: true, invoices: false });
    const trialDays = (Date.parse(first.body.trial_end) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(FREE_TRIAL_DAYS - 0.01);
    expect(trialDays).toBeLessThanOrEqual(FREE_TRIAL_DAYS);

    // Nothing to manage yet.
    expect(await api('/api/stripe?route=portal', { method: 'POST', token: owner.accessToken })).toMatchObject({
      status: 409,
      body: { error: BILLING_MESSAGES.nothingToManage },
    });

    const started = await checkout(owner, { priceId: SANDBOX_PRICE_IDS.growth, salonId, userId: owner.userId, email: owner.email });
    expect(started.status).toBe(200);
    const url = new URL(started.body.url);
    expect(url.origin).toBe(inject('baseUrl'));
    expect(url.pathname).toBe('/api/stripe/sandbox');
    // Pressing Choose plan again answers the same session.
    expect((await checkout(owner, { priceId: SANDBOX_PRICE_IDS.growth, salonId, userId: owner.userId, email: owner.email })).body.url).toBe(started.body.url);

    const checkoutPage = await sandboxPage(started.body.url);
    expect(checkoutPage.status).toBe(200);
    expect(checkoutPage.html).toContain('Sandbox');
    expect(checkoutPage.html).toContain('Growth');
    expect(checkoutPage.html).toContain('€149');
    // Chosen during the trial: it starts when the trial ends, and Checkout says so, VAT included.
    expect(checkoutPage.html).toContain('Prices include Irish VAT at 23%. Nothing is charged until your free trial ends on');
    expect(checkoutPage.csp).toContain("default-src 'none'");
    expect(checkoutPage.html).not.toContain('<script');

    const cancelled = await press(started.body.url, 'cancel');
    expect(cancelled).toMatchObject({ status: 303, location: `${inject('baseUrl')}/settings?section=billing&checkout=cancelled` });
    expect((await status(owner, salonId)).body.plan).toBe('free');

    const paid = await press(started.body.url, 'pay');
    expect(paid).toMatchObject({ status: 303, location: `${inject('baseUrl')}/settings?section=billing&checkout=success&charged=after-trial` });
    const subscribed = await status(owner, salonId);
    expect(subscribed.body).toMatchObject({ plan: 'Growth', subscription: { planId: 'growth', status: 'trialing', cancelAtPeriodEnd: false } });
    // Issue 46 #1: still the free trial, its minutes and nothing charged, with the plan to come.
    expect(subscribed.body.billing).toMatchObject({ phase: 'trial', plan: { id: 'growth' }, minutesIncluded: 100, extraMinutes: 0 });
    expect(subscribed.body.billing.headline).toMatch(/^Free trial until \d{1,2} [A-Z][a-z]+: 0 of 100 minutes used; then Growth, €149 a month incl\. VAT\.$/);
    expect(subscribed.body.invoices).toBe(true);
    expect(Math.abs(Date.parse(subscribed.body.subscription.currentPeriodEnd) - Date.parse(subscribed.body.trial_end))).toBeLessThan(1000);
    // Paid once: the used page is gone, pressing Pay again changes nothing.
    expect((await press(started.body.url, 'pay')).status).toBe(410);
    expect(await checkout(owner, { priceId: SANDBOX_PRICE_IDS.starter, salonId, userId: owner.userId, email: owner.email })).toMatchObject({
      status: 409,
      body: { error: BILLING_MESSAGES.alreadySubscribed },
    });

    const portal = await api('/api/stripe?route=portal', { method: 'POST', token: owner.accessToken });
    expect(portal.status).toBe(200);
    const portalPage = await sandboxPage(portal.body.url);
    expect(portalPage.html).toContain('Your plan: Growth');
    // Issue 46 #3: in the trial a change of plan is free (Stripe's portal continues the trial), so no proration is spoken of.
    expect(portalPage.html).toContain('nothing is charged during the free trial');
    expect(portalPage.html).not.toContain('rest of this period');
    expect(await press(portal.body.url, 'switch:business')).toMatchObject({ status: 303, location: `${inject('baseUrl')}/settings?section=billing` });
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'Business', subscription: { planId: 'business' } });
    await press(portal.body.url, 'cancel');
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'Business', subscription: { status: 'trialing', cancelAtPeriodEnd: true } });

    // The trial is long over; when the subscription ends, calls stop reaching the receptionist, and the dashboard says why.
    await table.send(
      new UpdateCommand({
        TableName: stand.env.TABLE_NAME,
        Key: { pk: `SALON#${salonId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET createdAt = :long_ago',
        ExpressionAttributeValues: { ':long_ago': new Date(Date.now() - 40 * 86_400_000).toISOString() },
      }),
    );
    expect((await api('/api/salon', { token: owner.accessToken })).body.readiness).toMatchObject({ billingActive: true });
    await press(portal.body.url, 'end-now');
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
    const paused = (await api('/api/salon', { token: owner.accessToken })).body.readiness;
    expect(paused).toMatchObject({ billingActive: false, planEnded: true });
    expect(paused.missing).toContain('billing');
    const goLive = await api('/api/agent/go-live', { method: 'POST', token: owner.accessToken });
    expect(goLive.body.error).toContain(PLAN_ENDED_MESSAGE);
  });
});

describe('one subscription per salon, whatever the owner clicks (RELIABILITY 48)', () => {
  const choose = (owner: TestOwner, salonId: string, plan: keyof typeof SANDBOX_PRICE_IDS) =>
    checkout(owner, { priceId: SANDBOX_PRICE_IDS[plan], salonId, userId: owner.userId, email: owner.email, startNow: true });
  const sessionIdOf = (url: string) => new URL(url).searchParams.get('id')!;
  /** The sandbox's subscriptions of the salon as Stripe holds them (whatever the profile says). */
  const sandboxSubscriptions = async (salonId: string) =>
    (await stand.salonItems(salonId))
      .filter((item) => String(item.sk).startsWith('SANDBOXSTRIPE#SUB#sub_'))
      .map((item) => item.value as { id: string; priceId: string; status: string; refundedAt?: number });

  it('a second checkout expires the first: its link can no longer be paid', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-two-checkouts');
    const starter = await choose(owner, salonId, 'starter');
    const business = await choose(owner, salonId, 'business');
    expect(starter.status).toBe(200);
    expect(business.status).toBe(200);
    expect(business.body.url).not.toBe(starter.body.url);
    expect((await sandboxPage(starter.body.url)).status).toBe(410);
    expect((await press(starter.body.url, 'pay')).status).toBe(410);
    expect((await press(business.body.url, 'pay')).status).toBe(303);
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'Business', subscription: { planId: 'business', status: 'active' } });
    expect((await sandboxSubscriptions(salonId)).filter((subscription) => subscription.status === 'active')).toHaveLength(1);
    // Starter again, then Business again: each press of another plan gives a fresh session, never an expired one.
    const { owner: other, salonId: otherSalon } = await ownerWithSalon('stripe-back-and-forth');
    const first = (await choose(other, otherSalon, 'starter')).body.url as string;
    const second = (await choose(other, otherSalon, 'business')).body.url as string;
    const third = (await choose(other, otherSalon, 'starter')).body.url as string;
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await choose(other, otherSalon, 'starter')).body.url).toBe(third);
    expect([(await sandboxPage(first)).status, (await sandboxPage(second)).status, (await sandboxPage(third)).status]).toEqual([410, 410, 200]);
  });

  it('a used checkout is not answered again: subscribing anew after the subscription ended gives a payable session', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-again');
    const first = (await choose(owner, salonId, 'starter')).body.url as string;
    expect((await press(first, 'pay')).status).toBe(303);
    const portal = await api('/api/stripe?route=portal', { method: 'POST', token: owner.accessToken });
    await press(portal.body.url, 'end-now');
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } });
    const again = (await choose(owner, salonId, 'starter')).body.url as string;
    expect(again).not.toBe(first);
    expect((await sandboxPage(again)).status).toBe(200);
  });

  it('Starter and Business pressed at once: exactly one link can be paid', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-two-at-once');
    const [starter, business] = await Promise.all([choose(owner, salonId, 'starter'), choose(owner, salonId, 'business')]);
    expect([starter.status, business.status]).toEqual([200, 200]);
    const pages = [(await sandboxPage(starter.body.url)).status, (await sandboxPage(business.body.url)).status];
    expect(pages.sort()).toEqual([200, 410]);
  });

  it("a second completed checkout (paid before the first one's webhook arrived) is cancelled and refunded, never kept", async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-two-paid');
    const starter = (await choose(owner, salonId, 'starter')).body.url as string;
    // Paid at Stripe; its webhooks are slow to arrive.
    const late = (await localSandboxes().payments.completeCheckout(salonId, sessionIdOf(starter)))!;
    const business = (await choose(owner, salonId, 'business')).body.url as string;
    expect((await press(business, 'pay')).status).toBe(303);
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'Business', subscription: { planId: 'business' } });
    const secret = (await deps().payments.webhookSecrets())[0]!;
    for (const event of late.events) {
      const payload = JSON.stringify(event);
      const delivered = await api('/api/stripe/webhook', {
        method: 'POST',
        body: payload,
        headers: { 'stripe-signature': stripeSignatureHeader(secret, payload, Math.floor(Date.now() / 1000)) },
      });
      expect(delivered.status).toBe(200);
    }
    expect((await status(owner, salonId)).body).toMatchObject({ plan: 'Business', subscription: { planId: 'business', status: 'active' } });
    const held = await sandboxSubscriptions(salonId);
    expect(held.filter((subscription) => subscription.status === 'active').map((subscription) => subscription.priceId)).toEqual([SANDBOX_PRICE_IDS.business]);
    expect(held.find((subscription) => subscription.priceId === SANDBOX_PRICE_IDS.starter)).toMatchObject({
      status: 'canceled',
      refundedAt: expect.any(Number),
    });
    // Plan changes go through the portal, never a second checkout.
    expect((await choose(owner, salonId, 'growth')).status).toBe(409);
  });
});

describe('minutes past the plan', () => {
  it("go to the sandbox's Billing Meter once per call, with the minutes past the plan", async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-overage');
    // Started today: a plan that starts at the trial's end has no extra minutes before it (issue 46 #1).
    const started = await checkout(owner, { priceId: SANDBOX_PRICE_IDS.starter, salonId, userId: owner.userId, email: owner.email, startNow: true });
    await press(started.body.url, 'pay');
    expect((await status(owner, salonId)).body.plan).toBe('Starter');
    // 98 minutes, then 5 more: 3 past Starter's 100. The second call's event arrives twice.
    // Calls after the subscription began (a call before it belongs to the trial).
    const first = await finishedCall(salonId, { minutesAgo: 0, seconds: 98 * 60 });
    // Placed in the period's overage ledger first (within the plan: nothing to report).
    await eventually(
      () => stand.salonItems(salonId),
      (items) => items.some((item) => String(item.sk).startsWith('OVERAGE#') && first.callSid in (item.calls as Record<string, number>)),
    );
    const second = await finishedCall(salonId, { minutesAgo: 0, seconds: 5 * 60 });
    await deps().events.publish('call.completed', second);
    const meter = await eventually(
      () => localSandboxes().payments.meterEvents(salonId, second.callSid),
      (event) => event !== null,
    );
    const customerId = (await deps().salons.get(salonId))?.subscription?.customerId;
    expect(meter).toMatchObject({ identifier: second.callSid, eventName: 'overage_minutes', customerId, value: 3 });
    expect(await localSandboxes().payments.meterEvents(salonId, first.callSid)).toBeNull();
    expect((await stand.salonItems(salonId)).filter((item) => String(item.sk).startsWith('SANDBOXSTRIPE#METER#'))).toHaveLength(1);
  });
});

describe('the payment account (Connect)', () => {
  it('Not connected, onboarding left with details due, then pending, then complete: Active, and the dashboard link', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-connect');
    expect((await api('/api/stripe', { token: owner.accessToken })).body).toEqual({ connected: false, account: { status: 'Not connected' }, sandbox: true });

    const link = async () => {
      const answer = await api('/api/stripe', { method: 'POST', token: owner.accessToken });
      expect(answer.status).toBe(200);
      return answer.body as { url: string; mode: string };
    };
    const onboarding = await link();
    expect(onboarding.mode).toBe('onboarding');
    const connectPage = await sandboxPage(onboarding.url);
    expect(connectPage.html).toContain('Complete onboarding');
    expect(await press(onboarding.url, 'leave')).toMatchObject({ status: 303, location: `${inject('baseUrl')}/settings?section=billing&connect=return` });
    expect((await api('/api/stripe', { token: owner.accessToken })).body).toMatchObject({ connected: true, account: { status: 'Action required' } });
    // A used link is gone.
    expect((await press(onboarding.url, 'complete')).status).toBe(410);

    const again = await link();
    expect(again.mode).toBe('onboarding');
    await press(again.url, 'pending');
    expect((await api('/api/stripe', { token: owner.accessToken })).body.account.status).toBe('Pending verification');

    await press((await link()).url, 'complete');
    expect((await api('/api/stripe', { token: owner.accessToken })).body.account.status).toBe('Active');
    // One account all along.
    const accounts = (await stand.salonItems(salonId)).filter((item) => item.sk === 'PAYMENTACCOUNT');
    expect(accounts).toHaveLength(1);

    const dashboard = await link();
    expect(dashboard.mode).toBe('dashboard');
    const dashboardPage = await sandboxPage(new URL(dashboard.url, inject('baseUrl')).toString());
    expect(dashboardPage.status).toBe(200);
    expect(dashboardPage.html).toContain('Active');
  });

  it('two first presses at once make one account', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-connect-race');
    const answers = await Promise.all(Array.from({ length: 4 }, () => api('/api/stripe', { method: 'POST', token: owner.accessToken })));
    for (const answer of answers) expect(answer.status).toBe(200);
    const accounts = (await stand.salonItems(salonId)).filter((item) => item.sk.startsWith('SANDBOXSTRIPE#ACCOUNT#'));
    expect(accounts).toHaveLength(1);
  });
});

describe('with Stripe keys set', () => {
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_unreachable',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    PLAN_PRICE_IDS: JSON.stringify({ starter: 'price_s', growth: 'price_g', business: 'price_b' }),
    // Nothing listens here: Stripe cannot be reached.
    STRIPE_API_ROOT: 'http://127.0.0.1:9',
  };
  beforeAll(() => {
    Object.assign(process.env, keys);
    resetConfig();
    resetDeps();
  });
  afterAll(() => {
    for (const key of Object.keys(keys)) delete process.env[key];
    resetConfig();
    resetDeps();
  });

  const call = (owner: { userId: string }, method: 'GET' | 'POST', query: Record<string, string>, body?: unknown) =>
    (stripeRoute as unknown as (event: ApiEvent, context: unknown) => Promise<{ statusCode: number; body: string }>)(
      {
        rawPath: '/api/stripe',
        queryStringParameters: query,
        headers: { host: new URL(inject('baseUrl')).host, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        isBase64Encoded: false,
        requestContext: {
          http: { method, sourceIp: '203.0.113.9' },
          authorizer: { jwt: { claims: { sub: owner.userId, token_use: 'access', username: owner.userId } } },
        },
      } as unknown as ApiEvent,
      {},
    ).then((answer) => ({ status: answer.statusCode, body: JSON.parse(answer.body) }));

  it('Stripe unreachable: 502 with the message Billing shows, and nothing half-written', async () => {
    const { owner, salonId } = await ownerWithSalon('stripe-down');
    const statusAnswer = await call(owner, 'GET', { route: 'status', salon_id: salonId });
    expect(statusAnswer).toMatchObject({ status: 200, body: { plan: 'free', prices: { growth: 'price_g' }, sandbox: false } });
    const before = JSON.stringify(await stand.salonItems(salonId));
    const failed = await call(owner, 'POST', { route: 'create-checkout' }, { priceId: 'price_g', salonId, userId: owner.userId, email: owner.email });
    expect(failed).toMatchObject({ status: 502, body: { error: BILLING_MESSAGES.checkoutFailed } });
    const connect = await call(owner, 'POST', {});
    expect(connect).toMatchObject({ status: 502, body: { error: PAYMENT_ACCOUNT_MESSAGES.connectFailed } });
    expect(JSON.stringify(await stand.salonItems(salonId))).toBe(before);
    // The sandbox's pages are gone once keys are set.
    expect(await deps().payments.provider()).toBe('stripe');
    const page = await (sandboxRoute as unknown as (event: ApiEvent, context: unknown) => Promise<{ statusCode: number }>)(
      {
        rawPath: '/api/stripe/sandbox',
        queryStringParameters: { page: 'checkout', salon: salonId, id: `cs_sandbox_${'a'.repeat(32)}` },
        headers: {},
        isBase64Encoded: false,
        requestContext: { http: { method: 'GET', sourceIp: '203.0.113.9' } },
      } as unknown as ApiEvent,
      {},
    );
    expect(page.statusCode).toBe(404);
  }, 30_000);
});
