import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@functions/contracts/calls';
import { apiFetch } from '../../lib/api-client';
import { loaded, type Loaded } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';

export const SUMMARY_LOAD_FAILED = 'Failed to load your figures';

export type SummaryState = Loaded<DashboardSummary>;

/** `GET /api/dashboard`: the call figures, activity and minutes (Billing shows its minutes too). */
export const dashboardSummaryQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: () => apiFetch<DashboardSummary>('/api/dashboard', { fallbackError: SUMMARY_LOAD_FAILED }),
});

/** The dashboard's call figures, activity and minutes. */
export function useDashboardSummary(): SummaryState & { retry: () => void } {
  const query = useQuery(dashboardSummaryQuery);
  return { ...loaded(query, SUMMARY_LOAD_FAILED), retry: () => void query.refetch() };
}
