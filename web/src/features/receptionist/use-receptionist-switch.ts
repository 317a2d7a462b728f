import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GO_LIVE_MESSAGES, type GoLiveAnswer, type PauseRequest } from '@functions/contracts/go-live';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

type SwitchState = { status: 'idle' | 'working' } | { status: 'done'; message: string } | { status: 'error'; message: string };

interface Switch {
  path: string;
  done: string;
  fallback: string;
  body?: PauseRequest;
}

const GO_LIVE: Switch = { path: '/api/agent/go-live', done: GO_LIVE_MESSAGES.live, fallback: GO_LIVE_MESSAGES.failed };
const pause = (until?: string): Switch => ({
  path: '/api/agent/pause',
  done: GO_LIVE_MESSAGES.paused,
  fallback: GO_LIVE_MESSAGES.pauseFailed,
  ...(until ? { body: { until } } : {}),
});

/**
 * Switching the receptionist on (Go Live Now, which also resumes it after a pause) and pausing it
 * (it takes messages, maybe until a given day), as the dashboard and the test page offer them; the
 * salon's state is then read again wherever it shows.
 */
export function useReceptionistSwitch() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ path, fallback, body }: Switch) =>
      apiFetch<GoLiveAnswer | object>(path, { method: 'POST', fallbackError: fallback, ...(body ? { body: JSON.stringify(body) } : {}) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.salon }),
  });

  const { variables } = mutation;
  const state: SwitchState = mutation.isPending
    ? { status: 'working' }
    : mutation.isSuccess
      ? { status: 'done', message: variables!.done }
      : mutation.isError
        ? { status: 'error', message: mutation.error.message || variables!.fallback }
        : { status: 'idle' };

  return {
    state,
    working: mutation.isPending,
    goLive: () => mutation.mutateAsync(GO_LIVE).catch(() => undefined),
    /** Pauses: the receptionist takes messages, until `until` (YYYY-MM-DD, back by itself that morning) or Switch back on. */
    pause: (until?: string) => mutation.mutateAsync(pause(until)).catch(() => undefined),
  };
}

export type ReceptionistSwitch = ReturnType<typeof useReceptionistSwitch>;
