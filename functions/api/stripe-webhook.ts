import { deps } from '../composition-root.js';
import { settleDeposit } from '../core/booking/deposit.js';
import { applyStripeEvent } from '../core/billing/webhook.js';
import { InvalidSignatureError, verifiedEvent } from '../providers/stripe-webhook-event.js';
import { InvalidInputError } from '../core/errors.js';
import { header, json, securedRoute, type ApiEvent } from '../http/handler.js';
import { logger } from '../logger.js';

/** The body exactly as Stripe sent it: the bytes of a base64-encoded one, else the text. */
function rawBytes(event: ApiEvent): string | Buffer {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
}

/**
 * `POST /api/stripe/webhook`: Stripe's events (the account's endpoint, and Connect's for
 * `account.updated`). Nothing is read before the `Stripe-Signature` checks out over the raw
 * body with one of the endpoint secrets, dated within 300 s of now either way: otherwise 400 and
 * nothing changes; so does a signed body that is not an event.
 * Redelivered, concurrent or out-of-order events change nothing twice (core/billing/webhook.ts);
 * event types the product does not use are acknowledged and ignored.
 */
export const handler = securedRoute(
  {
    routeId: 'stripe-webhook',
    identify: async (event) => {
      const d = deps();
      try {
        return verifiedEvent(rawBytes(event), header(event, 'stripe-signature'), await d.payments.webhookSecrets(), d.now());
      } catch (error) {
        if (!(error instanceof InvalidSignatureError)) throw error;
        logger.warn('stripe webhook refused', { reason: error.message });
        throw new InvalidInputError('The webhook signature is missing, wrong, or not dated within 300 s of now.');
      }
    },
  },
  async (stripeEvent) => {
    const d = deps();
    const outcome = await applyStripeEvent(
      {
        subscriptions: d.subscriptions,
        payments: d.payments,
        now: d.now,
        settleDeposit: (salonId, bookingId, result, payment) => settleDeposit(d, salonId, bookingId, result, payment),
      },
      stripeEvent,
    );
    return json(200, { received: true, outcome });
  },
);
