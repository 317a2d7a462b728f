import { CALL_VARIABLES } from '../core/voice-agent/call-variables.js';
import * as z from 'zod';
import type { PostCallConversation } from '../core/calls/record-post-call.js';

/**
 * ElevenLabs' post-call webhook (`post_call_transcription`), read into what the call log keeps.
 * The payload is the vendor's and grows new fields, so unknown fields are ignored and only what
 * is used is checked. The call is tied to our records by Twilio's call id, and to its salon by
 * the agent that had it (`salon_id`, a dynamic variable the voice webhook registered the call
 * with, only says which salon's agent to compare: functions/core/calls/record-post-call.ts).
 */
const transcriptTurn = z.object({
  role: z.enum(['agent', 'user']),
  message: z.string().nullish(),
  time_in_call_secs: z.number().nonnegative().nullish(),
});

const postCallPayload = z.object({
  type: z.string(),
  data: z.object({
    agent_id: z.string().min(1),
    conversation_id: z.string().min(1),
    transcript: z.array(transcriptTurn).max(2000).default([]),
    metadata: z
      .object({
        start_time_unix_secs: z.number().int().nonnegative().nullish(),
        call_duration_secs: z.number().nonnegative().nullish(),
        phone_call: z.object({ call_sid: z.string().nullish() }).nullish(),
      })
      .nullish(),
    analysis: z
      .object({
        call_successful: z.enum(['success', 'failure', 'unknown']).nullish(),
        transcript_summary: z.string().nullish(),
      })
      .nullish(),
    conversation_initiation_client_data: z.object({ dynamic_variables: z.record(z.string(), z.unknown()).nullish() }).nullish(),
  }),
});

/** Transcript lines and summaries are what callers said: bounded, so one call cannot fill an item. */
const MAX_LINE = 2000;
const MAX_SUMMARY = 2000;

/** Null for another kind of webhook (audio, call initiation failure) or a payload without a conversation. */
export function readPostCall(body: unknown): PostCallConversation | null {
  const parsed = postCallPayload.safeParse(body);
  if (!parsed.success || parsed.data.type !== 'post_call_transcription') return null;
  const { data } = parsed.data;
  const variables = data.conversation_initiation_client_data?.dynamic_variables ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const started = data.metadata?.start_time_unix_secs;
  return {
    agentId: data.agent_id,
    conversationId: data.conversation_id,
    salonId: text(variables.salon_id),
    callSid: text(data.metadata?.phone_call?.call_sid) ?? text(variables[CALL_VARIABLES.callSid]) ?? text(variables.system__call_sid),
    startedAt: typeof started === 'number' ? new Date(started * 1000).toISOString() : null,
    summary: data.analysis?.transcript_summary?.slice(0, MAX_SUMMARY) ?? null,
    evaluation: data.analysis?.call_successful ?? 'unknown',
    transcript: data.transcript
      .filter((turn) => turn.message?.trim())
      .map((turn) => ({
        role: turn.role === 'agent' ? ('agent' as const) : ('caller' as const),
        text: turn.message!.trim().slice(0, MAX_LINE),
        at: Math.round(turn.time_in_call_secs ?? 0),
      })),
  };
}
