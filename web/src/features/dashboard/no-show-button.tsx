import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import type { Appointment } from './api';

/**
 * An appointment that has started: the owner marks it a no-show (counted in the month beside the
 * bookings, and known to the receptionist the next time that caller books); once marked, it says so.
 */
export function NoShowControl({ appointment, marked }: { appointment: Appointment; marked: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: () =>
      apiFetch('/api/appointments', {
        method: 'POST',
        body: JSON.stringify({ bookingId: appointment.id, noShow: true }),
        fallbackError: 'Could not mark the no-show',
      }),
    onSuccess: async () => {
      toast.show('Marked as a no-show.', 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
    onError: (error) => toast.show(error.message, 'error'),
  });
  if (marked) {
    return (
      <span className="test-badge" data-testid="no-show">
        No-show
      </span>
    );
  }
  if (appointment.status !== 'confirmed' || appointment.source === 'test-call' || Date.parse(appointment.start) > Date.now()) return null;

  return (
    <button
      type="button"
      className="button-link"
      onClick={() => mark.mutate()}
      disabled={mark.isPending}
      aria-label={`Mark ${appointment.callerName.trim() || 'this appointment'} as a no-show`}
    >
      {mark.isPending ? 'Marking…' : 'No-show'}
    </button>
  );
}
