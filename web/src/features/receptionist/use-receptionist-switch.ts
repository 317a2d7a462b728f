import { useState } from 'react';
import { GO_LIVE_MESSAGES, type GoLiveAnswer } from '@functions/contracts/go-live';
import { apiFetch } from '../../lib/api-client';

type SwitchState = { status: 'idle' | 'working' } | { status: 'done'; message: string } | { status: 'error'; message: string };

/**
 * Switching the receptionist on (Go Live Now, which also resumes it after a pause) and pausing it,
 * as the dashboard and the test page offer them; `onChanged` reloads whatever shows its state.
 */
export function useReceptionistSwitch(onChanged: () => void) {
  const [state, setState] = useState<SwitchState>({ status: 'idle' });

  async function run(work: () => Promise<unknown>, done: string, fallback: string) {
    setState({ status: 'working' });
    try {
      await work();
      setState({ status: 'done', message: done });
      onChanged();
    } catch (error) {
      setState({ status: 'error', message: (error as Error).message || fallback });
    }
  }

  return {
    state,
    working: state.status === 'working',
    goLive: () => run(() => apiFetch<GoLiveAnswer>('/api/agent/go-live', { method: 'POST', fallbackError: GO_LIVE_MESSAGES.failed }), GO_LIVE_MESSAGES.live, GO_LIVE_MESSAGES.failed),
    pause: () => run(() => apiFetch('/api/agent/pause', { method: 'POST', fallbackError: GO_LIVE_MESSAGES.pauseFailed }), GO_LIVE_MESSAGES.paused, GO_LIVE_MESSAGES.pauseFailed),
  };
}

export type ReceptionistSwitch = ReturnType<typeof useReceptionistSwitch>;
