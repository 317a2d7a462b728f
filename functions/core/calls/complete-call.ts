import type { Ports } from '../ports.js';
import type { CallEnd, CallRecord } from '../../store/call-types.js';
import { callOutcome } from './call-outcome.js';

/**
 * A call's end, from whichever source knows it (Twilio's status callback, the end of a sandbox
 * call, the sweep): recorded once, then `call.completed` goes out until it is marked sent. A
 * crash between the two leaves the call marked for the sweep, which publishes it (as does the
 * next delivery of the end); consumers count each call once. Handed to the bus is not delivered
 * (npm start's in-process bus dies with a kill -9): `again`, the sweep publishes it once more
 * while the usage consumer has not acknowledged the minutes. Null for a deleted call: its minutes
 * were counted before it could be deleted, and nothing of it comes back.
 */
export async function completeCall(deps: Pick<Ports, 'calls' | 'events'>, end: CallEnd, options: { again?: boolean } = {}): Promise<CallRecord | null> {
  const ended = await deps.calls.recordEnd(end);
  if (!ended || (ended.completedPublished && !(options.again && ended.usagePending))) return ended;
  await deps.events.publish('call.completed', {
    salonId: ended.salonId,
    callSid: ended.callSid,
    startedAt: ended.startedAt,
    durationSeconds: ended.durationSeconds ?? end.durationSeconds,
    outcome: callOutcome(ended)!,
    test: ended.test,
  });
  await deps.calls.markCompletedPublished(ended.salonId, ended.callSid);
  return ended;
}
