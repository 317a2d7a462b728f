import type { CallView, MessageView, TranscriptLineView } from '@functions/contracts/calls';
import { apiFetch } from '../../lib/api-client';

/** The call log page's calls to the app API. */
export const CALLS_LOAD_FAILED = 'Failed to load your calls';
export const MESSAGES_LOAD_FAILED = 'Failed to load your messages';

export interface Page<T> {
  items: T[];
  next: string | null;
}

const after = (cursor?: string) => (cursor ? `?${new URLSearchParams({ after: cursor })}` : '');

export async function loadCalls(cursor?: string): Promise<Page<CallView>> {
  const page = await apiFetch<{ calls: CallView[]; next: string | null }>(`/api/calls${after(cursor)}`, { fallbackError: CALLS_LOAD_FAILED });
  return { items: page.calls, next: page.next };
}

export async function loadMessages(cursor?: string): Promise<Page<MessageView>> {
  const page = await apiFetch<{ messages: MessageView[]; next: string | null }>(`/api/messages${after(cursor)}`, { fallbackError: MESSAGES_LOAD_FAILED });
  return { items: page.messages, next: page.next };
}

export async function loadTranscript(callSid: string): Promise<TranscriptLineView[] | null> {
  const answer = await apiFetch<{ transcript: TranscriptLineView[] | null }>(`/api/calls?${new URLSearchParams({ callSid })}`, {
    fallbackError: 'Failed to load the transcript',
  });
  return answer.transcript;
}

export function deleteCall(callSid: string): Promise<{ deleted: true }> {
  return apiFetch('/api/calls/delete', { method: 'POST', body: JSON.stringify({ callSid }), fallbackError: 'Failed to delete the call' });
}

export function markMessageDone(message: Pick<MessageView, 'id' | 'createdAt'>, done: boolean): Promise<{ doneAt: string | null }> {
  return apiFetch('/api/messages/done', {
    method: 'POST',
    body: JSON.stringify({ id: message.id, createdAt: message.createdAt, done }),
    fallbackError: 'Failed to update the message',
  });
}
