import type { EventDetail } from '../../contracts/events.js';
import type { Ports } from '../ports.js';
import type { CallEnd, CallRecord } from '../ports/call-types.js';
import { callOutcome } from './call-outcome.js';

/** `call.completed` as the record tells it: the first end recorded, and what the call did. */
export function completedDetail(ended: CallRecord, end: Pick<CallEnd, 'durationSeconds'>): EventDetail<'call.completed'> {
  return {
    salonId: ended.salonId,
    callSid: ended.callSid,
    startedAt: ended.startedAt,
    durationSeconds: ended.durationSeconds ?? end.durationSeconds,
    outcome: callOutcome(ended)!,
    test: ended.test,
  };
}

/**
 * A call's end, from whichever source knows it (Twilio's status callback, the end of a sandbox
 * call, the sweep): the first end is recorded and `call.completed` written with it in one
 * transaction (the event outbox), so no crash can leave an end without its event; the table's
 * stream takes the event to the bus, and a kill -9 of npm start before it was delivered leaves it
 * to the relay's next run. A later end changes only what the record lacked. Null for a deleted
 * call: its minutes were counted before it could be deleted, and nothing of it comes back.
 */
export async function completeCall(deps: Pick<Ports, 'calls'>, end: CallEnd): Promise<CallRecord | null> {
  return deps.calls.recordEnd(end, (ended) => completedDetail(ended, end));
}
