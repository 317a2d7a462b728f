import type { SandboxStripeStore } from './sandbox-stripe-store.js';
import type { PaymentsPort } from '../../functions/core/ports/payments.js';
import { sandboxContext } from './sandbox-payments-context.js';
import { sandboxConnect, type SandboxConnect } from './sandbox-payments-connect.js';
import { sandboxDeposits, type SandboxDeposits } from './sandbox-payments-deposits.js';
import { sandboxSubscriptions, type SandboxSubscriptions } from './sandbox-payments-subscriptions.js';
import { SANDBOX_PRICE_IDS, seconds } from './sandbox-stripe-objects.js';

/**
 * No Stripe keys: a clearly labelled sandbox that follows Stripe's flow. Checkout, the customer
 * portal and Connect onboarding are local pages (local/pages/stripe-sandbox.ts); completing
 * them changes the sandbox's own objects (kept under the salon) and answers the webhook events
 * Stripe would send, which the page delivers, signed with the sandbox's own secret, to the same
 * webhook handler (sandbox-payments-webhooks.ts). Meter events are recorded under the salon for
 * anyone to see. Nothing leaves the machine and no card is asked for. Its parts: subscriptions
 * (customer, Checkout, subscriptions, portal), Connect and deposits, each in a file of its own;
 * the Stripe-shaped objects they answer are sandbox-stripe-objects.ts.
 */
export interface SandboxMeterEvent {
  identifier: string;
  eventName: string;
  customerId: string;
  value: number;
  timestamp: number;
}

export interface SandboxPayments extends PaymentsPort, SandboxSubscriptions, SandboxConnect, SandboxDeposits {
  meterEvents(salonId: string, identifier: string): Promise<SandboxMeterEvent | null>;
}

export function createSandboxPayments(options: { store: SandboxStripeStore; now: () => Date }): SandboxPayments {
  const { store } = options;
  const context = sandboxContext(store, options.now);
  return {
    ...sandboxSubscriptions(context),
    ...sandboxConnect(context),
    ...sandboxDeposits(context),
    provider: async () => 'sandbox',
    priceIds: async () => SANDBOX_PRICE_IDS,
    webhookSecrets: async () => [await store.webhookSecret()],

    async reportMeterEvent(input) {
      // As Stripe does, one identifier is one event: a second report of it records nothing.
      const recorded = await store.putIfAbsent<SandboxMeterEvent>(input.salonId, 'METER', input.identifier, {
        identifier: input.identifier,
        eventName: input.eventName,
        customerId: input.customerId,
        value: input.value,
        timestamp: seconds(input.timestamp),
      });
      return { id: recorded.identifier };
    },
    meterEvents: (salonId, identifier) => store.get<SandboxMeterEvent>(salonId, 'METER', identifier),

    async deleteCustomer() {
      // The sandbox's customer is only an id on its subscription, which goes with the salon's items.
    },
  };
}
