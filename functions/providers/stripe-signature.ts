import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header exactly as Stripe makes it: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.payload" with the endpoint's secret>`. The payments sandbox signs the
 * webhooks it delivers with it; the webhook checks them with the stripe SDK's own
 * `webhooks.constructEvent`, so the two cannot drift (tests/unit/billing/stripe-payments.test.ts, "webhook signatures").
 */
export function stripeSignatureHeader(secret: string, payload: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
