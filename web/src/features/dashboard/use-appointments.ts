import { useQuery } from '@tanstack/react-query';
import { loaded, type Loaded } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { APPOINTMENTS_LOAD_FAILED, UPCOMING_DAYS, loadAppointments, salonDate, type AppointmentsAnswer } from './api';

export type AppointmentsState = Loaded<AppointmentsAnswer> & { today: string };

/** The salon's appointments from today on, and this month's booking count; a change to them invalidates `queryKeys.appointments`. */
export function useAppointments(): AppointmentsState & { retry: () => void } {
  const today = salonDate(new Date());
  const query = useQuery({ queryKey: queryKeys.appointmentsFrom(today, UPCOMING_DAYS), queryFn: () => loadAppointments(today) });
  return { ...loaded(query, APPOINTMENTS_LOAD_FAILED), today, retry: () => void query.refetch() };
}
