import { DateTime } from 'luxon';
import { SALON_TIME_ZONE } from '../../contracts/appointments.js';
import type { Ports } from '../ports.js';
import { logger } from '../../logger.js';

/** A finished call's conversation, as the voice-agent provider's post-call webhook reports it. */
export interface PostCallConversation {
  agentId: string;
  conversationId: string;
  salonId: string | null;
  callSid: string | null;
  startedAt: string | null;
  summary: string | null;
  evaluation: 'success' | 'failure' | 'unknown';
  transcript: { role: 'agent' | 'caller'; text: string; at: number }[];
}

/** How long a call's transcript is kept before DynamoDB's TTL removes it (the privacy notice states it). */
export const TRANSCRIPT_RETENTION_DAYS = 90;

/** Twilio's call ids: what the call records are keyed by. */
const CALL_SID = /^CA[0-9a-f]{32}$/i;

export type PostCallOutcome = 'recorded' | 'ignored' | 'refused';

/**
 * The agent's account of a call (summary, evaluation, transcript) joins the call's record, in
 * whatever order it arrives with the telephony callbacks; the rating counts once on the call's
 * day. A conversation that names no salon of ours, or no phone call, is acknowledged and
 * dropped: retrying it could never make it ours.
 *
 * The salon is the one whose agent had the conversation: the `salon_id` variable only says
 * which salon's stored agent to compare `agent_id` with (RELIABILITY 3). Variables are what a
 * conversation was started with, and one started elsewhere (the provider's console, another
 * salon's agent) may carry any; a mismatch is refused and nothing is written.
 */
export async function recordPostCall(
  deps: Pick<Ports, 'salons' | 'agents' | 'calls' | 'callStats' | 'now'>,
  conversation: PostCallConversation,
): Promise<PostCallOutcome> {
  const ids = { conversationId: conversation.conversationId };
  if (!conversation.salonId || !conversation.callSid || !CALL_SID.test(conversation.callSid)) {
    logger.warn('post-call data without a salon or a phone call; dropped', ids);
    return 'ignored';
  }
  const [salon, agent] = await Promise.all([deps.salons.get(conversation.salonId), deps.agents.get(conversation.salonId)]);
  if (!salon) {
    logger.info('post-call data for a salon that is gone; dropped', ids);
    return 'ignored';
  }
  if (agent?.agentId !== conversation.agentId) {
    logger.warn("post-call data from an agent that is not the salon's; refused", { ...ids, salonId: salon.id });
    return 'refused';
  }
  const startedAt = conversation.startedAt ?? deps.now().toISOString();
  const record = await deps.calls.recordConversation({
    salonId: salon.id,
    callSid: conversation.callSid,
    startedAt,
    conversationId: conversation.conversationId,
    summary: conversation.summary,
    evaluation: conversation.evaluation,
    transcript: conversation.transcript,
    transcriptExpiresAt: Math.floor(Date.parse(startedAt) / 1000) + TRANSCRIPT_RETENTION_DAYS * 24 * 60 * 60,
  });
  if (!record) {
    logger.info('post-call data for a deleted call; dropped', ids);
    return 'ignored';
  }
  if (conversation.evaluation !== 'unknown' && !record.test) {
    const day = DateTime.fromISO(record.startedAt, { zone: SALON_TIME_ZONE }).toISODate()!;
    await deps.callStats.countRating(salon.id, day, conversation.callSid, conversation.evaluation === 'success');
  }
  return 'recorded';
}
