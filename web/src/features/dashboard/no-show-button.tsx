import { useState } from 'react';
import { useToast } from '../../components/toast';
import { apiFetch } from '../../lib/api-client';
import type { Appointment } from './api';

/**
 * An appointment that has started: the owner marks it a no-show (counted in the month beside the
 * bookings, and known to the receptionist the next time that caller books); once marked, it says so.
 */
export function NoShowControl({ appointment, marked, onMarked }: { appointment: Appointment; marked: boolean; onMarked: () => void }) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  if (marked) {
    return (
      <span className="test-badge" data-testid="no-show">
        No-show
      </span>
    );
  }
  if (appointment.status !== 'confirmed' || appointment.source === 'test-call' || Date.parse(appointment.start) > Date.now()) return null;

  async function mark() {
    setSaving(true);
    try {
      await apiFetch('/api/appointments', { method: 'POST', body: JSON.stringify({ bookingId: appointment.id, noShow: true }), fallbackError: 'Could not mark the no-show' });
      toast.show('Marked as a no-show.', 'success');
      onMarked();
    } catch (error) {
      toast.show((error as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <button type="button" className="button-link" onClick={() => void mark()} disabled={saving} aria-label={`Mark ${appointment.callerName.trim() || 'this appointment'} as a no-show`}>
      {saving ? 'Marking…' : 'No-show'}
    </button>
  );
}
