import { DateTime } from 'luxon';
import { FREE_TRIAL_DAYS, findPlan } from '../plans.js';
import type { BillingPeriod } from './meter-usage.js';

/**
 * Which billing period a moment falls in, and the minutes it includes. Until subscriptions
 * exist, a salon has its free trial (FREE_TRIAL_DAYS from sign-up, with the Starter plan's
 * minutes) and, after it, calendar months in Irish time with no minutes included: a salon
 * whose trial ended is not live, so only its test calls are metered then.
 */
export const TRIAL_MINUTES = findPlan('starter').minutesIncluded;

export interface DatedBillingPeriod extends BillingPeriod {
  kind: 'trial' | 'month';
  startsAt: string;
  endsAt: string;
}

export function trialEndsAt(salon: { createdAt: string }): Date {
  return new Date(Date.parse(salon.createdAt) + FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000);
}

export function billingPeriodAt(salon: { createdAt: string }, at: Date): DatedBillingPeriod {
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

/** The period a period id names, for a salon: `trial`, or a month `yyyy-MM`; null for neither. */
export function billingPeriodById(salon: { createdAt: string }, periodId: string): DatedBillingPeriod | null {
  if (periodId === 'trial') return billingPeriodAt(salon, new Date(salon.createdAt));
  const month = DateTime.fromFormat(periodId, 'yyyy-MM', { zone: 'Europe/Dublin' });
  if (!month.isValid) return null;
  // The month's last moment: the trial may have covered its start.
  const period = billingPeriodAt(salon, month.endOf('month').toJSDate());
  return period.id === periodId ? period : null;
}
