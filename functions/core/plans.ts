import * as z from 'zod';

/**
 * The subscription plans: the single source for the pricing page and for billing. Kept free of
 * React and SDK imports so both the web bundle and the Lambda handlers can import it. Payment
 * price ids differ per stage (test and live accounts), so they come from config, never from here.
 */
export const PLAN_IDS = ['starter', 'growth', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  summary: string;
  /** Monthly price in euro cents; whole-cent integers avoid floating-point drift in billing. */
  priceCents: number;
  /** The same monthly price in euro, for display. */
  priceEuro: number;
  minutesIncluded: number;
  features: readonly string[];
  popular: boolean;
}

export const EXTRA_MINUTE_PRICE_CENTS = 15;
export const FREE_TRIAL_DAYS = 14;
export const FREE_TEST_MINUTES = 10;
/**
 * The spec prices minutes (€0.15 each) but gives no rounding rule, so this is ours, said in these
 * words wherever minutes are counted: each call in whole minutes rounded up, and a call shorter
 * than FREE_CALL_SECONDS counts nothing, so a caller who hangs up at once costs the salon nothing.
 */
export const FREE_CALL_SECONDS = 10;
export const MINUTES_RULE = `Each call counts in whole minutes, rounded up (a 1 min 14 s call is 2 minutes); calls under ${FREE_CALL_SECONDS} seconds are not counted.`;
/** Irish VAT, included in every price shown (pricing page, Billing, Checkout). */
export const VAT_RATE_PERCENT = 23;
export const VAT_NOTE = `Prices include Irish VAT at ${VAT_RATE_PERCENT}%.`;

/**
 * What each plan really does (issue 46 #3). Nothing in the product is held back by plan: every
 * salon's receptionist books into its Google Calendar, texts and emails, forwards calls and says
 * the owner's greeting, so every card lists all of it (in the spec's words for each feature)
 * and the plans differ by their minutes. The spec's per-plan lists also named things the product
 * does not have (multiple locations, advanced analytics, priority support, custom integrations):
 * no card promises them.
 */
export const EVERY_PLAN_FEATURES = [
  'AI receptionist 24/7',
  'Appointment booking',
  'Google Calendar sync',
  'SMS notifications',
  'Email notifications',
  'Call forwarding',
  'Custom greetings',
  'Analytics dashboard',
] as const;

const PLAN_DEFINITIONS: readonly Omit<Plan, 'priceEuro'>[] = [
  {
    id: 'starter',
    name: 'Starter',
    summary: 'For independent stylists and small salons.',
    priceCents: 7900,
    minutesIncluded: 100,
    features: EVERY_PLAN_FEATURES,
    popular: false,
  },
  {
    id: 'growth',
    name: 'Growth',
    summary: 'For busy salons with a full appointment book.',
    priceCents: 14900,
    minutesIncluded: 300,
    features: EVERY_PLAN_FEATURES,
    popular: true,
  },
  {
    id: 'business',
    name: 'Business',
    summary: 'For high-volume salons with long opening hours.',
    priceCents: 49900,
    minutesIncluded: 800,
    features: EVERY_PLAN_FEATURES,
    popular: false,
  },
];

export const PLANS: readonly Plan[] = PLAN_DEFINITIONS.map((plan) => ({ ...plan, priceEuro: plan.priceCents / 100 }));

export class UnknownPlanError extends Error {}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function findPlan(id: string): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new UnknownPlanError(`Unknown plan: ${id}`);
  return plan;
}

function priceIdsSchema() {
  const priceId = z.string().trim().min(1);
  return z.strictObject({ starter: priceId, growth: priceId, business: priceId });
}

function priceIdsJsonSchema() {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'PLAN_PRICE_IDS must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(priceIdsSchema());
}

/**
 * The PLAN_PRICE_IDS config value: one payment price id per plan, set per stage. Built through
 * calls marked pure so bundles that only show plans (the pricing page) drop zod entirely.
 */
export const planPriceIdsSchema = /* @__PURE__ */ priceIdsSchema();

export type PlanPriceIds = z.infer<typeof planPriceIdsSchema>;

/** The same value as it arrives in the environment: a JSON string, parsed and checked in one step. */
export const planPriceIdsJsonSchema = /* @__PURE__ */ priceIdsJsonSchema();

/** The stage's payment price id for a plan; planId is a string because it arrives from requests. */
export function resolvePriceId(planId: string, priceIds: PlanPriceIds): string {
  if (!isPlanId(planId)) throw new UnknownPlanError(`Unknown plan: ${planId}`);
  return priceIds[planId];
}

/** The free trial's calls: the Starter plan's minutes, for real callers (test calls have their own). */
export const TRIAL_CALL_MINUTES = findPlan('starter').minutesIncluded;

/** The trial, said the same way everywhere: the public pages, Billing, the terms. */
export const TRIAL_OFFER = `${FREE_TRIAL_DAYS}-day free trial with ${TRIAL_CALL_MINUTES} call minutes and ${FREE_TEST_MINUTES} free test minutes, no credit card needed`;
