import * as z from 'zod';
import type { Appointment } from '../../contracts/appointments.js';
import { CALL_LOG_PAGE_SIZE, CALL_SID, type CallActionView, type CallView, type MessageView, type TranscriptLineView } from '../../contracts/calls.js';
import type { Ports } from '../ports.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { CallRecord } from '../ports/call-types.js';
import { displayPhone } from '../../contracts/phone.js';
import { meterCompletedCall } from '../usage/meter-completed-call.js';
import type { MeteringDeps } from '../usage/meter-usage.js';
import { callOutcome } from './call-outcome.js';
import { pageCursor } from './page-cursor.js';

/** The owner's call log and the messages callers left: what the signed-in pages read and change. */
type CallLogDeps = Pick<Ports, 'calls' | 'bookings' | 'now'>;

type Booked = ReadonlyMap<string, Appointment>;

function actionsOf(call: CallRecord, booked: Booked): CallActionView[] {
  const booking = (id: string) => {
    const appointment = booked.get(id);
    return appointment ? { service: appointment.service.name, stylist: appointment.stylistName, start: appointment.start, status: appointment.status } : null;
  };
  return [
    ...call.bookingIds.map((id) => ({ action: 'booked' as const, id, booking: booking(id) })),
    ...call.movedIds.map((id) => ({ action: 'moved' as const, id, booking: booking(id) })),
    ...call.cancelledIds.map((id) => ({ action: 'cancelled' as const, id, booking: booking(id) })),
    ...call.messageIds.map((id) => ({ action: 'message' as const, id, booking: null })),
  ];
}

/** The bookings a page of calls made, moved or cancelled, in one batch read. */
async function bookingsOf(deps: CallLogDeps, salonId: string, calls: readonly CallRecord[]): Promise<Booked> {
  const ids = calls.flatMap((call) => [...call.bookingIds, ...call.movedIds, ...call.cancelledIds]);
  if (!ids.length) return new Map();
  const appointments = await deps.bookings.appointments.getMany(salonId, ids);
  return new Map(appointments.map((appointment) => [appointment.id, appointment]));
}

export function callView(call: CallRecord, booked: Booked = new Map()): CallView {
  return {
    callSid: call.callSid,
    startedAt: call.startedAt,
    caller: call.callerPhone ? displayPhone(call.callerPhone) : null,
    durationSeconds: call.durationSeconds,
    outcome: callOutcome(call),
    summary: call.summary,
    evaluation: call.evaluation,
    actions: actionsOf(call, booked),
    test: call.test,
  };
}

// Key order as the stores answer positions: a cursor is taken back only as it was given out.
const callsCursor = pageCursor(z.strictObject({ startedAt: z.iso.datetime(), callSid: z.string().regex(CALL_SID) }));
const messagesCursor = pageCursor(z.strictObject({ createdAt: z.iso.datetime(), id: z.uuid() }));

export async function listCalls(deps: CallLogDeps, salonId: string, after?: string): Promise<{ calls: CallView[]; next: string | null }> {
  const page = await deps.calls.list(salonId, { limit: CALL_LOG_PAGE_SIZE, ...(after ? { after: callsCursor.decode(after) } : {}) });
  const booked = await bookingsOf(deps, salonId, page.calls);
  return { calls: page.calls.map((call) => callView(call, booked)), next: page.next && callsCursor.encode(page.next) };
}

export async function callWithTranscript(
  deps: CallLogDeps,
  salonId: string,
  callSid: string,
): Promise<{ call: CallView; transcript: TranscriptLineView[] | null }> {
  const call = await deps.calls.get(salonId, callSid);
  if (!call) throw new NotFoundError('That call is not in your call log.');
  const [booked, transcript] = await Promise.all([bookingsOf(deps, salonId, [call]), deps.calls.transcript(salonId, callSid)]);
  return { call: callView(call, booked), transcript };
}

/**
 * How long a deleted call's tombstone stays: well past any provider's redelivery of its webhooks
 * (Twilio retries a status callback within minutes; an ElevenLabs signature is good for 30), so a
 * late delivery finds it and changes nothing (RELIABILITY 69).
 */
export const DELETED_CALL_KEPT_DAYS = 30;

/**
 * A call still going waits: deleting it must not lose its minutes. One that ended and whose
 * minutes the usage consumer has not counted yet is counted here first (once, as the consumer
 * would), then deleted.
 */
export async function deleteCall(deps: CallLogDeps & MeteringDeps & Pick<Ports, 'salons'>, salonId: string, callSid: string): Promise<{ deleted: true }> {
  const now = deps.now();
  const tombstone = { deletedAt: now.toISOString(), keepUntil: Math.floor(now.getTime() / 1000) + DELETED_CALL_KEPT_DAYS * 24 * 60 * 60 };
  let removal = await deps.calls.remove(salonId, callSid, tombstone);
  if (removal === 'unmetered') {
    await meterCompletedCall(deps, { salonId, callSid });
    removal = await deps.calls.remove(salonId, callSid, tombstone);
  }
  if (removal === 'missing') throw new NotFoundError('That call is not in your call log.');
  if (removal !== 'removed') throw new ConflictError('That call has not finished yet. You can delete it once it has ended.');
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

export async function markMessageDone(
  deps: CallLogDeps,
  salonId: string,
  input: { id: string; createdAt: string; done: boolean },
): Promise<{ doneAt: string | null }> {
  const doneAt = input.done ? deps.now().toISOString() : null;
  if (!(await deps.bookings.messages.setDone(salonId, input, doneAt))) throw new NotFoundError('That message is not in your messages.');
  return { doneAt };
}
