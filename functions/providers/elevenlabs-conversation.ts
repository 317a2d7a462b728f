import type { ProviderCallState } from '../core/ports/telephony.js';
import { VoiceAgentProviderError } from '../core/ports/voice-agent.js';

/**
 * One conversation as the Agents Platform keeps it (GET /v1/convai/conversations/{id}), for the
 * call sweep to close a call whose end never reached us. A plain request: the sweep's Lambda
 * carries no SDK. Only the fields read here are typed.
 */
interface ConversationRecord {
  status?: string;
  metadata?: { start_time_unix_secs?: number | null; call_duration_secs?: number | null } | null;
}

/** `processing` is the analysis after the call: the call itself is over, as it is when `done` or `failed`. */
const OVER = new Set(['processing', 'done', 'failed']);

function conversationStateOf(record: ConversationRecord): ProviderCallState {
  if (!OVER.has(record.status ?? '')) return { state: 'live' };
  const seconds = Math.max(0, Math.round(record.metadata?.call_duration_secs ?? 0));
  const started = record.metadata?.start_time_unix_secs;
  return {
    state: 'ended',
    finalStatus: record.status === 'failed' ? 'failed' : 'completed',
    durationSeconds: seconds,
    endedAt: typeof started === 'number' ? new Date((started + seconds) * 1000).toISOString() : null,
  };
}

export async function fetchConversationState(
  api: { apiRoot: string; apiKey: string; timeoutSeconds: number },
  conversationId: string,
): Promise<ProviderCallState> {
  const response = await fetch(new URL(`/v1/convai/conversations/${encodeURIComponent(conversationId)}`, api.apiRoot), {
    headers: { 'xi-api-key': api.apiKey, accept: 'application/json' },
    signal: AbortSignal.timeout(api.timeoutSeconds * 1000),
  });
  if (response.status === 404) return { state: 'unknown' };
  if (!response.ok) throw new VoiceAgentProviderError(`ElevenLabs refused the conversation: ${response.status}`, response.status);
  return conversationStateOf((await response.json()) as ConversationRecord);
}
