import type { Context } from 'aws-lambda';
import { deps } from '../../functions/composition-root.js';
import type { ApiEvent, ApiResult } from '../../functions/http/handler.js';
import { deliverSandboxEvents, type SandboxWebhookDelivery } from '../sandboxes/sandbox-payments-webhooks.js';
import type { SandboxOutcome, SandboxStripeEvent } from '../sandboxes/sandbox-stripe-objects.js';
import { gone, notOurs, page, redirect } from './stripe-sandbox-html.js';
import { handler as stripeWebhook } from '../../functions/api/stripe-webhook.js';

const WEBHOOK_PATH = '/api/stripe/webhook';

/** A delivery as API Gateway would hand it to the webhook's Lambda: the sandbox calls the same handler Stripe's deliveries reach. */
async function postToWebhook(delivery: SandboxWebhookDelivery): Promise<number> {
  const event = {
    version: '2.0',
    routeKey: `POST ${WEBHOOK_PATH}`,
    rawPath: WEBHOOK_PATH,
    rawQueryString: '',
    headers: delivery.headers,
    body: delivery.body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: WEBHOOK_PATH, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'Stripe/1.0' } },
  } as unknown as ApiEvent;
  const answer = (await stripeWebhook(event, {} as Context)) as ApiResult;
  return answer.statusCode ?? 0;
}

export async function deliver(events: readonly SandboxStripeEvent[]): Promise<boolean> {
  const d = deps();
  return deliverSandboxEvents(events, { secret: (await d.payments.webhookSecrets())[0], now: d.now, post: postToWebhook });
}

/** Where the sandbox may send a browser: this site's own Billing section, nothing else. */
export function isOwnBillingPage(target: string): boolean {
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

/** A page's outcome: its events delivered, then the browser back to the Billing section. */
export async function finish(outcome: SandboxOutcome | null, what: string): Promise<ApiResult> {
  if (!outcome) return gone(what);
  if (!isOwnBillingPage(outcome.redirectTo)) return notOurs(what);
  if (!(await deliver(outcome.events))) {
    return page(502, what, '<p>The sandbox could not deliver the event to SalonDesk. Go back to SalonDesk and try again from Settings → Billing.</p>');
  }
  return redirect(outcome.redirectTo);
}
