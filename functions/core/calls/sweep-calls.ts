import type { Ports } from '../ports.js';
import { logger } from '../../logger.js';
import type { CallSweepMarker } from '../ports/call-sweep-markers.js';
import type { CallEnd, CallRecord } from '../ports/call-types.js';
import { CALL_LIMITS } from '../voice-agent/agent-config.js';
import { completeCall } from './complete-call.js';

/**
 * The call sweep (RELIABILITY 68): finishes every call the store marked unfinished.
 *
 * - Ended with its `call.completed` (one transaction, the event outbox) and its minutes not
 *   counted yet: the stream carries the event to the usage consumer, whose acknowledgement ends
 *   it; the sweep only looks again later. An end recorded before the outbox, without its event,
 *   gets it now.
 * - Open past the longest call: its end never reached us (a lost status callback, a browser
 *   closed mid test call). It is closed from the provider's own record, Twilio's call resource
 *   or else the agent's conversation, with the status and duration the callback would have
 *   carried; a call neither provider knows (the sandbox dials nothing) is closed as abandoned,
 *   with no minutes. One the provider says is still going (put through to the salon) waits.
 * - Finished, deleted or gone: its marker is dropped.
 *
 * Every end goes through completeCall: the first end recorded and its event written together. So
 * whatever order the sweep and a late callback come in, the record keeps the first end and the
 * call has one `call.completed`, which consumers count once however often it is delivered.
 */
type SweepDeps = Pick<Ports, 'calls' | 'telephony' | 'voiceAgents' | 'now'>;

/** How long a call's record may stay open: the longest call the agent takes, and a margin for ringing the salon first and a late callback. */
export const OPEN_CALL_LIMIT_MS = (CALL_LIMITS.maxDurationSeconds + 5 * 60) * 1000;
/** When a call that is still going (by its provider) is asked about again. */
const ASK_AGAIN_MS = 5 * 60_000;

export interface CallSweepResult {
  published: number;
  closed: number;
  waiting: number;
  dropped: number;
  failed: number;
}

type Step = Exclude<keyof CallSweepResult, 'failed'>;

/** `graceMs`: markers newer than this are left to the request that may still be writing them. */
export async function sweepCalls(deps: SweepDeps, options: { graceMs: number; limit: number }): Promise<CallSweepResult> {
  const result: CallSweepResult = { published: 0, closed: 0, waiting: 0, dropped: 0, failed: 0 };
  const now = deps.now();
  for (const marker of await deps.calls.sweep.due(new Date(now.getTime() - options.graceMs), options.limit)) {
    try {
      result[await finish(deps, marker, now)] += 1;
    } catch (error) {
      result.failed += 1;
      logger.warn('call sweep: a call could not be finished; the next run tries again', {
        salonId: marker.salonId,
        callSid: marker.callSid,
        name: (error as Error)?.name,
      });
    }
  }
  return result;
}

async function finish(deps: SweepDeps, marker: CallSweepMarker, now: Date): Promise<Step> {
  const { salonId, callSid } = marker;
  const call = await deps.calls.get(salonId, callSid);
  if (!call || (call.completedPublished && !call.usagePending)) {
    await deps.calls.sweep.drop(salonId, callSid);
    return 'dropped';
  }
  if (call.completedPublished) {
    await deps.calls.sweep.lookAgainAt(salonId, callSid, new Date(now.getTime() + ASK_AGAIN_MS).toISOString());
    return 'waiting';
  }
  if (call.endedAt) {
    await completeCall(deps, {
      salonId,
      callSid,
      startedAt: call.startedAt,
      endedAt: call.endedAt,
      durationSeconds: call.durationSeconds ?? 0,
      finalStatus: call.finalStatus ?? 'completed',
    });
    return 'published';
  }
  const limit = Date.parse(call.startedAt) + OPEN_CALL_LIMIT_MS;
  // An open call is never closed on the sweep's first look at it: its ring may be being written now.
  if (!marker.looked || now.getTime() < limit) {
    await deps.calls.sweep.lookAgainAt(salonId, callSid, new Date(Math.max(limit, now.getTime() + ASK_AGAIN_MS)).toISOString());
    return 'waiting';
  }
  const end = await endOnRecord(deps, call, now);
  if (!end) {
    await deps.calls.sweep.lookAgainAt(salonId, callSid, new Date(now.getTime() + ASK_AGAIN_MS).toISOString());
    return 'waiting';
  }
  await completeCall(deps, { salonId, callSid, startedAt: call.startedAt, ...end });
  return 'closed';
}

/** The call's end as its providers recorded it; null while it is still going. */
async function endOnRecord(deps: SweepDeps, call: CallRecord, now: Date): Promise<Pick<CallEnd, 'endedAt' | 'durationSeconds' | 'finalStatus'> | null> {
  const telephony = await deps.telephony.callState(call.callSid);
  const known = telephony.state === 'unknown' && call.conversationId ? await deps.voiceAgents.conversationState(call.conversationId) : telephony;
  if (known.state === 'live') return null;
  if (known.state === 'ended') return { endedAt: known.endedAt ?? now.toISOString(), durationSeconds: known.durationSeconds, finalStatus: known.finalStatus };
  return { endedAt: now.toISOString(), durationSeconds: 0, finalStatus: 'canceled' };
}
