import Stripe from 'stripe';
import { PaymentsError } from '../core/ports/payments.js';

/** Stripe's errors, as the port's: never its message (it may quote a parameter), only its kind and status. */
function translate(error: unknown, what: string): PaymentsError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (status !== undefined && status >= 500)
    ) {
      return new PaymentsError('unavailable', `Stripe could not ${what}`, status);
    }
    if (status === 404 || error.code === 'resource_missing') return new PaymentsError('not_found', `Stripe found nothing to ${what}`, status);
    return new PaymentsError('rejected', `Stripe refused to ${what}${error.code ? ` (${error.code})` : ''}`, status);
  }
  return new PaymentsError('unavailable', `Stripe could not ${what}`);
}

export async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translate(error, what);
  }
}

/**
 * A change Stripe refuses because it was made already (a session no longer open, a payment
 * refunded before) or whose object is gone: done. Any other refusal or an outage is thrown.
 */
export async function unlessDone(
  what: string,
  request: () => Promise<unknown>,
  done: (error: Stripe.errors.StripeInvalidRequestError) => boolean,
): Promise<void> {
  try {
    await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing' || done(error))) return;
    throw translate(error, what);
  }
}
