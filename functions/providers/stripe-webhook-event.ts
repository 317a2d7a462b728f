import Stripe from 'stripe';
import * as z from 'zod';
import type { PaymentEvent } from '../core/billing/webhook.js';
import { InvalidInputError } from '../core/errors.js';

/**
 * Stripe's webhook signature (RELIABILITY 9). It is checked over the raw body with the stripe SDK
 * before anything is read, and its timestamp must lie within 300 s of now either way: the SDK
 * refuses only the past, so a signature dated ahead (a replay kept for later, a skewed signer) is
 * refused here. A signed body that is not an event envelope is refused (400), never half-read.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class InvalidSignatureError extends Error {}

export const MALFORMED_EVENT_MESSAGE = 'The webhook body is not a Stripe event.';

/** What every Stripe event carries; anything else in a signed body is not an event we can read. */
const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  account: z.string().min(1).max(255).optional(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/** The signed timestamp as the SDK reads it (the last `t=` of the header), in seconds. */
function signedAt(signature: string): number {
  const stamps = signature.split(',').filter((part) => part.startsWith('t='));
  return Number.parseInt(stamps.at(-1)?.slice(2) ?? '', 10);
}

/**
 * The event, when the signature is one of `secrets`' over exactly this body, dated within the
 * tolerance of `receivedAt`; throws InvalidSignatureError otherwise, and InvalidInputError for a
 * correctly signed body that is not an event.
 */
export function verifiedEvent(rawBody: string | Buffer, signature: string | undefined, secrets: readonly string[], receivedAt: Date): PaymentEvent {
  if (!signature || !secrets.length) throw new InvalidSignatureError('missing signature or secret');
  for (const secret of secrets) {
    let parsed: unknown;
    try {
      parsed = Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
    } catch (error) {
      // The SDK parses the body only once the signature matched: signed, but not JSON.
      if (error instanceof SyntaxError) throw new InvalidInputError(MALFORMED_EVENT_MESSAGE);
      // Not this endpoint's secret (or not valid at all): try the next.
      continue;
    }
    if (signedAt(signature) - Math.floor(receivedAt.getTime() / 1000) > SIGNATURE_TOLERANCE_SECONDS)
      throw new InvalidSignatureError('signature dated in the future');
    if (!eventEnvelope.safeParse(parsed).success) throw new InvalidInputError(MALFORMED_EVENT_MESSAGE);
    return parsed as PaymentEvent;
  }
  throw new InvalidSignatureError('signature does not match');
}
