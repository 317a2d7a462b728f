import { EXTRA_MINUTE_PRICE_CENTS, PLANS, type PlanPriceIds } from '../../core/plans.js';
import { STRIPE_API_VERSION } from '../../providers/payments-port.js';
import { guarded, sandboxCheck, unexpected, type Check, type VendorHttp } from './check.js';

const PROVIDER = 'Stripe';
const API = 'https://api.stripe.com/v1';

/** The event types core/billing/webhook.ts applies (tests/unit/preflight holds the two lists together). */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'account.updated',
] as const;

export interface StripeSettings {
  prod: boolean;
  siteUrl?: string;
  secretKey?: string;
  webhookSecrets: number;
  priceIds: PlanPriceIds | null;
  overagePriceId?: string;
  meterEventName: string;
}

interface Price {
  active?: boolean;
  currency?: string;
  unit_amount?: number | null;
  unit_amount_decimal?: string | null;
  recurring?: { interval?: string; usage_type?: string } | null;
}

/**
 * The key's mode matches the stage (live in prod only); webhook endpoints at this site receive
 * every event type we apply, in our pinned API version; the overage meter exists; each plan's
 * price is its amount, in euro, monthly.
 */
export function stripeChecks(http: VendorHttp, settings: StripeSettings): Promise<Check[]> {
  const key = settings.secretKey;
  if (!key) return Promise.resolve([sandboxCheck(PROVIDER, settings.prod, 'payments', 'put stripeSecretKey (a live key) in the provider secret')]);
  return guarded(PROVIDER, async () => {
    const get = (path: string) => http({ method: 'GET', url: `${API}${path}`, headers: { authorization: `Bearer ${key}`, 'stripe-version': STRIPE_API_VERSION } });
    const checks: Check[] = [];
    const live = /^(sk|rk)_live_/.test(key);
    const right = live === settings.prod;
    checks.push({ provider: PROVIDER, status: right ? 'ok' : 'fail', detail: `a ${live ? 'live' : 'test'}-mode key`, ...(right ? {} : { fix: settings.prod ? 'prod takes real payments: use the live secret key' : 'only prod takes real money: use a test-mode key here' }) });

    const endpoints = await get('/webhook_endpoints?limit=100');
    if (endpoints.status === 401) return [...checks, { provider: PROVIDER, status: 'fail', detail: 'the secret key is refused', fix: 'copy the secret key from the Stripe dashboard into the provider secret' }];
    if (endpoints.status !== 200) return [...checks, unexpected(PROVIDER, 'the webhook endpoints', endpoints)];
    checks.push(...webhookChecks((endpoints.body as { data?: Endpoint[] }).data ?? [], settings));

    if (settings.overagePriceId) {
      const meters = await get('/billing/meters?status=active&limit=100');
      const found = meters.status === 200 && ((meters.body as { data?: { event_name?: string }[] }).data ?? []).some((meter) => meter.event_name === settings.meterEventName);
      checks.push({ provider: PROVIDER, status: found ? 'ok' : 'fail', detail: `the Billing Meter "${settings.meterEventName}" ${found ? 'is active' : 'is missing'}`, ...(found ? {} : { fix: `make a meter with event name ${settings.meterEventName} (sum) and a metered price on it` }) });
      checks.push(priceCheck('the overage price', settings.overagePriceId, await get(`/prices/${settings.overagePriceId}`), (price) => price.recurring?.usage_type === 'metered' && Number(price.unit_amount_decimal ?? price.unit_amount) === EXTRA_MINUTE_PRICE_CENTS, `metered, €${EXTRA_MINUTE_PRICE_CENTS / 100} a minute`));
    } else checks.push({ provider: PROVIDER, status: 'warn', detail: 'no overage price: minutes past a plan are never billed', fix: 'put stripeOveragePriceId in the provider secret' });

    if (!settings.priceIds) return [...checks, { provider: PROVIDER, status: 'fail', detail: 'no plan prices: checkout refuses every plan', fix: 'put stripePriceIds {"starter":…,"growth":…,"business":…} in the provider secret' }];
    for (const plan of PLANS) {
      const id = settings.priceIds[plan.id];
      const expected = `€${plan.priceEuro} a month`;
      checks.push(priceCheck(`the ${plan.name} price`, id, await get(`/prices/${id}`), (price) => price.unit_amount === plan.priceCents && price.recurring?.interval === 'month', expected));
    }
    return checks;
  });
}

interface Endpoint {
  url?: string;
  status?: string;
  api_version?: string | null;
  enabled_events?: string[];
}

function webhookChecks(endpoints: Endpoint[], settings: StripeSettings): Check[] {
  if (!settings.siteUrl) return [{ provider: PROVIDER, status: 'warn', detail: 'the site URL is unknown: webhook endpoints were not checked', fix: 'pass --site-url <SiteUrl output>' }];
  const url = new URL('/api/stripe/webhook', settings.siteUrl).toString();
  const ours = endpoints.filter((endpoint) => endpoint.url === url && endpoint.status === 'enabled');
  if (!ours.length) return [{ provider: PROVIDER, status: 'fail', detail: `no enabled webhook endpoint at ${url}`, fix: `add one (and a Connect one, or connect events on it) for ${STRIPE_EVENT_TYPES.join(', ')}, API version ${STRIPE_API_VERSION}` }];
  const events = new Set(ours.flatMap((endpoint) => endpoint.enabled_events ?? []));
  const missing = events.has('*') ? [] : STRIPE_EVENT_TYPES.filter((type) => !events.has(type));
  const versions = [...new Set(ours.map((endpoint) => endpoint.api_version ?? 'the account default'))].filter((version) => version !== STRIPE_API_VERSION);
  const checks: Check[] = [
    missing.length
      ? { provider: PROVIDER, status: 'fail', detail: `the endpoint at ${url} does not receive ${missing.join(', ')}`, fix: 'add those events to it (account.updated and the deposits\' checkout events on the Connect endpoint)' }
      : { provider: PROVIDER, status: 'ok', detail: `the endpoint at ${url} receives every event type we apply` },
    versions.length
      ? { provider: PROVIDER, status: 'fail', detail: `it sends events in API version ${versions.join(', ')}`, fix: `make the endpoint again with API version ${STRIPE_API_VERSION} (the version events are parsed in)` }
      : { provider: PROVIDER, status: 'ok', detail: `its events are in API version ${STRIPE_API_VERSION}` },
  ];
  if (!settings.webhookSecrets) checks.push({ provider: PROVIDER, status: 'fail', detail: 'no webhook signing secret: every event is refused', fix: "put the endpoint's whsec_… in stripeWebhookSecret (and the Connect endpoint's in stripeConnectWebhookSecret)" });
  return checks;
}

function priceCheck(what: string, id: string, answer: { status: number; body: unknown }, matches: (price: Price) => boolean, expected: string): Check {
  if (answer.status === 404) return { provider: PROVIDER, status: 'fail', detail: `${what} ${id} does not exist in this account and mode`, fix: 'copy the price id from the dashboard (test and live prices differ)' };
  if (answer.status !== 200) return unexpected(PROVIDER, what, { status: answer.status, body: answer.body });
  const price = answer.body as Price;
  const right = price.active !== false && price.currency === 'eur' && matches(price);
  return { provider: PROVIDER, status: right ? 'ok' : 'fail', detail: `${what} ${id} ${right ? 'is' : 'is not'} ${expected}`, ...(right ? {} : { fix: `make an active euro price of ${expected} and use its id` }) };
}
