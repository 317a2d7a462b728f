import { DateTime } from 'luxon';
import { FREE_TRIAL_DAYS, TRIAL_CALL_MINUTES } from '../plans.js';
import type { BillingPeriod } from './meter-usage.js';
import type { SubscriptionRecord } from '../../contracts/billing.js';
import { isSubscriptionPeriodId, subscriptionMinutes, subscriptionPeriodAt } from '../billing/subscription.js';

/**
 * Which billing period a moment falls in, and the minutes it includes. The free trial comes
 * first: FREE_TRIAL_DAYS from sign-up, with the Starter plan's minutes, whatever plan is chosen
 * during it (issue 46 #1: a plan chosen in the trial starts when the trial ends, so the trial's
 * minutes, test minutes and "nothing is charged" hold until then). After it, a moment the
 * salon's subscription covers falls in the subscription's monthly period, with its plan's
 * minutes; otherwise calendar months in Irish time with no minutes included: a salon whose
 * trial ended without a plan is not live, so only its test calls are metered then.
 */
export const TRIAL_MINUTES = TRIAL_CALL_MINUTES;

export interface DatedBillingPeriod extends BillingPeriod {
  kind: 'trial' | 'month';
  startsAt: string;
  endsAt: string;
}

type BillingSalon = { createdAt: string; subscription?: SubscriptionRecord | null };

/**
 * When the free trial ends: FREE_TRIAL_DAYS after sign-up, or later when the plan chosen in it
 * has a later Stripe trial end (Stripe wants 48 hours, so a plan chosen on the last day starts a
 * little after our trial would have ended: it stays the trial until then, unless that plan has
 * ended), or sooner when the owner started a plan today (no Stripe trial: paying starts the
 * plan, and ends the trial).
 */
export function trialEndsAt(salon: BillingSalon): Date {
  const ownEnd = Date.parse(salon.createdAt) + FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000;
  const subscription = salon.subscription;
  // A record kept before `trialEnd` was: while trialing, Stripe's current period is the trial.
  const stripeTrialEnd = subscription?.trialEnd ?? (subscription?.status === 'trialing' ? subscription.currentPeriodEnd : undefined);
  // Only a plan still held carries the trial to Stripe's end: one ended at once leaves our own.
  if (stripeTrialEnd) return new Date(subscription?.status === 'canceled' ? ownEnd : Math.max(ownEnd, Date.parse(stripeTrialEnd)));
  if (subscription?.startedAt) return new Date(Math.min(ownEnd, Math.max(Date.parse(salon.createdAt), Date.parse(subscription.startedAt))));
  return new Date(ownEnd);
}

export function billingPeriodAt(salon: BillingSalon, at: Date): DatedBillingPeriod {
  const trialEnd = trialEndsAt(salon);
  if (at < trialEnd) {
    return { kind: 'trial', id: 'trial', minutesIncluded: TRIAL_MINUTES, startsAt: salon.createdAt, endsAt: trialEnd.toISOString() };
  }
  const subscribed = salon.subscription ? subscriptionPeriodAt(salon.subscription, at) : null;
  if (subscribed && salon.subscription) {
    return {
      kind: 'month',
      id: subscribed.id,
      minutesIncluded: subscriptionMinutes(salon.subscription),
      startsAt: subscribed.startsAt,
      endsAt: subscribed.endsAt,
    };
  }
  const month = DateTime.fromJSDate(at, { zone: 'Europe/Dublin' }).startOf('month');
  return {
    kind: 'month',
    id: month.toFormat('yyyy-MM'),
    minutesIncluded: 0,
    startsAt: month.toUTC().toISO()!,
    endsAt: month.plus({ months: 1 }).toUTC().toISO()!,
  };
}

/** The period a period id names, for a salon: `trial`, a month `yyyy-MM` or a subscription period (`S…`); null for none. */
export function billingPeriodById(salon: BillingSalon, periodId: string): DatedBillingPeriod | null {
  if (periodId === 'trial') {
    const period = billingPeriodAt(salon, new Date(salon.createdAt));
    return period.id === 'trial' ? period : null;
  }
  if (isSubscriptionPeriodId(periodId)) {
    const start = DateTime.fromFormat(periodId, "'S'yyyyMMdd'T'HHmmss", { zone: 'utc' });
    const period = start.isValid ? billingPeriodAt(salon, start.toJSDate()) : null;
    return period?.id === periodId ? period : null;
  }
  const month = DateTime.fromFormat(periodId, 'yyyy-MM', { zone: 'Europe/Dublin' });
  if (!month.isValid) return null;
  // The month's last moment: the trial may have covered its start.
  const period = billingPeriodAt(salon, month.endOf('month').toJSDate());
  return period.id === periodId ? period : null;
}
