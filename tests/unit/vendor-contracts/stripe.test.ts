import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '../../../functions/providers/stripe-signature.js';
import { verifiedEvent } from '../../../functions/providers/stripe-webhook-event.js';

/**
 * The `Stripe-Signature` header the payments sandbox signs its webhooks with, and the check our
 * webhook makes, against the stripe SDK's own `generateTestHeaderString` and `constructEvent`,
 * for any event body (unicode included), secret and time.
 */
describe('Stripe webhook signatures', () => {
  it('are the SDK’s both ways', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.stringMatching(/^whsec_[A-Za-z0-9]{8,32}$/),
        fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }),
        (text, secret, t) => {
          const payload = JSON.stringify({ id: 'evt_1', object: 'event', created: t, type: 'checkout.session.completed', data: { object: { text } } });
          const header = stripeSignatureHeader(secret, payload, t);
          expect(header).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t }));
          expect(Stripe.webhooks.constructEvent(payload, header, secret, Number.MAX_SAFE_INTEGER).id).toBe('evt_1');
          expect(verifiedEvent(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t }), [secret], new Date(t * 1000)).id).toBe(
            'evt_1',
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
