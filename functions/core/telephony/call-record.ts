import type { Ports } from '../ports.js';
import type { CallRoute } from '../ports/call-types.js';
import { completeCall } from '../calls/complete-call.js';
import { CLIENT_PREFIX, salonIdForIdentity } from './client-identity.js';
import type { InboundAnswer, InboundCall } from './inbound-call.js';
import { DIALLING_MARGIN_SECONDS } from './forwarding-loops.js';

/**
 * What the telephony webhooks write to a call's record (functions/store/call-store.ts): the
 * routing when the call rings, which legs picked up, and the end from Twilio's status callback.
 * Every write is first-wins or an only-ever-true flag, so a repeated or reordered webhook
 * leaves the same record (reliability 39).
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): the call's end is written with
 * its call.completed as an outbox item, which the bus takes to events/consumers/meter-call-usage.ts.
 */
type RecordDeps = Pick<Ports, 'calls' | 'now'>;
type RoutingDeps = RecordDeps & Pick<Ports, 'salons' | 'dialling'>;

/** A caller's number as we keep it: E.164, never `anonymous` or a client identity. */
export const callerNumber = (from: string) => (/^\+[1-9]\d{6,14}$/.test(from) ? from : null);

/** Twilio's `<Dial>` rings for 30 s unless told otherwise (https://www.twilio.com/docs/voice/twiml/dial#timeout). */
const DIAL_TIMEOUT_SECONDS = 30;
/** How long a loop's refused leg keeps its tombstone: longer than any status callback is retried. */
const LOOP_LEG_TOMBSTONE_SECONDS = 24 * 60 * 60;

function routeOf(answer: Extract<InboundAnswer, { outcome: 'agent' | 'ring-salon-first' | 'forwarded' | 'message-mode' }>): {
  route: CallRoute;
  test: boolean;
} {
  if (answer.outcome === 'agent') return { route: answer.test ? 'test' : 'agent', test: answer.test };
  if (answer.outcome === 'ring-salon-first') return { route: 'salon-first', test: false };
  if (answer.outcome === 'message-mode') return { route: 'message', test: false };
  return { route: 'forwarded', test: false };
}

/**
 * What the voice webhook's answer says happened, kept: how the call was routed when it rang,
 * which leg picked up, the `<Dial>` we placed (until it reports back: a call that comes back
 * through it is a loop), the loop itself (its leg is not the salon's call, and the number it came
 * back through is never dialled again), and a call that showed the salon's line forwarding to us.
 */
export async function recordRouting(deps: RoutingDeps, call: InboundCall, answer: InboundAnswer): Promise<void> {
  if (!('salonId' in answer)) return;
  const now = deps.now();
  if (answer.outcome === 'loop-refused') {
    await Promise.all([
      deps.calls.ignore(answer.salonId, call.callSid, {
        deletedAt: now.toISOString(),
        keepUntil: Math.floor(now.getTime() / 1000) + LOOP_LEG_TOMBSTONE_SECONDS,
      }),
      deps.salons.noteLoopingNumber(answer.salonId, answer.through),
    ]);
    return;
  }
  const dialled = call.afterSalon || call.afterForward;
  if (dialled) await deps.dialling.end(answer.salonId, call.callSid);
  if (answer.outcome === 'forwarded' || answer.outcome === 'ring-salon-first') {
    const ring = answer.outcome === 'ring-salon-first' ? answer.seconds : DIAL_TIMEOUT_SECONDS;
    const expiresAt = new Date(now.getTime() + (ring + DIALLING_MARGIN_SECONDS) * 1000).toISOString();
    await deps.dialling.start(answer.salonId, { callSid: call.callSid, to: answer.to, caller: callerNumber(call.from), expiresAt });
  }
  if ('forwardingSeen' in answer && answer.forwardingSeen) {
    await deps.salons.noteForwardingSeen(answer.salonId, { at: now.toISOString(), from: callerNumber(call.from), forwardedFrom: Boolean(call.forwardedFrom) });
  }
  const legs = {
    ...(answer.outcome === 'agent' ? { agentConnected: true as const } : {}),
    ...(answer.outcome === 'salon-answered' ? { salonAnswered: true as const } : {}),
  };
  if (
    !dialled &&
    (answer.outcome === 'agent' || answer.outcome === 'ring-salon-first' || answer.outcome === 'forwarded' || answer.outcome === 'message-mode')
  ) {
    await deps.calls.recordStart({
      salonId: answer.salonId,
      callSid: call.callSid,
      callerPhone: callerNumber(call.from),
      startedAt: now.toISOString(),
      ...routeOf(answer),
    });
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
export async function recordCallStatus(deps: RecordDeps & Pick<Ports, 'salons' | 'numbers' | 'events'>, report: CallStatusReport): Promise<CallStatusOutcome> {
  if (!FINAL_STATUSES.has(report.callStatus)) return 'ignored';
  const test = report.from.startsWith(CLIENT_PREFIX);
  const salonId = test ? salonIdForIdentity(report.from.slice(CLIENT_PREFIX.length)) : await deps.numbers.salonFor(report.to);
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
