import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentAction } from '@functions/contracts/appointments';
import { useToast } from '../../components/toast';
import { queryKeys } from '../../lib/query-keys';
import { changeAppointment } from './api';

/**
 * One change to an appointment from the diary: sent, then every range of appointments is read
 * again (the dashboard's list too); the toast says what happened, and who was told.
 */
export function useAppointmentChange(done: string, failed: string, after?: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AppointmentAction) => changeAppointment(action, failed),
    onSuccess: async () => {
      toast.show(done, 'success');
      after?.();
      await queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
    onError: (error) => toast.show(error.message, 'error'),
  });
}
