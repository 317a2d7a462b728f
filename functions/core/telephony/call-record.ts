import type { Ports } from '../ports.js';
import type { CallRoute } from '../../store/call-types.js';
import { completeCall } from '../calls/complete-call.js';
import { CLIENT_PREFIX, salonIdForIdentity } from './client-identity.js';
import type { InboundAnswer, InboundCall } from './inbound-call.js';

/**
 * What the telephony webhooks write to a call's record (functions/store/call-store.ts): the
 * routing when the call rings, which legs picked up, and the end from Twilio's status callback.
 * Every write is first-wins or an only-ever-true flag, so a repeated or reordered webhook
 * leaves the same record (reliability 39).
 */
type RecordDeps = Pick<Ports, 'calls' | 'now'>;

/** A caller's number as we keep it: E.164, never `anonymous` or a client identity. */
const callerNumber = (from: string) => (/^\+[1-9]\d{6,14}$/.test(from) ? from : null);

function routeOf(answer: Extract<InboundAnswer, { salonId: string }>): { route: CallRoute; test: boolean } {
  if (answer.outcome === 'agent') return { route: answer.test ? 'test' : 'agent', test: answer.test };
  if (answer.outcome === 'ring-salon-first') return { route: 'salon-first', test: false };
  return { route: 'forwarded', test: false };
}

/** Records how the voice webhook routed a call (first ring), or which leg picked up (a `<Dial>`'s outcome). */
export async function recordRouting(deps: RecordDeps, call: InboundCall, answer: InboundAnswer): Promise<void> {
  if (!('salonId' in answer)) return;
  const legs = { ...(answer.outcome === 'agent' ? { agentConnected: true as const } : {}), ...(answer.outcome === 'salon-answered' ? { salonAnswered: true as const } : {}) };
  if (!call.afterSalon && !call.afterForward) {
    await deps.calls.recordStart({ salonId: answer.salonId, callSid: call.callSid, callerPhone: callerNumber(call.from), startedAt: deps.now().toISOString(), ...routeOf(answer) });
  }
  await deps.calls.noteLegs(answer.salonId, call.callSid, legs);
}

/** Twilio's final call statuses; the others (ringing, in-progress…) say nothing about the end. */
const FINAL_STATUSES = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

export interface CallStatusReport {
  callSid: string;
  from: string;
  to: string;
  callStatus: string;
  /** Seconds, as Twilio sends it (absent when nobody answered). */
  callDuration?: string | undefined;
  /** When Twilio sent the callback (RFC 2822). */
  timestamp?: string | undefined;
}

export type CallStatusOutcome = 'recorded' | 'ignored' | 'deleted';

/**
 * Twilio's status callback: the call's end joins its record and, once, `call.completed` goes
 * out. A callback for a number no salon has, a status that is not an end, or a call the owner
 * deleted (a re-sent callback: Twilio's signature has no time in it) changes nothing.
 */
export async function recordCallStatus(
  deps: RecordDeps & Pick<Ports, 'salons' | 'events'>,
  report: CallStatusReport,
): Promise<CallStatusOutcome> {
  if (!FINAL_STATUSES.has(report.callStatus)) return 'ignored';
  const test = report.from.startsWith(CLIENT_PREFIX);
  const salonId = test ? salonIdForIdentity(report.from.slice(CLIENT_PREFIX.length)) : await deps.salons.salonForNumber(report.to);
  if (!salonId || !(await deps.salons.get(salonId))) return 'ignored';
  const durationSeconds = /^\d{1,6}$/.test(report.callDuration ?? '') ? Number(report.callDuration) : 0;
  const sent = report.timestamp ? Date.parse(report.timestamp) : Number.NaN;
  const endedAt = Number.isNaN(sent) ? deps.now() : new Date(sent);
  const recorded = await completeCall(deps, {
    salonId,
    callSid: report.callSid,
    startedAt: new Date(endedAt.getTime() - durationSeconds * 1000).toISOString(),
    endedAt: endedAt.toISOString(),
    durationSeconds,
    finalStatus: report.callStatus,
    callerPhone: test ? null : callerNumber(report.from),
    test,
  });
  return recorded ? 'recorded' : 'deleted';
}
