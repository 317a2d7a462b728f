import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Stripe API endpoints the payments adapter calls through the stripe SDK
 * (`new Stripe(key, {host, port, protocol: 'http'})`): Checkout sessions, customer portal
 * sessions (made, expired), customers, Express accounts, account and login links, Billing meter
 * events, subscriptions (read, cancelled), their invoices' payments, refunds, deleting a customer, tax rates, prices read, portal configurations and customers' tax ids. It reads Stripe's form encoding (`a[b][0][c]=…`), honours
 * idempotency keys (the same key answers the same object), answers errors in Stripe's shape,
 * records every request, and can be told to fail.
 */
export interface StripeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  params: Record<string, unknown>;
}

interface Failure {
  path: RegExp;
  status: number;
  times: number;
}

export interface FakeStripe {
  /** For the adapter's `apiRoot`. */
  url: string;
  requests: StripeRequest[];
  meterEvents: Map<string, Record<string, unknown>>;
  /** Known price ids; a checkout naming another is refused as Stripe refuses it. */
  prices: Set<string>;
  /** A session's state, as the customer leaves it (`complete` once paid); the one its account made. */
  sessions: Map<string, { status: 'open' | 'complete' | 'expired'; account: string | null }>;
  /** Refunds made, by PaymentIntent. */
  refunds: Map<string, Record<string, unknown>>;
  /** Subscriptions by id, with their latest invoice; `sub_existing` is there from the start. */
  subscriptions: Map<string, { status: string; latestInvoice: string | null }>;
  /** The PaymentIntents that paid each invoice. */
  invoicePayments: Map<string, string[]>;
  /** Tax rates by id, as made (`POST /v1/tax_rates`) or put here. */
  taxRates: Map<string, Record<string, unknown>>;
  /** Customer portal configurations by id. */
  portalConfigurations: Map<string, Record<string, unknown>>;
  /** Each customer's tax ids. */
  customerTaxIds: Map<string, { id: string; type: string; value: string }[]>;
  fail(path: RegExp, status: number, times?: number): void;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` → `{a: {b: [{c: v}]}}`, as Stripe (and qs) read it. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const meterEvents = new Map<string, Record<string, unknown>>();
  const prices = new Set<string>();
  const failures: Failure[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const accounts = new Map<string, Record<string, unknown>>();
  const subscriptions: FakeStripe['subscriptions'] = new Map([['sub_existing', { status: 'active', latestInvoice: null }]]);
  const invoicePayments: FakeStripe['invoicePayments'] = new Map();
  const customers = new Set(['cus_existing']);
  const sessions: FakeStripe['sessions'] = new Map();
  const refunds: FakeStripe['refunds'] = new Map();
  const taxRates: FakeStripe['taxRates'] = new Map();
  const portalConfigurations: FakeStripe['portalConfigurations'] = new Map();
  const customerTaxIds: FakeStripe['customerTaxIds'] = new Map();
  const list = (path: string, data: unknown[]) => ({ status: 200, body: { object: 'list', url: path, has_more: false, data } });

  const error = (status: number, type: string, message: string, code?: string) => ({ status, body: { error: { type, message, ...(code ? { code } : {}) } } });

  function answer(method: string, path: string, params: Record<string, unknown>, url: string, account: string | null): { status: number; body: unknown } {
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      // A session lives on the account that made it: another account does not find it.
      if (!session || session.account !== account) return error(404, 'invalid_request_error', `No such checkout.session: '${expire[1]}'`, 'resource_missing');
      if (session.status !== 'open') return error(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
      session.status = 'expired';
      return { status: 200, body: { id: expire[1], object: 'checkout.session', status: 'expired' } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(params.payment_intent);
      if (refunds.has(paymentIntent))
        return error(400, 'invalid_request_error', `Charge for ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
      const refund = { id: id('re'), object: 'refund', payment_intent: paymentIntent, status: 'succeeded', metadata: params.metadata ?? {}, account };
      refunds.set(paymentIntent, refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      // A line names a price, or (deposits) carries its own `price_data`.
      const items = (params.line_items as { price?: string }[] | undefined) ?? [];
      const unknown = items.find((item) => item.price !== undefined && !prices.has(item.price));
      if (unknown) return error(400, 'invalid_request_error', `No such price: '${unknown.price}'`, 'resource_missing');
      const session = id('cs_test');
      const expiresAt = params.expires_at === undefined ? Math.floor(Date.now() / 1000) + 24 * 60 * 60 : Number(params.expires_at);
      sessions.set(session, { status: 'open', account });
      return {
        status: 200,
        body: {
          id: session,
          object: 'checkout.session',
          mode: params.mode,
          url: `https://checkout.stripe.com/c/pay/${session}`,
          client_reference_id: params.client_reference_id,
          metadata: params.metadata,
          expires_at: expiresAt,
        },
      };
    }
    if (method === 'GET' && path === '/v1/tax_rates')
      return list(
        path,
        [...taxRates.values()].filter((rate) => params.active === undefined || String(rate.active) === params.active),
      );
    if (method === 'POST' && path === '/v1/tax_rates') {
      const rate = {
        id: id('txr'),
        object: 'tax_rate',
        active: true,
        ...params,
        percentage: Number(params.percentage),
        inclusive: params.inclusive === 'true',
      };
      taxRates.set(rate.id, rate);
      return { status: 200, body: rate };
    }
    const price = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === 'GET' && price) {
      if (!prices.has(price[1]!)) return error(404, 'invalid_request_error', `No such price: '${price[1]}'`, 'resource_missing');
      return { status: 200, body: { id: price[1], object: 'price', active: true, currency: 'eur', product: `prod_${price[1]}` } };
    }
    if (method === 'GET' && path === '/v1/billing_portal/configurations')
      return list(
        path,
        [...portalConfigurations.values()].filter((configuration) => params.active === undefined || String(configuration.active) === params.active),
      );
    const configuration = /^\/v1\/billing_portal\/configurations(?:\/([^/]+))?$/.exec(path);
    if (method === 'POST' && configuration) {
      const existing = configuration[1] ? portalConfigurations.get(configuration[1]) : undefined;
      if (configuration[1] && !existing) return error(404, 'invalid_request_error', 'No such configuration', 'resource_missing');
      const made = { ...(existing ?? { id: id('bpc'), object: 'billing_portal.configuration', active: true, is_default: false }), ...params };
      portalConfigurations.set(String(made.id), made);
      return { status: 200, body: made };
    }
    const taxIds = /^\/v1\/customers\/([^/]+)\/tax_ids(?:\/([^/]+))?$/.exec(path);
    if (taxIds) {
      const owned = customerTaxIds.get(taxIds[1]!) ?? [];
      if (!customers.has(taxIds[1]!)) return error(404, 'invalid_request_error', 'No such customer', 'resource_missing');
      if (method === 'GET')
        return list(
          path,
          owned.map((taxId) => ({ ...taxId, object: 'tax_id', customer: taxIds[1] })),
        );
      if (method === 'POST') {
        const taxId = { id: id('txi'), type: String(params.type), value: String(params.value) };
        customerTaxIds.set(taxIds[1]!, [...owned, taxId]);
        return { status: 200, body: { ...taxId, object: 'tax_id', customer: taxIds[1] } };
      }
      if (method === 'DELETE') {
        customerTaxIds.set(
          taxIds[1]!,
          owned.filter((taxId) => taxId.id !== taxIds[2]),
        );
        return { status: 200, body: { id: taxIds[2], object: 'tax_id', deleted: true } };
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(String(params.customer))) return error(400, 'invalid_request_error', 'No such customer', 'resource_missing');
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          url: `https://billing.stripe.com/p/session/${id('test')}`,
          return_url: params.return_url,
        },
      };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: params.type,
        country: params.country,
        email: params.email ?? null,
        charges_enabled: false,
        details_submitted: false,
        metadata: params.metadata ?? {},
        requirements: {
          currently_due: ['external_account', 'tos_acceptance.date'],
          past_due: [],
          pending_verification: [],
          disabled_reason: 'requirements.past_due',
        },
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(String(params.account))) return error(400, 'invalid_request_error', 'No such account', 'resource_missing');
      return {
        status: 200,
        body: {
          object: 'account_link',
          type: params.type,
          url: `https://connect.stripe.com/setup/e/${params.account}/${id('x')}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      };
    }
    const loginLink = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    if (method === 'POST' && loginLink) {
      if (!accounts.has(loginLink[1]!)) return error(404, 'invalid_request_error', 'No such account', 'resource_missing');
      return { status: 200, body: { object: 'login_link', url: `https://connect.stripe.com/express/${id('x')}` } };
    }
    if (method === 'POST' && path === '/v1/billing/meter_events') {
      const identifier = String(params.identifier ?? id('mev'));
      if (meterEvents.has(identifier)) return error(400, 'invalid_request_error', 'An event with this identifier already exists', 'meter_event_duplicate');
      const event = {
        object: 'billing.meter_event',
        event_name: params.event_name,
        identifier,
        payload: params.payload,
        timestamp: Number(params.timestamp),
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      meterEvents.set(identifier, event);
      return { status: 200, body: event };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {} };
      customers.add(customer.id);
      const taxIdData = (params.tax_id_data as { type: string; value: string }[] | undefined) ?? [];
      customerTaxIds.set(
        customer.id,
        taxIdData.map((taxId) => ({ id: id('txi'), type: taxId.type, value: taxId.value })),
      );
      return { status: 200, body: customer };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const found = subscription ? subscriptions.get(subscription[1]!) : undefined;
    if (subscription && (method === 'DELETE' || method === 'GET') && !found)
      return error(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
    if (method === 'GET' && found)
      return { status: 200, body: { id: subscription![1], object: 'subscription', status: found.status, latest_invoice: found.latestInvoice } };
    if (method === 'DELETE' && found) {
      // A cancelled subscription can still be read; cancelling it again is "No such subscription", as Stripe answers.
      if (found.status === 'canceled') return error(404, 'invalid_request_error', `No such subscription: '${subscription![1]}'`, 'resource_missing');
      found.status = 'canceled';
      return { status: 200, body: { id: subscription![1], object: 'subscription', status: 'canceled' } };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const paid = invoicePayments.get(String(params.invoice)) ?? [];
      const data = paid.map((paymentIntent) => ({
        id: id('inpay'),
        object: 'invoice_payment',
        invoice: params.invoice,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
      }));
      return { status: 200, body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data } };
    }
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customer) {
      if (!customers.delete(customer[1]!)) return error(404, 'invalid_request_error', 'No such customer', 'resource_missing');
      return { status: 200, body: { id: customer[1], object: 'customer', deleted: true } };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url})`);
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    // GET parameters travel in the query string.
    const params = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : body);
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, params });
    const send = (result: { status: number; body: unknown }) => {
      response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(result.body));
    };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) return send(error(401, 'invalid_request_error', 'Invalid API Key provided'));
    const failure = failures.find((candidate) => candidate.path.test(url.pathname) && candidate.times > 0);
    if (failure) {
      failure.times -= 1;
      return send(error(failure.status, failure.status >= 500 ? 'api_error' : 'invalid_request_error', 'Injected failure'));
    }
    const key = request.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotent.get(`${url.pathname}:${key}`) : undefined;
    if (remembered) return send(remembered);
    const account = request.headers['stripe-account'];
    const result = answer(request.method ?? '', url.pathname, params, url.pathname, typeof account === 'string' ? account : null);
    if (typeof key === 'string' && result.status < 500) idempotent.set(`${url.pathname}:${key}`, result);
    send(result);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    meterEvents,
    prices,
    sessions,
    refunds,
    subscriptions,
    invoicePayments,
    taxRates,
    portalConfigurations,
    customerTaxIds,
    fail(path, status, times = 1) {
      failures.push({ path, status, times });
    },
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
