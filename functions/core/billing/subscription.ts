import { DateTime } from 'luxon';
import * as z from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionRecord } from '../../contracts/billing.js';
import { findPlan, PLAN_IDS, type PlanId, type PlanPriceIds } from '../plans.js';

/**
 * What a Stripe subscription means for the salon: which plan it is, whether the receptionist
 * keeps answering, and which billing period a moment falls in. Pure functions of the record the
 * webhooks keep on the salon's profile.
 */

/** Statuses in which the salon has paid for (or is being chased for, past_due: grace) the current period. */
const ANSWERING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * Whether the subscription keeps the receptionist answering at `now`: an active, trialing or
 * past-due subscription does; a cancelled one does until the end of the period already paid for.
 */
export function subscriptionCovers(subscription: SubscriptionRecord | null | undefined, now: Date): boolean {
  if (!subscription) return false;
  if (ANSWERING_STATUSES.has(subscription.status)) return true;
  return subscription.status === 'canceled' && now < new Date(subscription.currentPeriodEnd);
}

/** The plan the salon is on at `now`: the subscription's while it covers, else none (the trial is the free plan). */
export function currentPlan(subscription: SubscriptionRecord | null | undefined, now: Date): PlanId | null {
  return subscriptionCovers(subscription, now) ? (subscription?.planId ?? null) : null;
}

/** The status answer's `plan`: `free` without a plan, else the plan's name. */
export function planLabel(subscription: SubscriptionRecord | null | undefined, now: Date): string {
  const plan = currentPlan(subscription, now);
  return plan ? findPlan(plan).name : 'free';
}

export function planForPrice(priceId: string, priceIds: PlanPriceIds | null): PlanId | null {
  if (!priceIds) return null;
  return PLAN_IDS.find((plan) => priceIds[plan] === priceId) ?? null;
}

/**
 * The order of Stripe events for one salon: by `created` (seconds), then a deletion after any
 * other change made in the same second (it is final), then by event id, so that whatever order
 * the events arrive in, the same one is last. Fixed width, so it sorts as text in the store.
 */
export function eventOrder(event: { id: string; type: string; created: number }): string {
  const rank = event.type === 'customer.subscription.deleted' ? 2 : 1;
  return `${String(Math.max(0, Math.floor(event.created))).padStart(12, '0')}#${rank}#${event.id}`;
}

const unixSeconds = z.number().int().nonnegative();
const stripeSubscription = z.looseObject({
  id: z.string().min(1),
  customer: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) }).transform((customer) => customer.id)]),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean().default(false),
  start_date: unixSeconds.optional(),
  // https://docs.stripe.com/api/subscriptions/object#subscription_object-trial_end
  trial_end: unixSeconds.nullable().optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  items: z.looseObject({
    data: z
      .array(
        z.looseObject({
          price: z.looseObject({ id: z.string().min(1) }),
          // Since API 2025-03-31 the period lives on the subscription's items.
          current_period_start: unixSeconds,
          current_period_end: unixSeconds,
        }),
      )
      .min(1),
  }),
});

export type StripeSubscriptionObject = z.infer<typeof stripeSubscription>;

export function parseStripeSubscription(object: unknown): StripeSubscriptionObject | null {
  const parsed = stripeSubscription.safeParse(object);
  return parsed.success ? parsed.data : null;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The record a subscription event leaves: the plan of its (first) item's price and that item's period. */
export function subscriptionRecord(subscription: StripeSubscriptionObject, priceIds: PlanPriceIds | null, order: string): SubscriptionRecord {
  // Our subscriptions have the plan's price and, when configured, the metered overage price: the plan's is the one we know.
  const item = subscription.items.data.find((candidate) => planForPrice(candidate.price.id, priceIds)) ?? subscription.items.data[0]!;
  return {
    id: subscription.id,
    customerId: subscription.customer,
    planId: planForPrice(item.price.id, priceIds),
    priceId: item.price.id,
    status: subscription.status,
    currentPeriodStart: iso(item.current_period_start),
    currentPeriodEnd: iso(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(subscription.start_date !== undefined ? { startedAt: iso(subscription.start_date) } : {}),
    ...(typeof subscription.trial_end === 'number' ? { trialEnd: iso(subscription.trial_end) } : {}),
    order,
  };
}

export interface SubscriptionPeriod {
  id: string;
  startsAt: string;
  endsAt: string;
}

/** A subscription period's id: its start, compact (`S20261115T093000`); no `#`, unlike any trial or month id. */
export function subscriptionPeriodId(startsAt: DateTime): string {
  return `S${startsAt.toUTC().toFormat("yyyyMMdd'T'HHmmss")}`;
}

export function isSubscriptionPeriodId(periodId: string): boolean {
  return /^S\d{8}T\d{6}$/.test(periodId);
}

/** How far back a late event may still find its period (Stripe accepts meter events 35 days back). */
const MONTHS_BACK = 3;

/**
 * The subscription's monthly period that `at` falls in: the current one, an earlier one (a late
 * call event; never before the subscription started), or, while it still renews, a later one
 * whose renewal webhook has not arrived yet. Null when the subscription did not cover `at`.
 * Periods step by calendar months from the current start, as Stripe's billing anchor does
 * (31 January, 28 February, 31 March).
 */
export function subscriptionPeriodAt(subscription: SubscriptionRecord, at: Date): SubscriptionPeriod | null {
  const start = DateTime.fromISO(subscription.currentPeriodStart, { zone: 'utc' });
  const end = DateTime.fromISO(subscription.currentPeriodEnd, { zone: 'utc' });
  const moment = DateTime.fromJSDate(at, { zone: 'utc' });
  const period = (from: DateTime, to: DateTime) => ({ id: subscriptionPeriodId(from), startsAt: from.toISO()!, endsAt: to.toISO()! });
  if (moment >= start && moment < end) return period(start, end);
  if (moment < start) {
    if (subscription.startedAt && moment < DateTime.fromISO(subscription.startedAt, { zone: 'utc' })) return null;
    for (let back = 1; back <= MONTHS_BACK; back += 1) {
      const from = start.minus({ months: back });
      if (moment >= from) return period(from, start.minus({ months: back - 1 }));
    }
    return null;
  }
  if (!ANSWERING_STATUSES.has(subscription.status) || subscription.cancelAtPeriodEnd) return null;
  // A trial's end is the billing anchor of the paid months after it (https://docs.stripe.com/billing/subscriptions/trials).
  const [anchor, first] = subscription.status === 'trialing' ? [end, 0] : [start, 1];
  for (let ahead = first; ahead < first + MONTHS_BACK; ahead += 1) {
    const to = anchor.plus({ months: ahead + 1 });
    if (moment < to) return period(anchor.plus({ months: ahead }), to);
  }
  return null;
}

/** The plan's minutes for a subscription; none for a price this stage does not know. */
export function subscriptionMinutes(subscription: SubscriptionRecord): number {
  return subscription.planId ? findPlan(subscription.planId).minutesIncluded : 0;
}
