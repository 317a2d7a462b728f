import { DateTime } from 'luxon';
import { FREE_TRIAL_DAYS, TRIAL_CALL_MINUTES } from '../plans.js';
import type { BillingPeriod } from './meter-usage.js';
import type { SubscriptionRecord } from '../../contracts/billing.js';
import { isSubscriptionPeriodId, subscriptionMinutes, subscriptionPeriodAt } from '../billing/subscription.js';

/**
 * Which billing period a moment falls in, and the minutes it includes. A moment the salon's
 * subscription covers falls in the subscription's monthly period, with its plan's minutes.
 * Otherwise a salon has its free trial (FREE_TRIAL_DAYS from sign-up, with the Starter plan's
 * minutes) and, after it, calendar months in Irish time with no minutes included: a salon
 * whose trial ended without a plan is not live, so only its test calls are metered then.
 */
export const TRIAL_MINUTES = TRIAL_CALL_MINUTES;

export interface DatedBillingPeriod extends BillingPeriod {
  kind: 'trial' | 'month';
  startsAt: string;
  endsAt: string;
}

export function trialEndsAt(salon: { createdAt: string }): Date {
  return new Date(Date.parse(salon.createdAt) + FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000);
}

type BillingSalon = { createdAt: string; subscription?: SubscriptionRecord | null };

export function billingPeriodAt(salon: BillingSalon, at: Date): DatedBillingPeriod {
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
  const trialEnd = trialEndsAt(salon);
  if (at < trialEnd) {
    return { kind: 'trial', id: 'trial', minutesIncluded: TRIAL_MINUTES, startsAt: salon.createdAt, endsAt: trialEnd.toISOString() };
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
  if (periodId === 'trial') return billingPeriodAt({ createdAt: salon.createdAt }, new Date(salon.createdAt));
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
