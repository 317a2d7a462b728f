import type { Appointment, AppointmentsAnswer } from '@functions/contracts/appointments';
import { SALON_TIME_ZONE } from '@functions/contracts/appointments';
import { apiFetch } from '../../lib/api-client';

/** The dashboard's calls to the app API, typed against the shared appointment contract. */
export const APPOINTMENTS_LOAD_FAILED = 'Failed to load appointments';
/** Today and the next six days. */
export const UPCOMING_DAYS = 7;

/** A date (YYYY-MM-DD) on the salon's clock, whatever the browser's zone. */
export function salonDate(at: Date | string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: SALON_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
}

export function loadAppointments(from: string, days = UPCOMING_DAYS): Promise<AppointmentsAnswer> {
  const query = new URLSearchParams({ from, days: String(days) });
  return apiFetch<AppointmentsAnswer>(`/api/appointments?${query}`, { fallbackError: APPOINTMENTS_LOAD_FAILED });
}

export type { Appointment, AppointmentsAnswer };
