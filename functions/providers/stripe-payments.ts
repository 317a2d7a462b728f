import Stripe from 'stripe';
import type { PlanPriceIds } from '../core/plans.js';
import { checkoutNote } from '../core/billing/checkout-note.js';
import { PaymentsError, type ConnectAccount, type PaymentsPort } from '../core/ports/payments.js';
import { STRIPE_API_VERSION } from './stripe-api-version.js';
import { setCustomerVat, stripeBillingSetup } from './stripe-billing-setup.js';
import { call, unlessDone } from './stripe-calls.js';

/**
 * Payments through the official stripe SDK, on the API version pinned in stripe-api-version.ts. Every
 * create carries an idempotency key, so a retried request makes nothing twice.
 */

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecrets: string[];
  priceIds: PlanPriceIds | null;
  /** The metered price of minutes past the plan, added to each checkout when set. */
  overagePriceId?: string;
  /** Only tests point the SDK elsewhere (a local fake Stripe). */
  apiRoot?: string;
}

function clientFor(options: StripePaymentsOptions): Stripe {
  const root = options.apiRoot ? new URL(options.apiRoot) : undefined;
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // The SDK retries connection errors and 409/429/5xx with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 8000,
    ...(root
      ? {
          host: root.hostname,
          port: root.port || (root.protocol === 'https:' ? 443 : 80),
          protocol: root.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

export function connectAccountFrom(account: Stripe.Account): ConnectAccount {
  const requirements = account.requirements;
  return {
    id: account.id,
    chargesEnabled: Boolean(account.charges_enabled),
    detailsSubmitted: Boolean(account.details_submitted),
    currentlyDue: requirements?.currently_due ?? [],
    pastDue: requirements?.past_due ?? [],
    pendingVerification: requirements?.pending_verification ?? [],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

export function createStripePayments(options: StripePaymentsOptions): PaymentsPort {
  const stripe = clientFor(options);
  const setup = stripeBillingSetup(stripe, options.priceIds);
  return {
    provider: async () => 'stripe',
    priceIds: async () => options.priceIds,
    webhookSecrets: async () => options.webhookSecrets,

    async createCheckoutSession(input) {
      const vatRate = await call('find the VAT rate', setup.vatRate);
      const session = await call('create the checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: input.priceId, quantity: 1 }, ...(options.overagePriceId ? [{ price: options.overagePriceId }] : [])],
            client_reference_id: input.salonId,
            metadata: { salon_id: input.salonId },
            subscription_data: {
              metadata: { salon_id: input.salonId },
              // Every item (the plan's and the minutes past it) and every invoice carries Irish VAT, included in the price.
              default_tax_rates: [vatRate],
              ...(input.firstChargeAt ? { trial_end: Math.floor(input.firstChargeAt.getTime() / 1000) } : {}),
            },
            // Checkout says what the pricing page and Billing say: VAT included, and when the first payment is.
            custom_text: { submit: { message: checkoutNote(input.firstChargeAt) } },
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentsError('rejected', 'Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async createCustomer(input) {
      const customer = await call('create the customer', () =>
        stripe.customers.create(
          {
            email: input.email,
            metadata: { salon_id: input.salonId },
            ...(input.vatNumber ? { tax_id_data: [{ type: 'eu_vat', value: input.vatNumber }] } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: customer.id };
    },

    async setCustomerVatNumber(input) {
      await call('set the VAT number', () => setCustomerVat(stripe, input.customerId, input.vatNumber));
    },

    async expireCheckoutSession(input) {
      await unlessDone(
        'expire the checkout session',
        () => stripe.checkout.sessions.expire(input.sessionId),
        () => true,
      );
    },

    async cancelAndRefundSubscription(input) {
      const subscription = await call('read the subscription', () => stripe.subscriptions.retrieve(input.subscriptionId));
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return false;
      // Refunded before it is cancelled: a retry after a failure finds it live and finishes both.
      const invoice = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : subscription.latest_invoice?.id;
      const paid = invoice ? (await call('list the invoice payments', () => stripe.invoicePayments.list({ invoice, status: 'paid' }))).data : [];
      let refused: PaymentsError | null = null;
      for (const payment of paid) {
        const intent = payment.payment.payment_intent;
        const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
        if (!paymentIntent) continue;
        try {
          await unlessDone(
            'refund the subscription',
            () =>
              stripe.refunds.create(
                { payment_intent: paymentIntent, metadata: { salon_id: input.salonId, subscription_id: input.subscriptionId } },
                { idempotencyKey: `subscription-refund-${paymentIntent}` },
              ),
            (error) => error.code === 'charge_already_refunded',
          );
        } catch (error) {
          if (!(error instanceof PaymentsError) || error.kind === 'unavailable') throw error;
          refused = error;
        }
      }
      await unlessDone(
        'cancel the subscription',
        () => stripe.subscriptions.cancel(input.subscriptionId),
        () => false,
      );
      // Cancelled whatever the refund did: a refusal is for support to settle by hand.
      if (refused) throw refused;
      return true;
    },

    async createPortalSession(input) {
      const configuration = await call('set up the customer portal', setup.portalConfiguration);
      const session = await call('open the customer portal', () =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl, configuration }),
      );
      return { url: session.url };
    },

    async createConnectAccount(input) {
      const account = await call('create the payment account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'IE',
            ...(input.email ? { email: input.email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { salon_id: input.salonId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return connectAccountFrom(account);
    },

    async createOnboardingLink(input) {
      const link = await call('create the onboarding link', () =>
        stripe.accountLinks.create({ account: input.accountId, type: 'account_onboarding', refresh_url: input.refreshUrl, return_url: input.returnUrl }),
      );
      return { url: link.url };
    },

    async createDashboardLink(input) {
      const link = await call('create the dashboard link', () => stripe.accounts.createLoginLink(input.accountId));
      return { url: link.url };
    },

    async reportMeterEvent(input) {
      const event = await call('record the meter event', () =>
        stripe.billing.meterEvents.create(
          {
            event_name: input.eventName,
            identifier: input.identifier,
            payload: { stripe_customer_id: input.customerId, value: String(input.value) },
            timestamp: Math.floor(input.timestamp.getTime() / 1000),
          },
          { idempotencyKey: `meter-${input.identifier}` },
        ),
      );
      return { id: event.identifier };
    },

    async createDepositCheckout(input) {
      const session = await call('create the deposit checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'eur', unit_amount: input.amountCents, product_data: { name: `Deposit: ${input.serviceName}` } },
              },
            ],
            metadata: { salon_id: input.salonId, booking_id: input.bookingId },
            // A destination charge: made on the platform, settled in the salon's name (on_behalf_of)
            // and paid over to it (transfer_data), as Stripe advises for Express accounts.
            payment_intent_data: {
              on_behalf_of: input.accountId,
              transfer_data: { destination: input.accountId },
              metadata: { salon_id: input.salonId, booking_id: input.bookingId },
            },
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentsError('rejected', 'Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async expireDepositCheckout(input) {
      // Stripe refuses to expire a session that is not open: it was paid (the webhook settles it) or has expired.
      await unlessDone(
        'expire the deposit checkout',
        () => stripe.checkout.sessions.expire(input.sessionId),
        () => true,
      );
    },

    async refundDeposit(input) {
      await unlessDone(
        'refund the deposit',
        () =>
          stripe.refunds.create(
            { payment_intent: input.paymentIntentId, reverse_transfer: true, metadata: { salon_id: input.salonId, booking_id: input.bookingId } },
            { idempotencyKey: input.idempotencyKey },
          ),
        (error) => error.code === 'charge_already_refunded',
      );
    },

    async cancelSubscription(input) {
      try {
        await call('cancel the subscription', () => stripe.subscriptions.cancel(input.subscriptionId));
      } catch (error) {
        if (!(error instanceof PaymentsError && error.kind === 'not_found')) throw error;
      }
    },

    async deleteCustomer(input) {
      try {
        await call('delete the customer', () => stripe.customers.del(input.customerId));
      } catch (error) {
        if (!(error instanceof PaymentsError && error.kind === 'not_found')) throw error;
      }
    },
  };
}
