import { randomBytes, randomUUID } from 'node:crypto';
import { deps } from '../../functions/composition-root.js';
import { callOutcome } from '../../functions/core/calls/call-outcome.js';
import { completeCall } from '../../functions/core/calls/complete-call.js';

/**
 * A finished call fed the way production feeds it: the call record written as the telephony and
 * voice-agent webhooks write it, then its end, with `call.completed` in the same transaction (the
 * event outbox): the local stream relay takes it to the bus, whose consumers keep the activity, the
 * day figures and the minutes. Needs the product's environment (`productEnv`).
 */
export async function finishedCall(
  salonId: string,
  options: { minutesAgo: number; seconds: number; agent?: boolean; status?: string; test?: boolean; summary?: string; callerPhone?: string },
) {
  const d = deps();
  const callSid = `CA${randomBytes(16).toString('hex')}`;
  const startedAt = new Date(Date.now() - options.minutesAgo * 60_000).toISOString();
  await d.calls.recordStart({
    salonId,
    callSid,
    callerPhone: options.callerPhone ?? '+353871234567',
    startedAt,
    route: options.test ? 'test' : 'agent',
    test: options.test ?? false,
  });
  if (options.agent !== false) await d.calls.noteLegs(salonId, callSid, { agentConnected: true });
  if (options.summary) {
    await d.calls.recordConversation({
      salonId,
      callSid,
      startedAt,
      conversationId: `conv_${randomUUID()}`,
      summary: options.summary,
      evaluation: 'success',
      transcript: [
        { role: 'agent', text: 'Hello, you are through to the AI assistant at Headroom.', at: 0 },
        { role: 'caller', text: 'Can I book a cut?', at: 3 },
      ],
      transcriptExpiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
  }
  const ended = (await completeCall(d, {
    salonId,
    callSid,
    startedAt,
    endedAt: new Date(Date.parse(startedAt) + options.seconds * 1000).toISOString(),
    durationSeconds: options.seconds,
    finalStatus: options.status ?? 'completed',
  }))!;
  const completed = { salonId, callSid, startedAt, durationSeconds: options.seconds, outcome: callOutcome(ended)!, test: ended.test };
  return completed;
}

/** A message a caller left (take-message), stored and announced as the tool does. */
export async function leftMessage(salonId: string, options: { minutesAgo: number; callerName: string; message: string }) {
  const d = deps();
  const message = {
    id: randomUUID(),
    callerName: options.callerName,
    callerPhone: '+353871234567',
    message: options.message,
    createdAt: new Date(Date.now() - options.minutesAgo * 60_000).toISOString(),
  };
  await d.bookings.messages.put(salonId, message);
  await d.events.publish('message.left', { salonId, messageId: message.id, callerName: message.callerName, createdAt: message.createdAt });
  return message;
}
