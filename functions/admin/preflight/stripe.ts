import { EXTRA_MINUTE_PRICE_CENTS, PLANS, VAT_RATE_PERCENT, type PlanPriceIds } from '../../core/plans.js';
import { STRIPE_API_VERSION } from '../../providers/stripe-api-version.js';
import { isIrishVatIncluded, OURS, portalProblems, type PortalConfigurationShape, type TaxRateShape } from '../../providers/stripe-billing-rules.js';
import { guarded, sandboxCheck, unexpected, type Check, type VendorHttp } from './check.js';

const PROVIDER = 'Stripe';
const API = 'https://api.stripe.com/v1';

/** The events of our own account: subscriptions, and deposits (destination charges, made on the platform). */
export const ACCOUNT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
/** The events of the salons' connected accounts, which only a Connect endpoint receives. */
export const CONNECT_EVENT_TYPES = ['account.updated'] as const;
/** The event types core/billing/webhook.ts applies (tests/unit/preflight holds the two lists together). */
export const STRIPE_EVENT_TYPES = [...ACCOUNT_EVENT_TYPES, ...CONNECT_EVENT_TYPES] as const;

const SETUP_FIX = 'run `npm run admin -- stripe-setup --stage <stage>` (the first checkout and portal session make it too)';

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
  tax_behavior?: string | null;
}

/**
 * The key's mode matches the stage (live in prod only); webhook endpoints at this site receive
 * every event type we apply, in our pinned API version, account.updated on an endpoint of its
 * own; the overage meter exists; each plan's price is its amount, in euro, monthly, not VAT-exclusive;
 * the Irish VAT rate is active; the customer portal's configuration is ours.
 */
