/** Reads more than one feature shows, each fetched once into the shared cache. */
import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary } from '@functions/contracts/calls';
import type { SalonAnswer } from '@functions/contracts/salon';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

export type { SalonAnswer };

export const salonQuery = queryOptions({ queryKey: queryKeys.salon, queryFn: () => apiFetch<SalonAnswer>('/api/salon') });

export const SUMMARY_LOAD_FAILED = 'Failed to load your figures';

/** `GET /api/dashboard`: the call figures, activity and minutes (the dashboard, and Billing's minutes). */
export const dashboardSummaryQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: () => apiFetch<DashboardSummary>('/api/dashboard', { fallbackError: SUMMARY_LOAD_FAILED }),
});
