import { useCallback, useEffect, useState } from 'react';
import type { DashboardSummary } from '@functions/contracts/calls';
import { apiFetch } from '../../lib/api-client';

export const SUMMARY_LOAD_FAILED = 'Failed to load your figures';

export type SummaryState = { status: 'loading' } | { status: 'ready'; summary: DashboardSummary } | { status: 'error'; error: string };

/** The dashboard's call figures, activity and minutes (`GET /api/dashboard`), loaded once per visit. */
export function useDashboardSummary(): SummaryState & { retry: () => void } {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });

  const load = useCallback(async (isCancelled: () => boolean = () => false) => {
    setState({ status: 'loading' });
    try {
      const summary = await apiFetch<DashboardSummary>('/api/dashboard', { fallbackError: SUMMARY_LOAD_FAILED });
      if (!isCancelled()) setState({ status: 'ready', summary });
    } catch (error) {
      if (isCancelled()) return;
      console.error('Loading the dashboard figures failed', error);
      setState({ status: 'error', error: SUMMARY_LOAD_FAILED });
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    void load(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [load]);

  return { ...state, retry: () => void load() };
}
