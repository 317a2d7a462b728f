import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppointmentsAnswer } from '@functions/contracts/appointments';
import type { SubscriptionStatusAnswer } from '@functions/contracts/billing';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { salonQuery } from '../../lib/shared-queries';

export interface DeletionSummary {
  /** The paid plan's name, null without one (a trial or none). */
  plan: string | null;
  /** Bookings still ahead, real ones only. */
  upcomingBookings: number;
  /** The receptionist's number as people write it, null when none was assigned. */
  number: string | null;
}

/**
 * What deleting the account takes with it, read each time the dialog opens so the owner sees their
 * own plan, bookings and number named before they confirm. Null while loading or when it could not
 * be read (the dialog then says it in general terms).
 */
export function useDeletionSummary(): DeletionSummary | null {
  return useQuery({ queryKey: queryKeys.deletionSummary, queryFn: ({ client }) => loadDeletionSummary(client) }).data ?? null;
}

async function loadDeletionSummary(client: QueryClient): Promise<DeletionSummary> {
  const salon = await client.fetchQuery(salonQuery);
  const [billing, appointments] = await Promise.all([
    apiFetch<SubscriptionStatusAnswer>(`/api/stripe?${new URLSearchParams({ route: 'status', salon_id: salon.id })}`),
    apiFetch<AppointmentsAnswer>('/api/appointments?days=62'),
  ]);
  const now = Date.now();
  const upcoming = appointments.appointments.filter(
    (appointment) => appointment.status !== 'cancelled' && appointment.source !== 'test-call' && Date.parse(appointment.start) > now,
  );
  const paid = billing.subscription && billing.subscription.status !== 'canceled' ? billing.plan : null;
  return { plan: paid && paid !== 'free' ? paid : null, upcomingBookings: upcoming.length, number: salon.assigned_number_display };
}
