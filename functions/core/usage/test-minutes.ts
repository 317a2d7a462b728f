import { FREE_TEST_MINUTES } from '../plans.js';
import type { SubscriptionRecord } from '../../contracts/billing.js';
import { billingPeriodAt } from './billing-period.js';
import { meterCall, type MeteringDeps } from './meter-usage.js';

/**
 * The free test minutes: FREE_TEST_MINUTES in each billing period, counted like every call's
 * minutes (meter-usage.ts, whole minutes rounded up, once per call) but apart from the plan's.
 * A test call may run only for what is left of them.
 */
type TestingSalon = { id: string; createdAt: string; subscription?: SubscriptionRecord | null };

/** The seconds of free test minutes the salon has left in the billing period of `at`. */
export async function testSecondsLeft(deps: Pick<MeteringDeps, 'usage'>, salon: TestingSalon, at: Date): Promise<number> {
  const period = billingPeriodAt(salon, at);
  const totals = await deps.usage.totals(salon.id, period.id);
  return Math.max(0, FREE_TEST_MINUTES - totals.testMinutes) * 60;
}

/**
 * Counts an ended test call's minutes at once, so the next test call sees them: the usage
 * consumer's count of the same `call.completed` later counts nothing (the store counts a call once).
 */
export async function meterTestCall(
  deps: MeteringDeps,
  salon: TestingSalon,
  call: { callSid: string; startedAt: string; durationSeconds: number },
): Promise<void> {
  await meterCall(deps, { salonId: salon.id, ...call, test: true }, billingPeriodAt(salon, new Date(call.startedAt)));
}
