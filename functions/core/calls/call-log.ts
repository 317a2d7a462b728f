import * as z from 'zod';
import { CALL_LOG_PAGE_SIZE, CALL_SID, type CallView, type MessageView, type TranscriptLineView } from '../../contracts/calls.js';
import type { Dependencies } from '../../composition-root.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { CallRecord } from '../../store/call-types.js';
import { displayPhone } from '../confirmations/format.js';
import { callOutcome } from './call-outcome.js';
import { pageCursor } from './page-cursor.js';

/** The owner's call log and the messages callers left: what the signed-in pages read and change. */
type CallLogDeps = Pick<Dependencies, 'calls' | 'bookings' | 'now'>;

export function callView(call: CallRecord): CallView {
  return {
    callSid: call.callSid,
    startedAt: call.startedAt,
    caller: call.callerPhone ? displayPhone(call.callerPhone) : null,
    durationSeconds: call.durationSeconds,
    outcome: callOutcome(call),
    summary: call.summary,
    evaluation: call.evaluation,
    bookings: call.bookingIds.length,
    messages: call.messageIds.length,
    test: call.test,
  };
}

// Key order as the stores answer positions: a cursor is taken back only as it was given out.
const callsCursor = pageCursor(z.strictObject({ startedAt: z.iso.datetime(), callSid: z.string().regex(CALL_SID) }));
const messagesCursor = pageCursor(z.strictObject({ createdAt: z.iso.datetime(), id: z.uuid() }));

export async function listCalls(deps: CallLogDeps, salonId: string, after?: string): Promise<{ calls: CallView[]; next: string | null }> {
  const page = await deps.calls.list(salonId, { limit: CALL_LOG_PAGE_SIZE, ...(after ? { after: callsCursor.decode(after) } : {}) });
  return { calls: page.calls.map(callView), next: page.next && callsCursor.encode(page.next) };
}

export async function callWithTranscript(deps: CallLogDeps, salonId: string, callSid: string): Promise<{ call: CallView; transcript: TranscriptLineView[] | null }> {
  const call = await deps.calls.get(salonId, callSid);
  if (!call) throw new NotFoundError('That call is not in your call log.');
  return { call: callView(call), transcript: await deps.calls.transcript(salonId, callSid) };
}

/**
 * How long a deleted call's tombstone stays: well past any provider's redelivery of its webhooks
 * (Twilio retries a status callback within minutes; an ElevenLabs signature is good for 30), so a
 * late delivery finds it and changes nothing (RELIABILITY 69).
 */
export const DELETED_CALL_KEPT_DAYS = 30;

/** A call still going, or whose minutes are not counted yet, waits: deleting it must not lose them. */
export async function deleteCall(deps: CallLogDeps, salonId: string, callSid: string): Promise<{ deleted: true }> {
  const now = deps.now();
  const removal = await deps.calls.remove(salonId, callSid, { deletedAt: now.toISOString(), keepUntil: Math.floor(now.getTime() / 1000) + DELETED_CALL_KEPT_DAYS * 24 * 60 * 60 });
  if (removal === 'missing') throw new NotFoundError('That call is not in your call log.');
  if (removal === 'unfinished') throw new ConflictError('That call has not finished yet. You can delete it once it has ended.');
  return { deleted: true };
}

export async function listMessages(deps: CallLogDeps, salonId: string, after?: string): Promise<{ messages: MessageView[]; next: string | null }> {
  const page = await deps.bookings.messages.list(salonId, { limit: CALL_LOG_PAGE_SIZE, ...(after ? { after: messagesCursor.decode(after) } : {}) });
  return {
    messages: page.messages.map((message) => ({
      id: message.id,
      createdAt: message.createdAt,
      callerName: message.callerName,
      caller: displayPhone(message.callerPhone),
      message: message.message,
      doneAt: message.doneAt,
    })),
    next: page.next && messagesCursor.encode(page.next),
  };
}

export async function markMessageDone(deps: CallLogDeps, salonId: string, input: { id: string; createdAt: string; done: boolean }): Promise<{ doneAt: string | null }> {
  const doneAt = input.done ? deps.now().toISOString() : null;
  if (!(await deps.bookings.messages.setDone(salonId, input, doneAt))) throw new NotFoundError('That message is not in your messages.');
  return { doneAt };
}
