import * as z from 'zod';
import type { PlanId, PlanPriceIds } from '../core/plans.js';

/**
 * Subscriptions (Stripe Billing) and the payment account (Stripe Connect): the `/api/stripe`
 * requests and answers, and every sentence the Billing section shows, once for server and browser.
 */
export const STRIPE_ROUTES = ['status', 'create-checkout', 'portal', 'vat-number'] as const;

export const stripeQuery = z.strictObject({
  route: z.enum(STRIPE_ROUTES).optional(),
  salon_id: z.string().max(100).optional(),
});

export const createCheckoutRequest = z.strictObject({
  priceId: z.string().trim().min(1, 'Invalid plan configuration. Please contact support.').max(200),
  salonId: z.string().min(1).max(100),
  userId: z.string().min(1).max(200),
  email: z.email().max(254),
  /** During the free trial, start (and pay for) the plan today instead of when the trial ends. */
  startNow: z.boolean().optional(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequest>;

/**
 * A salon's VAT number, as Stripe takes it for a customer tax id of type `eu_vat` ("EU VAT
 * number", a country prefix then the number: https://docs.stripe.com/billing/customer/tax-ids).
 * Written as the owner likes (spaces, dots, dashes, lower case), kept compact and upper case.
 * Irish numbers are checked to their format (IE, seven digits and one or two letters,
 * or the older IE, a digit, a letter or + or *, five digits and a letter); another EU state's
 * (Greece's prefix is EL; XI is Northern Ireland) only to the common shape of 2 to 12 characters.
 * (https://vatdb.com/guides/validate-ie-vat-number/).
 */
export const VAT_NUMBER_MESSAGE = 'Enter a VAT number with its country prefix, like IE1234567T';
const EU_VAT_PREFIXES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
] as const;
const IRISH_VAT = /^IE(\d{7}[A-Z]{1,2}|\d[A-Z+*]\d{5}[A-Z])$/;
const OTHER_EU_VAT = /^[A-Z]{2}[0-9A-Z+*]{2,12}$/;

export const vatNumberSchema = z
  .string()
  .max(40, VAT_NUMBER_MESSAGE)
  .transform((raw) => raw.replace(/[\s.\-]/g, '').toUpperCase())
  .refine((value) => {
    const prefix = value.slice(0, 2);
    if (prefix === 'IE') return IRISH_VAT.test(value);
    return (EU_VAT_PREFIXES as readonly string[]).includes(prefix) && OTHER_EU_VAT.test(value);
  }, VAT_NUMBER_MESSAGE);

/** `POST /api/stripe?route=vat-number {vatNumber}`: the salon's VAT number, or null (or empty) to remove it. */
export const vatNumberRequest = z.strictObject({
  vatNumber: z.union([z.literal('').transform(() => null), z.null(), vatNumberSchema]),
});

export interface VatNumberAnswer {
  vatNumber: string | null;
}

/** The portal and the Connect link take nothing: an empty body or `{}`. */
export const emptyRequest = z.strictObject({}).optional();

export const BILLING_MESSAGES = {
  invalidPlan: 'Invalid plan configuration. Please contact support.',
  checkoutFailed: 'Failed to create checkout session',
  noCheckoutUrl: 'No checkout URL received',
  subscribeFailed: 'Failed to start subscription process',
  subscriptionError: 'Subscription Error',
  alreadySubscribed: 'You already have a plan. Use Manage subscription to change or cancel it.',
  nothingToManage: 'You have no subscription to manage yet. Choose a plan first.',
  portalFailed: 'Failed to open the subscription portal',
  statusLoadFailed: 'Failed to load your subscription',
  vatNumberSaved: 'VAT number saved. It appears on your invoices from now on.',
  vatNumberRemoved: 'VAT number removed.',
  vatNumberFailed: 'Failed to save your VAT number',
} as const;

export const PAYMENT_ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load Stripe status',
  loadUnavailable: 'Unable to load Stripe status',
  noRedirect: 'Stripe did not return a redirect URL',
  connectFailed: 'Unable to connect to Stripe.',
} as const;

export const PAYMENT_ACCOUNT_STATUSES = ['Not connected', 'Pending verification', 'Action required', 'Active'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];

/** Stripe's subscription statuses; only some of them keep the receptionist answering (core/billing/subscription.ts). */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The salon's subscription as the last applied Stripe event left it (kept on the salon's profile). */
export interface SubscriptionRecord {
  id: string;
  customerId: string;
  /** Our plan for the subscription's price; null for a price this stage does not know. */
  planId: PlanId | null;
  priceId: string;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  /** When the subscription began (Stripe's `start_date`): no period of it lies before. */
  startedAt?: string;
  /** The end of its free trial (Stripe's `trial_end`), when the plan was chosen during ours: nothing is charged before it. */
  trialEnd?: string;
  /** The event that wrote it, as an order key: a later-sorting event replaces it, an earlier one changes nothing. */
  order: string;
}

