import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReceptionistTurn } from '@functions/contracts/receptionist';
import type { ClientTokenResponse } from '@functions/contracts/telephony';
import { FORCED_ACTIVE_MS, testCallMessages } from '@functions/contracts/test-call';
import { ApiError, apiFetch } from '../../lib/api-client';
import { salonQuery } from '../../lib/shared-queries';

/**
 * The browser test call: the salon's number loads, then a call to the receptionist. With a
 * Twilio account it is a real voice call (Twilio's voice SDK, loaded only here); in the sandbox
 * the owner types and the sandbox receptionist answers (read aloud where the browser can).
 */
export type CallState = 'loading' | 'ready' | 'connecting' | 'active' | 'ended';
export interface Line {
  who: 'receptionist' | 'you';
  text: string;
}

type VoiceCall = { disconnect(): void; on(event: string, listener: (...args: unknown[]) => void): void; parameters: Record<string, string> };

function speak(text: string) {
  if (!text || typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'en-IE';
  window.speechSynthesis.speak(utterance);
}

async function microphoneProblem(): Promise<string | null> {
  if (!navigator.mediaDevices?.getUserMedia) return testCallMessages.micUnsupported;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    stream.getTracks().forEach((track) => track.stop());
    return null;
  } catch (error) {
    const name = (error as DOMException)?.name;
    return name === 'NotAllowedError' || name === 'SecurityError' ? testCallMessages.micDenied : testCallMessages.micUnavailable;
  }
}

export function useTestCall() {
  const salonRead = useQuery(salonQuery);
  const salon = salonRead.data ?? null;
  const [callState, setState] = useState<Exclude<CallState, 'loading'>>('ready');
  const state: CallState = salonRead.isPending ? 'loading' : callState;
  const [callError, setError] = useState<string | null>(null);
  const loadError = salonRead.isError
    ? salonRead.error instanceof ApiError && salonRead.error.status === 401
      ? testCallMessages.notSignedIn
      : testCallMessages.numberFailed
    : null;
  const error = callError ?? loadError;
  const notice = salon && !salon.assigned_number ? testCallMessages.noNumber : null;
  const [lines, setLines] = useState<Line[]>([]);
  const [sandbox, setSandbox] = useState<boolean | null>(null);
  const [thinking, setThinking] = useState(false);
  const conversation = useRef<string | null>(null);
  const call = useRef<VoiceCall | null>(null);
  const forced = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(forced.current), []);

  const ended = useCallback(() => {
    window.clearTimeout(forced.current);
    call.current = null;
    setState('ended');
  }, []);

  async function start() {
    if (!salon) return;
    setError(null);
    setLines([]);
    setState('connecting');
    let token: ClientTokenResponse;
    try {
      token = await apiFetch<ClientTokenResponse>('/api/twilio?route=client-token', {
        method: 'POST',
        body: '{}',
        fallbackError: testCallMessages.tokenFailed,
      });
    } catch (failure) {
      // 409: no free test minutes left, said in the server's words.
      setError(
        failure instanceof ApiError && failure.status === 401
          ? testCallMessages.notSignedIn
          : failure instanceof ApiError && failure.status === 409
            ? failure.message
            : testCallMessages.tokenFailed,
      );
      return setState('ready');
    }
    setSandbox(token.sandbox);
    if (token.sandbox) return startSandbox();
    return startVoice(token.token, token.edge);
  }

  async function startSandbox() {
    try {
      const turn = await apiFetch<ReceptionistTurn>('/api/receptionist', { method: 'POST', body: '{}', fallbackError: testCallMessages.startFailed });
      conversation.current = turn.conversationId;
      setLines([{ who: 'receptionist', text: turn.say }]);
      speak(turn.say);
      setState('active');
    } catch (failure) {
      setError((failure as Error).message || testCallMessages.startFailed);
      setState('ready');
    }
  }

  async function startVoice(token: string, edge: string | undefined) {
    const problem = await microphoneProblem();
    if (problem) {
      setError(problem);
      return setState('ready');
    }
    let Device: typeof import('@twilio/voice-sdk').Device;
    try {
      ({ Device } = await import('@twilio/voice-sdk'));
    } catch {
      setError(testCallMessages.sdkFailed);
      return setState('ready');
    }
    if (!Device.isSupported) {
      setError(testCallMessages.sdkNotReady);
      return setState('ready');
    }
    try {
      // The edge must reach the token's region (https://www.twilio.com/docs/global-infrastructure/use-the-programmable-voice-javascript-sdk-with-a-non-us-twilio-region).
      const device = new Device(token, edge ? { edge } : {});
      device.on('error', () => setError(testCallMessages.deviceError));
      const placed = (await device.connect({ params: { salonId: salon!.id } })) as unknown as VoiceCall;
      call.current = placed;
      // Some networks never deliver the accept event: show the call as live anyway.
      forced.current = window.setTimeout(() => setState((current) => (current === 'connecting' ? 'active' : current)), FORCED_ACTIVE_MS);
      placed.on('accept', () => setState('active'));
      placed.on('disconnect', ended);
      placed.on('cancel', ended);
      placed.on('error', () => {
        setError(testCallMessages.callFailed);
        ended();
      });
    } catch {
      setError(testCallMessages.startFailed);
      setState('ready');
    }
  }

  async function say(text: string) {
    if (!conversation.current || state !== 'active' || !text.trim()) return;
    setLines((current) => [...current, { who: 'you', text }]);
    setThinking(true);
    try {
      const turn = await apiFetch<ReceptionistTurn>('/api/receptionist', {
        method: 'POST',
        body: JSON.stringify({ conversationId: conversation.current, text }),
        fallbackError: testCallMessages.callFailed,
      });
      setLines((current) => [...current, { who: 'receptionist', text: turn.say }]);
      speak(turn.say);
      if (turn.ended) ended();
    } catch (failure) {
      setError((failure as Error).message || testCallMessages.callFailed);
      ended();
    } finally {
      setThinking(false);
    }
  }

  async function end() {
    if (sandbox && conversation.current) {
      await apiFetch('/api/receptionist', { method: 'POST', body: JSON.stringify({ conversationId: conversation.current }) }).catch(() => undefined);
    }
    const placed = call.current;
    if (placed) {
      placed.disconnect();
      const callSid = placed.parameters?.CallSid;
      if (callSid && salon) {
        await apiFetch('/api/twilio?route=end-conference', { method: 'POST', body: JSON.stringify({ callSid, salonId: salon.id }) }).catch(() => undefined);
      }
    }
    ended();
  }

  return { state, salon, error, notice, lines, sandbox, thinking, start, say, end };
}
