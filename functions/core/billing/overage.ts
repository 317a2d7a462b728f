import type { CallOutcome } from '../../contracts/calls.js';
import type { Ports } from '../ports.js';
import { deliverOnce } from '../confirmations/deliver-once.js';
import { billingPeriodAt } from '../usage/billing-period.js';
import { billableMinutes, receptionistSeconds } from '../usage/meter-usage.js';
import { isSubscriptionPeriodId } from './subscription.js';

/**
 * Minutes past the plan, reported to Stripe's Billing Meter once per call. The period's overage
 * ledger fixes each call's place (the minutes counted before it), so the minutes a call takes
 * past the plan are the same however often, and in whatever order, calls' events arrive; the
 * report is claimed before it is sent, and Stripe counts one identifier (the call sid) once.
 */

/** The minutes of one call that fall past the plan, given the minutes counted before it. */
export function overageMinutes(before: number, minutes: number, included: number): number {
  return Math.max(0, before + minutes - included) - Math.max(0, before - included);
}

export interface OverageDeps extends Pick<Ports, 'deliveryClaims' | 'now'> {
  salons: Pick<Ports['salons'], 'get'>;
  subscriptions: Pick<Ports['subscriptions'], 'placeCall'>;
  payments: Pick<Ports['payments'], 'reportMeterEvent'>;
  meterEventName: string;
}

export interface CompletedCall {
  salonId: string;
  callSid: string;
  startedAt: string;
  durationSeconds: number;
  outcome: CallOutcome;
  test: boolean;
}

export type OverageOutcome =
  { reported: true; minutes: number } | { reported: false; reason: 'no-minutes' | 'no-salon' | 'not-subscribed' | 'within-plan' | 'already-reported' };

export async function reportCallOverage(deps: OverageDeps, call: CompletedCall): Promise<OverageOutcome> {
  // Test calls use the free test minutes, never the plan's.
  const minutes = call.test ? 0 : billableMinutes(receptionistSeconds(call));
  if (!minutes) return { reported: false, reason: 'no-minutes' };
  const salon = await deps.salons.get(call.salonId);
  if (!salon) return { reported: false, reason: 'no-salon' };
  const subscription = salon.subscription;
  const period = billingPeriodAt(salon, new Date(call.startedAt));
  if (!subscription || !isSubscriptionPeriodId(period.id)) return { reported: false, reason: 'not-subscribed' };
  const { before } = await deps.subscriptions.placeCall(call.salonId, period.id, call.callSid, minutes);
  const value = overageMinutes(before, minutes, period.minutesIncluded);
  if (!value) return { reported: false, reason: 'within-plan' };
  const outcome = await deliverOnce(
    { claims: deps.deliveryClaims, now: deps.now },
    { salonId: call.salonId, eventType: 'call.completed', subjectId: call.callSid, channel: 'stripe-meter' },
    () =>
      deps.payments.reportMeterEvent({
        salonId: call.salonId,
        eventName: deps.meterEventName,
        customerId: subscription.customerId,
        value,
        identifier: call.callSid,
        timestamp: new Date(call.startedAt),
      }),
  );
  return outcome.sent ? { reported: true, minutes: value } : { reported: false, reason: 'already-reported' };
}
