import { useCallback, useEffect, useState } from 'react';
import { APPOINTMENTS_LOAD_FAILED, loadAppointments, salonDate, type AppointmentsAnswer } from './api';

export type AppointmentsState =
  | { status: 'loading' }
  | { status: 'ready'; answer: AppointmentsAnswer; today: string }
  | { status: 'error'; error: string };

/** The salon's appointments from today on, and this month's booking count, loaded once per visit. */
export function useAppointments(): AppointmentsState & { retry: () => void } {
  const [state, setState] = useState<AppointmentsState>({ status: 'loading' });

  const load = useCallback(async (isCancelled: () => boolean = () => false) => {
    setState({ status: 'loading' });
    const today = salonDate(new Date());
    try {
      const answer = await loadAppointments(today);
      if (!isCancelled()) setState({ status: 'ready', answer, today });
    } catch (error) {
      if (isCancelled()) return;
      console.error('Loading appointments failed', error);
      setState({ status: 'error', error: APPOINTMENTS_LOAD_FAILED });
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
