import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@functions/contracts/calls';
import { loaded, type Loaded } from '../../lib/query-client';
import { SUMMARY_LOAD_FAILED, dashboardSummaryQuery } from '../../lib/shared-queries';

export type SummaryState = Loaded<DashboardSummary>;

/** The dashboard's call figures, activity and minutes. */
export function useDashboardSummary(): SummaryState & { retry: () => void } {
  const query = useQuery(dashboardSummaryQuery);
  return { ...loaded(query, SUMMARY_LOAD_FAILED), retry: () => void query.refetch() };
}
