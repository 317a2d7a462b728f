import {
  BILLING_MESSAGES,
  PAYMENT_ACCOUNT_MESSAGES,
  type CreateCheckoutRequest,
  type PaymentAccountAnswer,
  type PaymentAccountLinkAnswer,
  type RedirectAnswer,
  type SubscriptionStatusAnswer,
} from '../../contracts/billing.js';
import { ConflictError, DomainError, InvalidInputError, NotAllowedError, NotFoundError } from '../errors.js';
import type { Owner } from '../owner.js';
import { logger } from '../../logger.js';
import type { Ports } from '../ports.js';
import type { Salon } from '../salon-profile.js';
import { checkoutOrder, type OpenCheckout } from '../ports/checkout-records.js';
import { PLAN_IDS } from '../plans.js';
import { trialEndsAt } from '../usage/billing-period.js';
import { paymentAccountStatus } from './account-status.js';
import { loadBillingState } from './billing-state.js';
import { planLabel, subscriptionCovers } from './subscription.js';

/**
 * The owner's side of billing: the subscription's status, Stripe Checkout to subscribe, the
 * customer portal to change or cancel, and the Connect payment account. The salon is always the
 * token's; ids in a request are only checked against it.
 */
export type BillingDeps = Pick<Ports, 'payments' | 'subscriptions' | 'now'>;

/** Where Stripe sends the owner back to: the Billing section, with how it went. */
export function billingUrl(siteUrl: string, outcome?: Record<string, string>): string {
  const url = new URL('/settings', siteUrl);
  url.search = new URLSearchParams({ section: 'billing', ...outcome }).toString();
  return url.toString();
}

/** The provider failed and nothing of ours changed; the message is the one Billing shows. */
export class ProviderFailedError extends DomainError {
  constructor(message: string) {
    super('provider_failed', 'payments_unavailable', message);
  }
}

