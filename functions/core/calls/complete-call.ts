import type { Dependencies } from '../../composition-root.js';
import type { CallEnd, CallRecord } from '../../store/call-store.js';
import { callOutcome } from './call-outcome.js';

/**
 * A call's end, from whichever source knows it (Twilio's status callback, the end of a sandbox
 * call): recorded once, then `call.completed` goes out until it is marked sent. A crash between
 * the two means the next delivery of the end publishes again; consumers count each call once.
 */
export async function completeCall(deps: Pick<Dependencies, 'calls' | 'events'>, end: CallEnd): Promise<CallRecord> {
  const ended = await deps.calls.recordEnd(end);
  if (ended.completedPublished) return ended;
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
