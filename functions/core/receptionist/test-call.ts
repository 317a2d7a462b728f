import type { ReceptionistTurn } from '../../contracts/receptionist.js';
import type { Dependencies } from '../../composition-root.js';
import { logger } from '../../logger.js';
import { completeCall } from '../calls/complete-call.js';
import { endConversation, startConversation, takeTurn, type ReceptionistDeps } from './receptionist.js';

/**
 * The owner's sandbox test call as a call: it is recorded like any other (a test call, in the
 * call log and against the free test minutes), starting when the receptionist greets and
 * ending when either side hangs up.
 */
type TestCallDeps = ReceptionistDeps & Pick<Dependencies, 'calls' | 'events'>;

/** The sandbox call id of a test conversation: Twilio's shape with the sandbox's prefix. */
export const testCallSid = (conversationId: string) => `SB${conversationId.replace(/^sbx_/, '').replaceAll('-', '')}`;

export async function startTestCall(deps: TestCallDeps, salonId: string): Promise<ReceptionistTurn> {
  const started = await startConversation(deps, { salonId, test: true });
  const callSid = testCallSid(started.conversationId);
  await deps.calls.recordStart({ salonId, callSid, callerPhone: null, startedAt: deps.now().toISOString(), route: 'test', test: true });
  await deps.calls.noteLegs(salonId, callSid, { agentConnected: true });
  return { conversationId: started.conversationId, say: started.say, ended: false };
}

export async function testCallTurn(deps: TestCallDeps, salonId: string, conversationId: string, text: string): Promise<ReceptionistTurn> {
  const answer = await takeTurn(deps, { salonId, conversationId, text });
  if (answer.ended) await endTestCall(deps, salonId, conversationId);
  return { conversationId, ...answer };
}

/** The call's end (functions/core/calls/complete-call.ts). */
export async function endTestCall(deps: TestCallDeps, salonId: string, conversationId: string): Promise<void> {
  await endConversation(deps, { salonId, conversationId });
  const callSid = testCallSid(conversationId);
  const call = await deps.calls.get(salonId, callSid);
  if (!call) return;
  const endedAt = deps.now();
  const durationSeconds = Math.max(1, Math.round((endedAt.getTime() - Date.parse(call.startedAt)) / 1000));
  try {
    await completeCall(deps, { salonId, callSid, startedAt: call.startedAt, endedAt: endedAt.toISOString(), durationSeconds, finalStatus: 'completed', test: true });
  } catch (error) {
    // The owner's hang-up still succeeds; the call is recorded, and ending it again announces it.
    logger.error('test call end not published', { salonId, name: (error as Error)?.name });
  }
}