/** `loadSalon` reads (or makes) the owner's salon only once the request is known to be for it. */
export async function subscriptionStatus(
  deps: BillingDeps & Pick<Ports, 'usage'>,
  salonId: string,
  loadSalon: () => Promise<Salon>,
  askedFor: string,
): Promise<SubscriptionStatusAnswer> {
  if (askedFor !== salonId) throw new NotFoundError('No such salon');
  const salon = await loadSalon();
  const now = deps.now();
  const [prices, provider, billing] = await Promise.all([deps.payments.priceIds(), deps.payments.provider(), loadBillingState(deps, salon, now)]);
  const subscription = salon.subscription ?? null;
  return {
    plan: planLabel(subscription, now),
    trial_end: trialEndsAt(salon).toISOString(),
    subscription: subscription
      ? {
          planId: subscription.planId,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    prices,
    vatNumber: salon.vatNumber ?? null,
    sandbox: provider === 'sandbox',
    billing,
    // A subscription's first invoice is made when it starts (€0 in a trial); a checkout never paid leaves none.
    invoices: Boolean(subscription?.customerId),
  };
}

/** Within this window, two presses that read the same checkouts make the same session (Stripe's idempotency key). */
const CHECKOUT_KEY_WINDOW_MS = 10 * 60 * 1000;

/**
 * Stripe Checkout for a plan. A salon holds at most one subscription (RELIABILITY 48): a salon
 * that subscribes is sent to the portal to change plan, and making a checkout expires every one
 * but the newest, so only the newest link can be paid (a second paid one is still refunded by the
 * webhook). Pressing Choose plan again for the same plan answers the same session. Every checkout
 * is for the salon's one customer, so deleting the account ends whatever it subscribed to.
 */
export async function createCheckout(
  deps: BillingDeps,
  owner: Owner,
  salonId: string,
  loadSalon: () => Promise<Salon>,
  request: CreateCheckoutRequest,
  siteUrl: string,
): Promise<RedirectAnswer> {
  if (request.salonId !== salonId) throw new NotFoundError('No such salon');
  if (request.userId !== owner.userId) throw new NotAllowedError('You can only subscribe for your own salon.');
  const prices = await deps.payments.priceIds();
  const planId = prices ? PLAN_IDS.find((plan) => prices[plan] === request.priceId) : undefined;
  if (!planId) throw new InvalidInputError(BILLING_MESSAGES.invalidPlan);
  const salon = await loadSalon();
  const now = deps.now();
  // A second subscription would bill twice: plan changes go through the portal.
  if (salon.subscription && salon.subscription.status !== 'canceled' && subscriptionCovers(salon.subscription, now))
    throw new ConflictError(BILLING_MESSAGES.alreadySubscribed);
  const firstChargeAt = request.startNow ? null : firstChargeAfterTrial(salon, now);
  try {
    const open = await deps.subscriptions.openCheckouts(salon.id, now);
    const newest = open.at(-1);
    if (newest?.priceId === request.priceId && (newest.firstChargeAt ?? null) === (firstChargeAt?.toISOString() ?? null)) return { url: newest.url };
    const session = await deps.payments.createCheckoutSession({
      salonId: salon.id,
      priceId: request.priceId,
      email: request.email,
      customerId: salon.billingCustomerId ?? (await salonCustomer(deps, salon.id, request.email, salon.vatNumber ?? null)),
      // Back in Billing, the thanks says whether anything was paid: nothing is, when the plan starts at the trial's end.
      successUrl: billingUrl(siteUrl, { checkout: 'success', ...(firstChargeAt ? { charged: 'after-trial' } : {}) }),
      cancelUrl: billingUrl(siteUrl, { checkout: 'cancelled' }),
      // Keyed on what was read: after another plan's checkout, or once a subscription came and
      // went, the same plan again is a new session, never the one that was expired or used.
      idempotencyKey: `checkout-${salon.id}-${planId}-${firstChargeAt ? 'after-trial' : 'now'}-${newest?.id ?? 'none'}-${salon.subscription?.id ?? 'none'}-${Math.floor(now.getTime() / CHECKOUT_KEY_WINDOW_MS)}`,
      ...(firstChargeAt ? { firstChargeAt } : {}),
    });
    const made = {
      id: session.id,
      priceId: request.priceId,
      url: session.url,
      createdAt: now.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ...(firstChargeAt ? { firstChargeAt: firstChargeAt.toISOString() } : {}),
    };
    await deps.subscriptions.keepCheckout(salon.id, made);
    await expireAllButNewest(deps, salon.id, made);
    return { url: session.url };
  } catch (error) {
    logger.error('checkout session not created', { salonId: salon.id, detail: (error as Error)?.message });
    throw new ProviderFailedError(BILLING_MESSAGES.checkoutFailed);
  }
}

/** Stripe refuses a trial that ends less than 48 hours away; an hour more leaves room for the page to be filled in. */
const MIN_TRIAL_LEFT_MS = 49 * 60 * 60 * 1000;

/**
 * A plan chosen during the free trial starts when the trial ends, so choosing early never cuts
 * the trial short; null once the trial is over (the plan starts today). A trial with under two
 * days left runs to Stripe's shortest, a day or so longer than ours.
 */
export function firstChargeAfterTrial(salon: Pick<Salon, 'createdAt'>, now: Date): Date | null {
  const trialEnd = trialEndsAt(salon);
  if (trialEnd <= now) return null;
  return new Date(Math.max(trialEnd.getTime(), now.getTime() + MIN_TRIAL_LEFT_MS));
}

/** The salon's one Stripe customer, made once (the key is the salon's) and remembered on its profile. */
async function salonCustomer(deps: BillingDeps, salonId: string, email: string, vatNumber: string | null): Promise<string> {
  const customer = await deps.payments.createCustomer({ salonId, email, idempotencyKey: `customer-${salonId}`, vatNumber });
  await deps.subscriptions.rememberCustomer(salonId, customer.id);
  return customer.id;
}

/**
 * Every checkout of the salon but the newest is expired and forgotten, `made` itself when one
 * made at once is newer. Each press reads after keeping its own checkout, so of two made at once
 * the one that reads last sees both, whichever was made first: expiring only the checkouts older
 * than its own left both open when the newer one was kept and read before the older was kept.
 */
async function expireAllButNewest(deps: BillingDeps, salonId: string, made: OpenCheckout): Promise<void> {
  const open = await deps.subscriptions.openCheckouts(salonId, deps.now());
  const all = open.some((checkout) => checkout.id === made.id) ? open : [...open, made];
  const newest = all.reduce((latest, checkout) => (checkoutOrder(checkout) > checkoutOrder(latest) ? checkout : latest));
  const older = all.filter((checkout) => checkout.id !== newest.id);
  for (const checkout of older) await deps.payments.expireCheckoutSession({ salonId, sessionId: checkout.id });
  await deps.subscriptions.forgetCheckouts(salonId, older);
}

export async function openPortal(deps: BillingDeps, salon: Salon, siteUrl: string): Promise<RedirectAnswer> {
  const customerId = salon.subscription?.customerId ?? salon.billingCustomerId;
  if (!customerId) throw new ConflictError(BILLING_MESSAGES.nothingToManage);
  try {
    return await deps.payments.createPortalSession({ salonId: salon.id, customerId, returnUrl: billingUrl(siteUrl) });
  } catch (error) {
    logger.error('customer portal not opened', { salonId: salon.id, detail: (error as Error)?.message });
    throw new ProviderFailedError(BILLING_MESSAGES.portalFailed);
  }
}

export async function paymentAccount(deps: BillingDeps, salonId: string): Promise<PaymentAccountAnswer> {
  const [account, provider] = await Promise.all([deps.subscriptions.getPaymentAccount(salonId), deps.payments.provider()]);
  const status = paymentAccountStatus(account);
  return { connected: status !== 'Not connected', account: { status }, sandbox: provider === 'sandbox' };
}

/**
 * Connect: the account's dashboard when it is active; otherwise onboarding, making the salon's
 * Express account first (once: the idempotency key is the salon's, and the first stored wins).
 */
export async function paymentAccountLink(deps: BillingDeps, salon: Salon, siteUrl: string): Promise<PaymentAccountLinkAnswer> {
  try {
    const stored = await deps.subscriptions.getPaymentAccount(salon.id);
    if (stored && paymentAccountStatus(stored) === 'Active') {
      const link = await deps.payments.createDashboardLink({ salonId: salon.id, accountId: stored.id });
      return { url: link.url, mode: 'dashboard' };
    }
    const account =
      stored ??
      (await deps.subscriptions.keepPaymentAccount(
        salon.id,
        await deps.payments.createConnectAccount({ salonId: salon.id, email: salon.ownerEmail, idempotencyKey: `connect-account-${salon.id}` }),
      ));
    const link = await deps.payments.createOnboardingLink({
      salonId: salon.id,
      accountId: account.id,
      refreshUrl: billingUrl(siteUrl, { connect: 'refresh' }),
      returnUrl: billingUrl(siteUrl, { connect: 'return' }),
    });
    return { url: link.url, mode: 'onboarding' };
  } catch (error) {
    logger.error('payment account link not made', { salonId: salon.id, detail: (error as Error)?.message });
    throw new ProviderFailedError(PAYMENT_ACCOUNT_MESSAGES.connectFailed);
  }
}
