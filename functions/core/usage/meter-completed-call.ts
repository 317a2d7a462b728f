import type { EventDetail } from '../../contracts/events.js';
import type { CallStore } from '../ports/call-store.js';
import type { SalonStore } from '../ports/salon-store.js';
import { callOutcome } from '../calls/call-outcome.js';
import { billingPeriodAt } from './billing-period.js';
import { meterCall, receptionistSeconds, type MeteringDeps, type UsageSummary } from './meter-usage.js';

export type CompletedCallMetering = { counted: boolean; usage: UsageSummary } | { counted: false; skipped: 'salon-gone' | 'no-ended-call' };

/**
 * A `call.completed` delivery metered from our own record of the call, never from the event's
 * figures: the bus only says which call ended, so a forged or mistaken event (6,000,000 seconds,
 * a call that never rang, a test call said to be real) counts nothing the call record does not
 * hold (issue 17 #16). The record is written before the event goes out, so an honest event
 * always finds it. Once counted (or found counted), the call's record is told so: that
 * acknowledgement, not the publish, is what ends the sweep's care for the call.
 */
export async function meterCompletedCall(
  deps: MeteringDeps & { calls: Pick<CallStore, 'get' | 'markUsageMetered'>; salons: Pick<SalonStore, 'get'> },
  event: Pick<EventDetail<'call.completed'>, 'salonId' | 'callSid'>,
): Promise<CompletedCallMetering> {
  const salon = await deps.salons.get(event.salonId);
  if (!salon) return { counted: false, skipped: 'salon-gone' };
  const call = await deps.calls.get(event.salonId, event.callSid);
  const outcome = call && callOutcome(call);
  if (!call || !outcome || call.durationSeconds === null) return { counted: false, skipped: 'no-ended-call' };
  const metered = {
    salonId: call.salonId,
    callSid: call.callSid,
    startedAt: call.startedAt,
    test: call.test,
    durationSeconds: receptionistSeconds({ outcome, durationSeconds: call.durationSeconds }),
  };
  const counted = await meterCall(deps, metered, billingPeriodAt(salon, new Date(call.startedAt)));
  if (call.usagePending) await deps.calls.markUsageMetered(call.salonId, call.callSid);
  return counted;
}
