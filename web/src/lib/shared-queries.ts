/** Reads more than one feature shows, each fetched once into the shared cache. */
import { queryOptions } from '@tanstack/react-query';
import type { Readiness } from '@functions/contracts/go-live';
import type { DashboardSummary } from '@functions/contracts/calls';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /api/salon`: the owner's salon and whether calls reach the receptionist (dashboard, test page, account deletion). */
export interface SalonAnswer {
  id: string;
  owner_id: string;
  name: string;
  phone: string | null;
  assigned_number: string | null;
  /** The number support assigned, as people write it; null until then. */
  assigned_number_display: string | null;
  live: boolean;
  readiness: Readiness;
}

export const salonQuery = queryOptions({ queryKey: queryKeys.salon, queryFn: () => apiFetch<SalonAnswer>('/api/salon') });

export const SUMMARY_LOAD_FAILED = 'Failed to load your figures';

/** `GET /api/dashboard`: the call figures, activity and minutes (the dashboard, and Billing's minutes). */
export const dashboardSummaryQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: () => apiFetch<DashboardSummary>('/api/dashboard', { fallbackError: SUMMARY_LOAD_FAILED }),
});