export function stripeChecks(http: VendorHttp, settings: StripeSettings): Promise<Check[]> {
  const key = settings.secretKey;
  if (!key) return Promise.resolve([sandboxCheck(PROVIDER, settings.prod, 'payments', 'put stripeSecretKey (a live key) in the provider secret')]);
  return guarded(PROVIDER, async () => {
    const get = (path: string) =>
      http({ method: 'GET', url: `${API}${path}`, headers: { authorization: `Bearer ${key}`, 'stripe-version': STRIPE_API_VERSION } });
    const checks: Check[] = [];
    const live = /^(sk|rk)_live_/.test(key);
    const right = live === settings.prod;
    checks.push({
      provider: PROVIDER,
      status: right ? 'ok' : 'fail',
      detail: `a ${live ? 'live' : 'test'}-mode key`,
      ...(right ? {} : { fix: settings.prod ? 'prod takes real payments: use the live secret key' : 'only prod takes real money: use a test-mode key here' }),
    });

    const endpoints = await get('/webhook_endpoints?limit=100');
    if (endpoints.status === 401)
      return [
        ...checks,
        {
          provider: PROVIDER,
          status: 'fail',
          detail: 'the secret key is refused',
          fix: 'copy the secret key from the Stripe dashboard into the provider secret',
        },
      ];
    if (endpoints.status !== 200) return [...checks, unexpected(PROVIDER, 'the webhook endpoints', endpoints)];
    checks.push(...webhookChecks((endpoints.body as { data?: Endpoint[] }).data ?? [], settings));

    if (settings.overagePriceId) {
      const meters = await get('/billing/meters?status=active&limit=100');
      const found =
        meters.status === 200 &&
        ((meters.body as { data?: { event_name?: string }[] }).data ?? []).some((meter) => meter.event_name === settings.meterEventName);
      checks.push({
        provider: PROVIDER,
        status: found ? 'ok' : 'fail',
        detail: `the Billing Meter "${settings.meterEventName}" ${found ? 'is active' : 'is missing'}`,
        ...(found ? {} : { fix: `make a meter with event name ${settings.meterEventName} (sum) and a metered price on it` }),
      });
      checks.push(
        priceCheck(
          'the overage price',
          settings.overagePriceId,
          await get(`/prices/${settings.overagePriceId}`),
          (price) => price.recurring?.usage_type === 'metered' && Number(price.unit_amount_decimal ?? price.unit_amount) === EXTRA_MINUTE_PRICE_CENTS,
          `metered, €${EXTRA_MINUTE_PRICE_CENTS / 100} a minute`,
        ),
      );
    } else
      checks.push({
        provider: PROVIDER,
        status: 'warn',
        detail: 'no overage price: minutes past a plan are never billed',
        fix: 'put stripeOveragePriceId in the provider secret',
      });

    checks.push(vatRateCheck(await get('/tax_rates?active=true&limit=100')));
    checks.push(portalCheck(await get('/billing_portal/configurations?active=true&limit=100'), settings.priceIds));

    if (!settings.priceIds)
      return [
        ...checks,
        {
          provider: PROVIDER,
          status: 'fail',
          detail: 'no plan prices: checkout refuses every plan',
          fix: 'put stripePriceIds {"starter":…,"growth":…,"business":…} in the provider secret',
        },
      ];
    for (const plan of PLANS) {
      const id = settings.priceIds[plan.id];
      const expected = `€${plan.priceEuro} a month, VAT included`;
      // An exclusive price would have VAT added on top of what the pricing page says.
      checks.push(
        priceCheck(
          `the ${plan.name} price`,
          id,
          await get(`/prices/${id}`),
          (price) => price.unit_amount === plan.priceCents && price.recurring?.interval === 'month' && price.tax_behavior !== 'exclusive',
          expected,
        ),
      );
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
  if (!settings.siteUrl)
    return [
      { provider: PROVIDER, status: 'warn', detail: 'the site URL is unknown: webhook endpoints were not checked', fix: 'pass --site-url <SiteUrl output>' },
    ];
  const url = new URL('/api/stripe/webhook', settings.siteUrl).toString();
  const ours = endpoints.filter((endpoint) => endpoint.url === url && endpoint.status === 'enabled');
  if (!ours.length)
    return [
      {
        provider: PROVIDER,
        status: 'fail',
        detail: `no enabled webhook endpoint at ${url}`,
        fix: `add one (and a Connect one, or connect events on it) for ${STRIPE_EVENT_TYPES.join(', ')}, API version ${STRIPE_API_VERSION}`,
      },
    ];
  const receives = (endpoint: Endpoint, type: string) => (endpoint.enabled_events ?? []).some((event) => event === '*' || event === type);
  const events = new Set(ours.flatMap((endpoint) => endpoint.enabled_events ?? []));
  const missing = events.has('*') ? [] : STRIPE_EVENT_TYPES.filter((type) => !events.has(type));
  // An account endpoint receives only our account's events, a Connect one (connect: true) only the
  // connected accounts' (https://docs.stripe.com/api/webhook_endpoints/create#create_webhook_endpoint-connect);
  // the endpoint object does not say which it is, so account.updated must be on an endpoint other
  // than the one with our own events. That it is a Connect one is a launch step (docs/operations.md).
  const account = ours.filter((endpoint) => ACCOUNT_EVENT_TYPES.every((type) => receives(endpoint, type)));
  const connect = ours.filter((endpoint) => CONNECT_EVENT_TYPES.every((type) => receives(endpoint, type)) && account.some((other) => other !== endpoint));
  const versions = [...new Set(ours.map((endpoint) => endpoint.api_version ?? 'the account default'))].filter((version) => version !== STRIPE_API_VERSION);
  const checks: Check[] = [
    missing.length
      ? {
          provider: PROVIDER,
          status: 'fail',
          detail: `the endpoint at ${url} does not receive ${missing.join(', ')}`,
          fix: "add those events to it (the checkout and subscription events, deposits' included, on the account's own endpoint; account.updated on the Connect one)",
        }
      : { provider: PROVIDER, status: 'ok', detail: `the endpoint at ${url} receives every event type we apply` },
    ...(missing.length || connect.length
      ? []
      : [
          {
            provider: PROVIDER,
            status: 'fail' as const,
            detail: `account.updated is not on an endpoint of its own at ${url}: one endpoint cannot be both the account's and Connect's, so salons' payment accounts never leave "Pending verification"`,
            fix: `add a Connect endpoint ("Events on connected accounts") at ${url} for account.updated, API version ${STRIPE_API_VERSION}, and put its whsec_… in stripeConnectWebhookSecret`,
          },
        ]),
    versions.length
      ? {
          provider: PROVIDER,
          status: 'fail',
          detail: `it sends events in API version ${versions.join(', ')}`,
          fix: `make the endpoint again with API version ${STRIPE_API_VERSION} (the version events are parsed in)`,
        }
      : { provider: PROVIDER, status: 'ok', detail: `its events are in API version ${STRIPE_API_VERSION}` },
  ];
  if (settings.webhookSecrets === 1 && connect.length)
    checks.push({
      provider: PROVIDER,
      status: 'fail',
      detail: "one webhook signing secret for two endpoints: the Connect endpoint's events are refused",
      fix: "put the Connect endpoint's whsec_… in stripeConnectWebhookSecret",
    });
  if (!settings.webhookSecrets)
    checks.push({
      provider: PROVIDER,
      status: 'fail',
      detail: 'no webhook signing secret: every event is refused',
      fix: "put the endpoint's whsec_… in stripeWebhookSecret (and the Connect endpoint's in stripeConnectWebhookSecret)",
    });
  return checks;
}

function priceCheck(what: string, id: string, answer: { status: number; body: unknown }, matches: (price: Price) => boolean, expected: string): Check {
  if (answer.status === 404)
    return {
      provider: PROVIDER,
      status: 'fail',
      detail: `${what} ${id} does not exist in this account and mode`,
      fix: 'copy the price id from the dashboard (test and live prices differ)',
    };
  if (answer.status !== 200) return unexpected(PROVIDER, what, { status: answer.status, body: answer.body });
  const price = answer.body as Price;
  const right = price.active !== false && price.currency === 'eur' && matches(price);
  return {
    provider: PROVIDER,
    status: right ? 'ok' : 'fail',
    detail: `${what} ${id} ${right ? 'is' : 'is not'} ${expected}`,
    ...(right ? {} : { fix: `make an active euro price of ${expected} and use its id` }),
  };
}

function vatRateCheck(answer: { status: number; body: unknown }): Check {
  if (answer.status !== 200) return unexpected(PROVIDER, 'the tax rates', { status: answer.status, body: answer.body });
  const rate = ((answer.body as { data?: (TaxRateShape & { id?: string; metadata?: Record<string, string> })[] }).data ?? []).find(isIrishVatIncluded);
  return rate
    ? {
        provider: PROVIDER,
        status: 'ok',
        detail: `the Irish VAT rate ${rate.id} (${VAT_RATE_PERCENT}%, included in the price) is active: every invoice shows its VAT`,
      }
    : {
        provider: PROVIDER,
        status: 'fail',
        detail: `no active ${VAT_RATE_PERCENT}% inclusive Irish VAT rate: invoices would show no VAT, and checkout cannot start until one is made`,
        fix: SETUP_FIX,
      };
}

function portalCheck(answer: { status: number; body: unknown }, priceIds: PlanPriceIds | null): Check {
  if (answer.status !== 200) return unexpected(PROVIDER, 'the customer portal configurations', { status: answer.status, body: answer.body });
  const ours = ((answer.body as { data?: PortalConfigurationShape[] }).data ?? []).find((configuration) => configuration.metadata?.[OURS] === 'portal');
  if (!ours)
    return {
      provider: PROVIDER,
      status: 'fail',
      detail: "no customer portal configuration of ours: owners would get the account's default portal",
      fix: SETUP_FIX,
    };
  const problems = portalProblems(ours, priceIds);
  return problems.length
    ? {
        provider: PROVIDER,
        status: 'fail',
        detail: `the customer portal configuration ${ours.id}: ${problems.join('; ')}`,
        fix: `${SETUP_FIX}; it brings the configuration back`,
      }
    : {
        provider: PROVIDER,
        status: 'ok',
        detail: `the customer portal configuration ${ours.id} changes plans among ours, cancels at the period's end and shows invoices`,
      };
}
