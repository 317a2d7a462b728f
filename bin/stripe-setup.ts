import Stripe from 'stripe';
import { formatCheck } from '../functions/admin/preflight/check.js';
import { STRIPE_API_VERSION } from '../functions/providers/stripe-api-version.js';
import { stripeBillingSetup } from '../functions/providers/stripe-billing-setup.js';
import { settingsFor, type PreflightOptions } from './preflight.js';

/**
 * `npm run admin -- stripe-setup [--stage NAME]`: makes, in the stage's Stripe account, what the
 * code finds there on first use (functions/providers/stripe-billing-setup.ts), so the preflight
 * passes before the first salon: the 23% inclusive Irish VAT rate and our customer portal
 * configuration (brought back to our rules when it was changed by hand). Doing it again changes
 * nothing. Without a Stripe key (the sandbox) there is nothing to make.
 */
export async function stripeSetupCommand(options: PreflightOptions, print: (line: string) => void = console.log): Promise<number> {
  const { settings, notes } = await settingsFor(options);
  for (const note of notes) print(formatCheck(note));
  const key = settings.secrets.stripeSecretKey;
  if (!key) {
    print('No Stripe secret key: the payments sandbox needs nothing set up.');
    return notes.length ? 1 : 0;
  }
  const setup = stripeBillingSetup(new Stripe(key, { apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 2 }), settings.secrets.stripePriceIds ?? null);
  print(`Irish VAT rate (23%, included in the price): ${await setup.vatRate()}`);
  if (!settings.secrets.stripePriceIds) {
    print('No plan prices (stripePriceIds): the customer portal is made once they are in the provider secret.');
    return 1;
  }
  print(`Customer portal configuration: ${await setup.portalConfiguration()}`);
  return 0;
}
