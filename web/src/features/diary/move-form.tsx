import { useState, type FormEvent } from 'react';
import { SelectInput, TextInput } from '../../components/form-fields';
import type { Appointment } from './api';
import { salonDateOf, salonTimeOf } from './diary-dates';
import { useAppointmentChange } from './use-appointment-change';

interface Props {
  appointment: Appointment;
  stylists: readonly { id: string; name: string }[];
  onClose: () => void;
}

/**
 * Move an appointment: a new day, time and stylist. The booking engine decides (the time must be
 * free, in opening hours and not past); the caller is texted the new time.
 */
export function MoveForm({ appointment, stylists, onClose }: Props) {
  const [date, setDate] = useState(salonDateOf(appointment.start));
  const [time, setTime] = useState(salonTimeOf(appointment.start));
  const [stylistId, setStylistId] = useState(appointment.stylistId);
  const told = appointment.source === 'test-call' ? 'Test booking moved.' : 'Appointment moved. The caller is texted the new time.';
  const move = useAppointmentChange(told, 'Could not move the appointment', onClose);
  const options = stylists.some((stylist) => stylist.id === appointment.stylistId)
    ? stylists.map((stylist) => ({ value: stylist.id, label: stylist.name }))
    : [{ value: appointment.stylistId, label: appointment.stylistName }, ...stylists.map((stylist) => ({ value: stylist.id, label: stylist.name }))];

  function submit(event: FormEvent) {
    event.preventDefault();
    move.mutate({ bookingId: appointment.id, action: 'move', start: `${date}T${time}`, stylistId });
  }

  return (
    <form className="diary-move" onSubmit={submit} aria-label={`Move ${appointment.callerName.trim() || 'appointment'}`}>
      <div className="diary-move-fields">
        <TextInput label="New day" type="date" value={date} onChange={setDate} required />
        <TextInput label="New time" type="time" step={300} value={time} onChange={setTime} required />
        <SelectInput label="Stylist" value={stylistId} onChange={setStylistId} options={options} />
      </div>
      <div className="diary-actions">
        <button type="submit" className="button button-primary" disabled={move.isPending}>
          {move.isPending ? 'Moving…' : 'Move appointment'}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Keep the time
        </button>
      </div>
    </form>
  );
}
