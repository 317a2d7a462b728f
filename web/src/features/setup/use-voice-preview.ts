import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { PREVIEW_FAILED, fetchVoicePreview } from './api';

/** A voice's sample is the same for a while: playing it again within this time asks the server nothing. */
const PREVIEW_FRESH_MS = 10 * 60_000;

/**
 * Play/stop toggle for voice samples: one voice plays at a time; a failure is
 * logged, the playing state cleared, and the message handed to `onError`.
 */
export function useVoicePreview(onError: (message: string) => void) {
  const queryClient = useQueryClient();
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const request = useRef<AbortController | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const stop = useCallback(() => {
    request.current?.abort();
    request.current = null;
    if (audio.current) {
      audio.current.onended = null;
      audio.current.onerror = null;
      audio.current.pause();
      audio.current = null;
    }
    setPlaying(null);
  }, []);

  useEffect(() => stop, [stop]);

  const fail = useCallback(
    (voiceId: string, error: unknown) => {
      console.error(`Voice preview failed for ${voiceId}`, error);
      stop();
      onErrorRef.current(error instanceof Error && error.message && !(error instanceof DOMException) ? error.message : PREVIEW_FAILED);
    },
    [stop],
  );

  const toggle = useCallback(
    async (voiceId: string) => {
      if (playing === voiceId) return stop();
      stop();
      setPlaying(voiceId);
      const controller = new AbortController();
      request.current = controller;
      try {
        const url = await queryClient.fetchQuery({
          queryKey: queryKeys.voicePreview(voiceId),
          queryFn: ({ signal }) => fetchVoicePreview(voiceId, signal),
          staleTime: PREVIEW_FRESH_MS,
        });
        if (controller.signal.aborted) return;
        const player = new Audio(url);
        audio.current = player;
        player.onended = () => {
          if (audio.current === player) {
            audio.current = null;
            setPlaying(null);
          }
        };
        player.onerror = () => audio.current === player && fail(voiceId, new Error(PREVIEW_FAILED));
        await player.play();
      } catch (error) {
        if (controller.signal.aborted) return;
        fail(voiceId, error);
      }
    },
    [playing, stop, fail, queryClient],
  );

  return { playing, toggle, stop };
}
