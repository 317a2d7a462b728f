import { logger } from '../../functions/logger.js';
import { stripeSignatureHeader } from '../../functions/providers/stripe-signature.js';
import type { SandboxStripeEvent } from './sandbox-stripe-objects.js';

/** A webhook delivery as Stripe makes it: the JSON body and the headers it signs it with. */
export interface SandboxWebhookDelivery {
  headers: Record<string, string>;
  body: string;
}

/**
 * Delivers the sandbox's events as Stripe would: one POST each, in order, signed with the
 * endpoint's secret as Stripe signs them, to the webhook handler `post` hands them to (which
 * checks the signature as it checks Stripe's). Stops at the first the handler refuses: the
 * events after it (a subscription after its checkout) depend on it.
 */
export async function deliverSandboxEvents(
  events: readonly SandboxStripeEvent[],
  endpoint: { secret: string | undefined; now: () => Date; post: (delivery: SandboxWebhookDelivery) => Promise<number> },
): Promise<boolean> {
  if (!endpoint.secret) return false;
  for (const event of events) {
    const body = JSON.stringify(event, null, 2);
    const status = await endpoint.post({
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(endpoint.secret, body, Math.floor(endpoint.now().getTime() / 1000)),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body,
    });
    if (status < 200 || status >= 300) {
      logger.error('sandbox webhook delivery refused', { type: event.type, status });
      return false;
    }
  }
  return true;
}
