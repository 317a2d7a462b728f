import type { Context } from 'aws-lambda';
import { deps } from '../composition-root.js';
import { sandboxPageQuery, type SandboxPageQuery } from '../contracts/billing.js';
import { paymentAccountStatus } from '../core/billing/account-status.js';
import { stripeSignatureHeader } from '../providers/stripe-signature.js';
import { formatEuro } from '../core/money.js';
import { checkoutNote } from '../core/billing/checkout-note.js';
import { findPlan, isPlanId, PLAN_IDS } from '../core/plans.js';
import { NotFoundError } from '../core/errors.js';
import { header, publicRoute, rawBody, type ApiEvent, type ApiResult } from '../http/handler.js';
import { logger } from '../logger.js';
import { sandboxPlanForPrice, type SandboxEvent, type SandboxOutcome } from '../providers/sandbox-payments.js';
import { handler as stripeWebhook } from './stripe-webhook.js';
import { escapeHtml } from '../core/escape-html.js';

/**
 * Sandbox: the local stand-ins for Stripe Checkout (subscriptions, and booking deposits paid over to the
 * salon's connected account), the customer portal, Connect onboarding and the Express dashboard, served only while the payments sandbox is active (404 once Stripe keys
 * are configured). No script runs on them. Completing one changes the sandbox's objects, then
 * delivers the webhook events Stripe would send, signed as Stripe signs them with the sandbox's
 * own secret, to the same webhook handler (which checks the signature), and sends the browser
 * back to the Billing section: only ever to this site's own /settings page.
 */

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
};

function page(statusCode: number, title: string, body: string): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS },
    body: `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox: ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:38rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}
.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:.75rem 1rem}
.summary{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}
form{display:inline-block;margin:.5rem .75rem .5rem 0}
button,a.button{font:inherit;display:inline-block;padding:.6rem 1.2rem;border-radius:6px;font-weight:600;border:2px solid #4f46e5;cursor:pointer;text-decoration:none}
button.primary{background:#4f46e5;color:#fff}button.secondary,a.button{background:#fff;color:#4f46e5}
button.danger{background:#fff;color:#b91c1c;border-color:#b91c1c}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style>
</head><body><main>
<h1>Sandbox: ${escapeHtml(title)}</h1>
<p class="banner" role="note"><strong>Sandbox.</strong> This page stands in for Stripe because no Stripe keys are configured. No card is charged and nothing leaves this machine; what you choose here reaches SalonDesk as the same signed webhook Stripe would send.</p>
${body}
</main></body></html>`,
  };
}

const form = (action: string, label: string, style: 'primary' | 'secondary' | 'danger' = 'primary') =>
  `<form method="post"><input type="hidden" name="action" value="${escapeHtml(action)}"><button type="submit" class="${style}">${escapeHtml(label)}</button></form>`;

const dateFormat = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' });
const day = (unixSeconds: number) => dateFormat.format(new Date(unixSeconds * 1000));

const gone = (what: string) => page(410, what, '<p>This link has expired or was already used. Go back to SalonDesk and start again from Settings → Billing.</p>');

/** Where the sandbox may send a browser: this site's own Billing section, nothing else. */
function isOwnBillingPage(target: string): boolean {
  const { config } = deps();
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  const origins = new Set([new URL(config.SITE_URL).origin, ...config.LOCAL_SITE_ORIGINS.map((origin) => new URL(origin).origin)]);
  return origins.has(url.origin) && url.pathname === '/settings';
}

async function deliver(events: SandboxEvent[]): Promise<boolean> {
  const secret = (await deps().payments.webhookSecrets())[0];
  if (!secret) return false;
  for (const stripeEvent of events) {
    const payload = JSON.stringify(stripeEvent, null, 2);
    const delivery = {
      version: '2.0',
      routeKey: 'POST /api/stripe/webhook',
      rawPath: '/api/stripe/webhook',
      rawQueryString: '',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(secret, payload, Math.floor(Date.now() / 1000)), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: '/api/stripe/webhook', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'Stripe/1.0' } },
    } as unknown as ApiEvent;
    const answer = (await stripeWebhook(delivery, {} as Context)) as ApiResult;
    if (!answer.statusCode || answer.statusCode >= 300) {
      logger.error('sandbox webhook delivery refused', { type: stripeEvent.type, status: answer.statusCode });
      return false;
    }
  }
  return true;
}

async function finish(outcome: SandboxOutcome | null, what: string): Promise<ApiResult> {
  if (!outcome) return gone(what);
  if (!isOwnBillingPage(outcome.redirectTo)) return page(400, what, '<p>This link does not lead back to SalonDesk.</p>');
  if (!(await deliver(outcome.events))) {
    return page(502, what, '<p>The sandbox could not deliver the event to SalonDesk. Go back to SalonDesk and try again from Settings → Billing.</p>');
  }
  return { statusCode: 303, headers: { location: outcome.redirectTo, ...SECURITY_HEADERS }, body: '' };
}

