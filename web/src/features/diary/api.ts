import type { Appointment, AppointmentAction, AppointmentActionAnswer, AppointmentsAnswer } from '@functions/contracts/appointments';
import { apiFetch } from '../../lib/api-client';

/** The diary's calls: a range of days of appointments, and one change to one of them (POST /api/appointments). */
export const DIARY_LOAD_FAILED = 'Failed to load the diary';

export function loadDiary(from: string, days: number): Promise<AppointmentsAnswer> {
  const query = new URLSearchParams({ from, days: String(days) });
  return apiFetch<AppointmentsAnswer>(`/api/appointments?${query}`, { fallbackError: DIARY_LOAD_FAILED });
}

export function changeAppointment(action: AppointmentAction, fallbackError: string): Promise<AppointmentActionAnswer> {
  return apiFetch<AppointmentActionAnswer>('/api/appointments/change', { method: 'POST', body: JSON.stringify(action), fallbackError });
}

export type { Appointment, AppointmentsAnswer };
