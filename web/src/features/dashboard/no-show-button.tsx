import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import type { Appointment } from './api';

/**
 * An appointment that has started: the owner marks it a no-show (counted in the month beside the
 * bookings, and known to the receptionist the next time that caller books); once marked, it says
 * so, and can be taken back (both counts with it, in one transaction).
 */
export function NoShowControl({ appointment, marked }: { appointment: Appointment; marked: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (noShow: boolean) =>
      apiFetch('/api/appointments/change', {
        method: 'POST',
        body: JSON.stringify({ bookingId: appointment.id, noShow }),
        fallbackError: noShow ? 'Could not mark the no-show' : 'Could not take the no-show back',
      }),
    onSuccess: async (_answer, noShow) => {
      toast.show(noShow ? 'Marked as a no-show.' : 'No-show taken back.', 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
    onError: (error) => toast.show(error.message, 'error'),
  });
  const name = appointment.callerName.trim() || 'this appointment';
  if (marked) {
    return (
      <>
        <span className="test-badge" data-testid="no-show">
          No-show
        </span>
        <button type="button" className="button-link" onClick={() => change.mutate(false)} disabled={change.isPending} aria-label={`Undo no-show for ${name}`}>
          {change.isPending ? 'Undoing…' : 'Undo'}
        </button>
      </>
    );
  }
  if (appointment.status !== 'confirmed' || appointment.source === 'test-call' || Date.parse(appointment.start) > Date.now()) return null;

  return (
    <button type="button" className="button-link" onClick={() => change.mutate(true)} disabled={change.isPending} aria-label={`Mark ${name} as a no-show`}>
      {change.isPending ? 'Marking…' : 'No-show'}
    </button>
  );
}
