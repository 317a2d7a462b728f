import { VAT_NOTE } from '../plans.js';

const irishDate = (at: Date) => new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' }).format(at);

/**
 * What Checkout says under its pay button (Stripe's `custom_text.submit`, up to 1,200 characters;
 * the sandbox's page says the same): VAT included, as on the pricing page and in Billing, and
 * when the first payment is taken.
 */
export function checkoutNote(firstChargeAt: Date | null | undefined): string {
  return firstChargeAt
    ? `${VAT_NOTE} Nothing is charged until your free trial ends on ${irishDate(firstChargeAt)}; then monthly.`
    : `${VAT_NOTE} Charged today, then monthly.`;
}