/**
 * The owner's plan, trial and minutes as one truth (core/billing/billing-state.ts): Billing, the
 * dashboard's meter and the owner's emails all render this, and `headline` is the sentence each
 * of them says (issue 46 #1).
 */
export interface BillingState {
  /** `trial` while the free trial runs (a plan chosen in it starts when it ends); `plan` once a plan runs; `ended`: trial over, no plan. */
  phase: 'trial' | 'plan' | 'ended';
  trialEndsAt: string;
  /** The plan chosen: the one running, or during the trial the one that starts when it ends. */
  plan: { id: PlanId; name: string; priceCents: number; minutesIncluded: number } | null;
  /** The chosen plan is cancelled: it ends (or, in the trial, never starts) and nothing more is charged. */
  cancelled: boolean;
  pastDue: boolean;
  /** The period the minutes count in: the trial, or the plan's month (`month` without a plan: nothing included). */
  period: { kind: 'trial' | 'month'; startsAt: string; endsAt: string };
  minutesUsed: number;
  minutesIncluded: number;
  /** Minutes past a plan's, charged at the extra-minute price; always 0 in the trial, where nothing is charged. */
  extraMinutes: number;
  extraCents: number;
  testMinutesUsed: number;
  testMinutesIncluded: number;
  headline: string;
}

/** `GET /api/stripe?route=status&salon_id=…`: `{plan, trial_end}` and what the Billing section needs besides. */
export interface SubscriptionStatusAnswer {
  /** `free` during the trial or without a plan, else the plan's name (`Growth`). */
  plan: string;
  trial_end: string;
  subscription: {
    planId: PlanId | null;
    status: SubscriptionStatus;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** The stage's price id per plan, for create-checkout; null when none is configured. */
  prices: PlanPriceIds | null;
  /** The salon's VAT number, shown on its invoices (Stripe's customer tax id); null without one. */
  vatNumber: string | null;
  sandbox: boolean;
  billing: BillingState;
  /** The salon has had a subscription, whose invoices the customer portal lists. */
  invoices: boolean;
}

export interface PaymentAccountAnswer {
  connected: boolean;
  account: { status: PaymentAccountStatus };
  sandbox: boolean;
}

export interface RedirectAnswer {
  url: string;
}

export interface PaymentAccountLinkAnswer {
  url: string;
  /** `dashboard` opens the account's dashboard in a new tab; `onboarding` sends the browser there. */
  mode: 'onboarding' | 'dashboard';
}

/** The sandbox pages (`/api/stripe/sandbox`): which page, whose, and which object. */
export const sandboxPageQuery = z.strictObject({
  page: z.enum(['checkout', 'portal', 'connect', 'dashboard', 'deposit']),
  salon: z.string().regex(/^sal_[A-Za-z0-9_-]{22}$/),
  id: z.string().regex(/^[a-z]{2,4}_sandbox_[A-Za-z0-9]{16,64}$/),
});
export type SandboxPageQuery = z.infer<typeof sandboxPageQuery>;
