import { testCallLimits, type ReceptionistTurn } from '../../functions/contracts/receptionist.js';
import type { Ports } from '../../functions/core/ports.js';
import { logger } from '../../functions/logger.js';
import type { Salon } from '../../functions/core/salon-profile.js';
import type { OpenTestCall } from '../../functions/core/ports/test-call-store.js';
import type { CallRecord } from '../../functions/core/ports/call-types.js';
import { completeCall } from '../../functions/core/calls/complete-call.js';
import { TRANSCRIPT_RETENTION_DAYS } from '../../functions/core/calls/record-post-call.js';
import { DomainError, NotFoundError } from '../../functions/core/errors.js';
import { meterTestCall, testSecondsLeft } from '../../functions/core/usage/test-minutes.js';
import { endConversation, startConversation, takeTurn, type ReceptionistDeps } from './receptionist.js';
import { testCallSid } from './tool-call.js';
import { loadDialogue } from './dialogue.js';

/**
 * The owner's sandbox test call as a call: it is recorded like any other (a test call, in the
 * call log and against the free test minutes), starting when the receptionist greets and
 * ending when either side hangs up.
 *
 * One at a time per salon, and only within the free test minutes left (usage/test-minutes.ts):
 * a start is refused when one is open or none are left; a call lasts at most what was left when
 * it started, and a turn after that ends it. A call left open (the browser closed) blocks the
 * next one only until then, and counts as ended at the owner's last turn.
 */
type TestCallDeps = ReceptionistDeps & Pick<Ports, 'calls' | 'events' | 'usage' | 'testCalls'>;

const alreadyOpen = () => new DomainError('conflict', 'test_call_open', testCallLimits.alreadyOpen);

export async function startTestCall(deps: TestCallDeps, salonId: string): Promise<ReceptionistTurn> {
  const now = deps.now();
  const [salon, open] = await Promise.all([deps.salons.get(salonId), deps.testCalls.get(salonId)]);
  if (!salon) throw new NotFoundError('No such salon.');
  if (open) {
    if (Date.parse(open.endsBy) > now.getTime()) throw alreadyOpen();
    await finish(deps, salon, open, new Date(open.lastHeardAt));
  }
  const left = await testSecondsLeft(deps, salon, now);
  if (left <= 0) throw new DomainError('conflict', 'test_minutes_used', testCallLimits.minutesUsed);
  const started = await startConversation(deps, { salonId, test: true });
  const callSid = testCallSid(started.conversationId);
  const at = now.toISOString();
  const call = { conversationId: started.conversationId, callSid, startedAt: at, endsBy: new Date(now.getTime() + left * 1000).toISOString(), lastHeardAt: at };
  if (!(await deps.testCalls.open(salonId, call))) {
    // Another start got there first: this one never began.
    await endConversation(deps, { salonId, conversationId: started.conversationId });
    throw alreadyOpen();
  }
  await deps.calls.recordStart({ salonId, callSid, callerPhone: null, startedAt: at, route: 'test', test: true });
  await deps.calls.noteLegs(salonId, callSid, { agentConnected: true });
  return { conversationId: started.conversationId, say: started.say, ended: false };
}

export async function testCallTurn(deps: TestCallDeps, salonId: string, conversationId: string, text: string): Promise<ReceptionistTurn> {
  const now = deps.now();
  const open = await deps.testCalls.get(salonId);
  const own = open?.conversationId === conversationId ? open : null;
  if (own && now.getTime() >= Date.parse(own.endsBy)) {
    await endTestCall(deps, salonId, conversationId);
    return { conversationId, say: testCallLimits.timeUp, ended: true };
  }
  const answer = await takeTurn(deps, { salonId, conversationId, text });
  if (answer.ended) await endTestCall(deps, salonId, conversationId);
  else if (own) await deps.testCalls.heard(salonId, own.callSid, now.toISOString());
  return { conversationId, ...answer };
}

/** The call's end (functions/core/calls/complete-call.ts), never past its free minutes. */
export async function endTestCall(deps: TestCallDeps, salonId: string, conversationId: string): Promise<void> {
  const [salon, open] = await Promise.all([deps.salons.get(salonId), deps.testCalls.get(salonId)]);
  const now = deps.now();
  const own = open?.conversationId === conversationId ? open : null;
  const endedAt = own && Date.parse(own.endsBy) < now.getTime() ? new Date(own.endsBy) : now;
  if (!salon) return endConversation(deps, { salonId, conversationId });
  await finish(deps, salon, own ?? { conversationId, callSid: testCallSid(conversationId) }, endedAt);
}

/** The test call's transcript kept on its record like a hosted agent's, for the call log. */
async function keepTranscript(deps: TestCallDeps, record: CallRecord, conversationId: string): Promise<void> {
  const state = await loadDialogue(deps.conversations, record.salonId, conversationId);
  if (!state?.lines.length) return;
  await deps.calls.recordConversation({
    salonId: record.salonId,
    callSid: record.callSid,
    startedAt: record.startedAt,
    conversationId,
    summary: null,
    evaluation: 'unknown',
    transcript: state.lines,
    transcriptExpiresAt: Math.floor(Date.parse(record.startedAt) / 1000) + TRANSCRIPT_RETENTION_DAYS * 24 * 60 * 60,
  });
}

/** Ends the conversation and its call at `endedAt`, counts its minutes at once, and frees the salon's test call. */
async function finish(deps: TestCallDeps, salon: Salon, call: Pick<OpenTestCall, 'conversationId' | 'callSid'>, endedAt: Date): Promise<void> {
  const salonId = salon.id;
  await endConversation(deps, { salonId, conversationId: call.conversationId });
  const record = await deps.calls.get(salonId, call.callSid);
  if (record) {
    const durationSeconds = Math.max(1, Math.round((endedAt.getTime() - Date.parse(record.startedAt)) / 1000));
    try {
      const ended = await completeCall(deps, {
        salonId,
        callSid: call.callSid,
        startedAt: record.startedAt,
        endedAt: endedAt.toISOString(),
        durationSeconds,
        finalStatus: 'completed',
        test: true,
      });
      await meterTestCall(deps, salon, { callSid: call.callSid, startedAt: record.startedAt, durationSeconds: ended?.durationSeconds ?? durationSeconds });
    } catch (error) {
      // The owner's hang-up still succeeds; the call is recorded, and ending it again announces it.
      logger.error('test call end not published', { salonId, name: (error as Error)?.name });
    }
    // The call log's transcript is not the call: its end stands without it.
    await keepTranscript(deps, record, call.conversationId).catch((error: unknown) =>
      logger.error('test call transcript not kept', { salonId, name: (error as Error)?.name }),
    );
  }
  await deps.testCalls.close(salonId, call.callSid);
}
