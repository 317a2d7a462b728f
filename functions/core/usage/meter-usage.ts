import { DateTime } from 'luxon';
import type { CallOutcome } from '../../contracts/calls.js';
import { EXTRA_MINUTE_PRICE_CENTS, FREE_CALL_SECONDS, FREE_TEST_MINUTES } from '../plans.js';
import type { UsageTotals } from '../ports/usage-store.js';
import type { Ports } from '../ports.js';
import { logger } from '../../logger.js';
import { isSubscriptionPeriodId } from '../billing/subscription.js';

/**
 * Usage metering: each completed call's minutes are added once to its salon's billing period,
 * and crossing 80% and 100% of the plan's minutes publishes one warning per threshold per period
 * (reliability 18, 42). The store makes counting exactly-once; this module decides what a call
 * is worth and when a threshold is crossed.
 */
export const USAGE_THRESHOLDS = [80, 100] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];

export interface BillingPeriod {
  /** Unique per salon and period, without `#`: the plan's period start, e.g. `2026-11-01`. */
  id: string;
  minutesIncluded: number;
}

export interface MeteredCall {
  salonId: string;
  callSid: string;
  startedAt: string;
  /** Seconds the telephony provider billed for the call. */
  durationSeconds: number;
  test: boolean;
}

export interface UsageSummary {
  periodId: string;
  minutesUsed: number;
  minutesIncluded: number;
  overageMinutes: number;
  overageCents: number;
  testMinutesUsed: number;
  testMinutesIncluded: number;
  calls: number;
}

export type MeteringDeps = Pick<Ports, 'usage' | 'now'>;

/** The outcomes in which the receptionist spoke: only those use minutes (a forwarded or missed call never reached it). */
const RECEPTIONIST_OUTCOMES: ReadonlySet<CallOutcome> = new Set(['answered', 'transferred', 'test-call']);

/** The seconds of a completed call that count against the plan (or the free test minutes). */
export function receptionistSeconds(call: { outcome: CallOutcome; durationSeconds: number }): number {
  return RECEPTIONIST_OUTCOMES.has(call.outcome) ? call.durationSeconds : 0;
}

/**
 * A call is counted in whole minutes, rounded up (61 seconds is two minutes), as MINUTES_RULE
 * says on the pricing page and beside the meter; a call the caller ends within its first
 * FREE_CALL_SECONDS (a wrong number, a hang-up at the greeting) counts nothing (issue 46 #2).
 */
export function billableMinutes(durationSeconds: number): number {
  return durationSeconds >= FREE_CALL_SECONDS ? Math.ceil(durationSeconds / 60) : 0;
}

/** Only a plan's period has extra minutes: the free trial's minutes past its allowance are free, like the rest of it. */
export function summarise(periodId: string, minutesIncluded: number, totals: UsageTotals): UsageSummary {
  const overageMinutes = isSubscriptionPeriodId(periodId) ? Math.max(0, totals.minutes - minutesIncluded) : 0;
  return {
    periodId,
    minutesUsed: totals.minutes,
    minutesIncluded,
    overageMinutes,
    overageCents: overageMinutes * EXTRA_MINUTE_PRICE_CENTS,
    testMinutesUsed: totals.testMinutes,
    testMinutesIncluded: FREE_TEST_MINUTES,
    calls: totals.calls,
  };
}

/** The thresholds `minutesUsed` has reached; none for a plan without minutes. */
export function thresholdsReached(minutesUsed: number, minutesIncluded: number): UsageThreshold[] {
  if (minutesIncluded <= 0) return [];
  return USAGE_THRESHOLDS.filter((threshold) => minutesUsed * 100 >= threshold * minutesIncluded);
}

/**
 * Counts one completed call (a duplicate delivery counts nothing) and publishes the warnings its
 * period has reached and not yet sent. The totals are read after this call's own write, so of
 * concurrent calls the last to write always sees every minute: a crossing is never missed.
 * Each warning is recorded sent and written as an event in one transaction (the event outbox): a
 * failure leaves neither, so the event's retry warns.
 */
export async function meterCall(deps: MeteringDeps, call: MeteredCall, period: BillingPeriod): Promise<{ counted: boolean; usage: UsageSummary }> {
  const day = DateTime.fromISO(call.startedAt, { zone: 'Europe/Dublin' }).toISODate();
  if (!day) throw new Error(`Unreadable call start: ${call.startedAt}`);
  const counted = await deps.usage.count(call.salonId, period.id, {
    callSid: call.callSid,
    day,
    minutes: billableMinutes(call.durationSeconds),
    test: call.test,
  });
  const usage = summarise(period.id, period.minutesIncluded, await deps.usage.totals(call.salonId, period.id));
  for (const threshold of thresholdsReached(usage.minutesUsed, usage.minutesIncluded)) {
    await warnOnce(deps, call.salonId, usage, threshold);
  }
  return { counted, usage };
}

async function warnOnce(deps: MeteringDeps, salonId: string, usage: UsageSummary, threshold: UsageThreshold): Promise<void> {
  const warning = { salonId, periodId: usage.periodId, threshold, minutesUsed: usage.minutesUsed, minutesIncluded: usage.minutesIncluded };
  // The period id is a date, which the log redactor would take for a phone number.
  if (await deps.usage.warnOnce(warning, deps.now())) logger.info('usage warning published', { salonId, threshold });
}
