import { queryOptions } from '@tanstack/react-query';
import type { Readiness } from '@functions/contracts/go-live';
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