function formAction(event: ApiEvent): string | null {
  const type = (header(event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  return new URLSearchParams(rawBody(event)).get('action');
}

async function checkout(query: SandboxPageQuery, event: ApiEvent, action: string | null): Promise<ApiResult> {
  const sandbox = deps().paymentsSandbox;
  const session = await sandbox.checkoutSession(query.salon, query.id);
  if (!session) return gone('Stripe Checkout');
  const planId = sandboxPlanForPrice(session.priceId);
  if (!planId) return page(400, 'Stripe Checkout', '<p>This checkout names a price the sandbox does not have.</p>');
  const plan = findPlan(planId);
  if (action === 'pay') return finish(await sandbox.completeCheckout(query.salon, query.id), 'Stripe Checkout');
  if (action === 'cancel') {
    if (!isOwnBillingPage(session.cancelUrl)) return page(400, 'Stripe Checkout', '<p>This link does not lead back to SalonDesk.</p>');
    return { statusCode: 303, headers: { location: session.cancelUrl, ...SECURITY_HEADERS }, body: '' };
  }
  if (action !== null) return page(400, 'Stripe Checkout', '<p>That is not something this page can do.</p>');
  const firstCharge = session.trialEnd ? new Date(session.trialEnd * 1000) : null;
  return page(
    200,
    'Stripe Checkout',
    `<div class="summary"><h2>Subscribe to SalonDesk ${escapeHtml(plan.name)}</h2>
<p><strong>${escapeHtml(formatEuro(plan.priceCents))} per month</strong>, ${plan.minutesIncluded} call minutes included, extra minutes €0.15 each.</p>
<p>${escapeHtml(checkoutNote(firstCharge))} Cancel anytime. Billed to ${escapeHtml(session.email)}.</p></div>
${form('pay', firstCharge ? 'Start plan' : `Pay ${formatEuro(plan.priceCents)}`)}${form('cancel', 'Cancel', 'secondary')}`,
  );
}

async function portal(query: SandboxPageQuery, event: ApiEvent, action: string | null): Promise<ApiResult> {
  const sandbox = deps().paymentsSandbox;
  const session = await sandbox.portalSession(query.salon, query.id);
  const subscription = session ? await sandbox.portalSubscription(query.salon, query.id) : null;
  if (!session || !subscription) return gone('Stripe customer portal');
  if (action?.startsWith('switch:')) {
    const planId = action.slice('switch:'.length);
    if (!isPlanId(planId)) return page(400, 'Stripe customer portal', '<p>There is no such plan.</p>');
    return finish(await sandbox.changePlan(query.salon, query.id, planId), 'Stripe customer portal');
  }
  if (action === 'cancel' || action === 'resume') return finish(await sandbox.setCancelAtPeriodEnd(query.salon, query.id, action === 'cancel'), 'Stripe customer portal');
  if (action === 'end-now') return finish(await sandbox.endNow(query.salon, query.id), 'Stripe customer portal');
  if (action !== null) return page(400, 'Stripe customer portal', '<p>That is not something this page can do.</p>');
  const back = isOwnBillingPage(session.returnUrl) ? `<p><a class="button" href="${escapeHtml(session.returnUrl)}">Return to SalonDesk</a></p>` : '';
  const current = sandboxPlanForPrice(subscription.priceId);
  if (subscription.status === 'canceled') {
    return page(200, 'Stripe customer portal', `<div class="summary"><p>Your subscription has ended.</p></div>${back}`);
  }
  const switches = PLAN_IDS.filter((plan) => plan !== current)
    .map((plan) => form(`switch:${plan}`, `Switch to ${findPlan(plan).name} (${formatEuro(findPlan(plan).priceCents)}/month)`, 'secondary'))
    .join('');
  return page(
    200,
    'Stripe customer portal',
    `<div class="summary"><h2>Your plan: ${escapeHtml(current ? findPlan(current).name : 'Unknown')}</h2>
<p>${subscription.cancelAtPeriodEnd ? `Cancelled: your receptionist keeps answering until ${day(subscription.periodEnd)}, then stops.` : `Renews on ${day(subscription.periodEnd)}.`}</p></div>
<h2>Change plan</h2><p>A change takes effect immediately; the difference for the rest of this period is prorated.</p>${switches}
<h2>Cancel</h2>${subscription.cancelAtPeriodEnd ? form('resume', 'Keep my plan') : form('cancel', 'Cancel at the end of the period', 'danger')}
<h2>Sandbox only</h2><p>Stripe ends a cancelled subscription when its period ends; to see that now:</p>${form('end-now', 'End the subscription now', 'danger')}
${back}`,
  );
}

async function connect(query: SandboxPageQuery, event: ApiEvent, action: string | null): Promise<ApiResult> {
  const sandbox = deps().paymentsSandbox;
  const link = await sandbox.accountLink(query.salon, query.id);
  if (!link || link.kind !== 'onboarding') return gone('Stripe Connect onboarding');
  if (action === 'complete' || action === 'pending' || action === 'leave') {
    return finish(await sandbox.finishOnboarding(query.salon, query.id, action), 'Stripe Connect onboarding');
  }
  if (action !== null) return page(400, 'Stripe Connect onboarding', '<p>That is not something this page can do.</p>');
  return page(
    200,
    'Stripe Connect onboarding',
    `<div class="summary"><h2>Set up payments for your salon</h2>
<p>Stripe would now ask for your business details, your identity and the bank account payouts go to. Choose how this sandbox onboarding ends:</p></div>
${form('complete', 'Complete onboarding')}${form('pending', 'Submit: verification pending', 'secondary')}${form('leave', 'Leave with details still due', 'secondary')}`,
  );
}

const timeFormat = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * A booking's deposit checkout, as the caller sees it from the texted link. It never redirects:
 * paying (or expiring) delivers the event and shows where things stand on this page.
 */
async function deposit(query: SandboxPageQuery, action: string | null): Promise<ApiResult> {
  const sandbox = deps().paymentsSandbox;
  const title = 'Stripe Checkout: deposit';
  const session = await sandbox.depositSession(query.salon, query.id);
  if (!session) return page(410, title, '<p>This payment link has expired or the deposit was already paid. Call the salon if you need help.</p>');
  if (action === 'pay' || action === 'expire') {
    const events = await sandbox.finishDeposit(query.salon, query.id, action);
    if (!events) return page(410, title, '<p>This payment link has expired or the deposit was already paid.</p>');
    if (!(await deliver(events))) return page(502, title, '<p>The sandbox could not deliver the event to SalonDesk. Try again in a moment.</p>');
    if (action === 'expire') return page(200, title, '<div class="summary"><h2>Session expired</h2><p>The held time is released, as when nobody pays within the time.</p></div>');
    const amount = escapeHtml(formatEuro(session.amountCents));
    // What SalonDesk did with the payment: a booking released before it arrived gives it back.
    return (await sandbox.depositRecord(query.salon, query.id))?.refundedAt
      ? page(200, title, `<div class="summary"><h2>Deposit refunded</h2><p>${escapeHtml(session.salonName)} had already released this time, so your ${amount} is refunded in full. You'll get a text saying so.</p></div><p>You can close this page.</p>`)
      : page(200, title, `<div class="summary"><h2>Deposit paid</h2><p>Thanks: ${escapeHtml(session.salonName)} has your ${amount} deposit for ${escapeHtml(session.serviceName)}. You'll get a text confirming your booking.</p></div><p>You can close this page.</p>`);
  }
  if (action === 'cancel') {
    return page(200, title, `<div class="summary"><p>Nothing was paid. The time stays held until ${escapeHtml(timeFormat.format(new Date(session.expiresAt * 1000)))}; you can pay from the link in your text until then.</p></div>`);
  }
  if (action !== null) return page(400, title, '<p>That is not something this page can do.</p>');
  return page(
    200,
    title,
    `<div class="summary"><h2>${escapeHtml(session.salonName)}</h2>
<p>Deposit: ${escapeHtml(session.serviceName)}</p>
<p><strong>${escapeHtml(formatEuro(session.amountCents))}</strong>, paid to ${escapeHtml(session.salonName)}. Your time is held until ${escapeHtml(timeFormat.format(new Date(session.expiresAt * 1000)))}.</p></div>
${form('pay', `Pay deposit ${formatEuro(session.amountCents)}`)}${form('cancel', 'Cancel', 'secondary')}
<h2>Sandbox only</h2><p>Stripe expires an unpaid session at its time; to see that now:</p>${form('expire', 'Expire now', 'danger')}`,
  );
}

async function dashboard(query: SandboxPageQuery): Promise<ApiResult> {
  const sandbox = deps().paymentsSandbox;
  const link = await sandbox.accountLink(query.salon, query.id);
  const account = link?.kind === 'dashboard' ? await sandbox.account(query.salon, link.accountId) : null;
  if (!account) return gone('Stripe Express dashboard');
  return page(200, 'Stripe Express dashboard', `<div class="summary"><h2>Your payment account</h2><p>Status: <strong>${escapeHtml(paymentAccountStatus(account))}</strong></p><p>Card payments: ${account.chargesEnabled ? 'enabled' : 'not yet enabled'}.</p></div><p>You can close this tab.</p>`);
}

export const handler = publicRoute(
  {
    routeId: 'stripe-sandbox',
    query: sandboxPageQuery,
    errorBody: (refusal) => {
      const { error } = JSON.parse(String(refusal.body)) as { error: string };
      return page(refusal.statusCode ?? 400, 'Stripe', `<p>${escapeHtml(error)}</p>`);
    },
  },
  async ({ event, query }) => {
    if ((await deps().payments.provider()) !== 'sandbox') throw new NotFoundError();
    const method = event.requestContext.http.method;
    const action = method === 'POST' ? formAction(event) : null;
    if (method === 'POST' && action === null) return page(400, 'Stripe', '<p>Use the buttons on the page.</p>');
    switch (query.page) {
      case 'checkout':
        return checkout(query, event, action);
      case 'portal':
        return portal(query, event, action);
      case 'connect':
        return connect(query, event, action);
      case 'deposit':
        return deposit(query, action);
      case 'dashboard':
        return method === 'POST' ? page(400, 'Stripe Express dashboard', '<p>There is nothing to do here.</p>') : dashboard(query);
    }
  },
);
