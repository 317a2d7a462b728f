import { useState } from 'react';
import { displayPhone } from '@functions/contracts/phone';
import type { Appointment } from './api';
import { salonTimeOf } from './diary-dates';
import { MoveForm } from './move-form';
import { useAppointmentChange } from './use-appointment-change';

interface Props {
  appointment: Appointment;
  noShow: boolean;
  stylists: readonly { id: string; name: string }[];
  /** Week view names the stylist on each card; day view shows them as columns. */
  showStylist: boolean;
  now: number;
}

type Open = 'none' | 'move' | 'cancel';

/**
 * One appointment in the diary: when, what, with whom, the caller's full name and number, and what
 * the owner can do: call, move, cancel, and once it has started mark a no-show (or take that back).
 */
export function AppointmentCard({ appointment, noShow, stylists, showStylist, now }: Props) {
  const [open, setOpen] = useState<Open>('none');
  const test = appointment.source === 'test-call';
  const name = appointment.callerName.trim() || 'Caller';
  const started = Date.parse(appointment.start) <= now;
  const live = appointment.status !== 'cancelled';
  const cancel = useAppointmentChange(
    test ? 'Test booking cancelled.' : 'Appointment cancelled. The caller is texted.',
    'Could not cancel the appointment',
    () => setOpen('none'),
  );
  const mark = useAppointmentChange('Marked as a no-show.', 'Could not mark the no-show');
  const undo = useAppointmentChange('No-show taken back.', 'Could not take the no-show back');
  const headingId = `diary-appointment-${appointment.id}`;

  return (
    <article className={`diary-appointment${live ? '' : ' diary-appointment-cancelled'}`} aria-labelledby={headingId} data-testid="diary-appointment">
      <h4 id={headingId} className="diary-appointment-title">
        <time dateTime={appointment.start}>{salonTimeOf(appointment.start)}</time>–{salonTimeOf(appointment.end)} {appointment.service.name}
      </h4>
      <p className="diary-appointment-who">
        <span className="diary-caller">{name}</span>
        {showStylist && appointment.stylistName.trim() && <span> with {appointment.stylistName.trim()}</span>}
      </p>
      <p className="diary-badges">
        {test && <span className="test-badge">Test</span>}
        {appointment.status === 'awaiting_deposit' && <span className="test-badge">Awaiting deposit</span>}
        {!live && <span className="test-badge">Cancelled</span>}
        {noShow && (
          <span className="test-badge" data-testid="diary-no-show">
            No-show
          </span>
        )}
      </p>
      <div className="diary-actions">
        <a className="button button-secondary" href={`tel:${appointment.callerPhone}`} aria-label={`Call ${displayPhone(appointment.callerPhone)}, ${name}`}>
          Call {displayPhone(appointment.callerPhone)}
        </a>
        {live && !started && open === 'none' && (
          <>
            <button type="button" className="button button-secondary" onClick={() => setOpen('move')} aria-label={`Move ${name}'s appointment`}>
              Move
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen('cancel')} aria-label={`Cancel ${name}'s appointment`}>
              Cancel
            </button>
          </>
        )}
        {started && appointment.status === 'confirmed' && !test && !noShow && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => mark.mutate({ bookingId: appointment.id, noShow: true })}
            disabled={mark.isPending}
            aria-label={`Mark ${name} as a no-show`}
          >
            {mark.isPending ? 'Marking…' : 'No-show'}
          </button>
        )}
        {noShow && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => undo.mutate({ bookingId: appointment.id, noShow: false })}
            disabled={undo.isPending}
            aria-label={`Undo no-show for ${name}`}
          >
            {undo.isPending ? 'Undoing…' : 'Undo no-show'}
          </button>
        )}
      </div>
      {open === 'move' && <MoveForm appointment={appointment} stylists={stylists} onClose={() => setOpen('none')} />}
      {open === 'cancel' && (
        <div className="diary-confirm" role="group" aria-label={`Cancel ${name}'s appointment?`}>
          <p>{test ? 'Cancel this test booking?' : `Cancel ${name}'s ${appointment.service.name}? They are texted that it is cancelled.`}</p>
          <div className="diary-actions">
            <button
              type="button"
              className="button button-danger"
              onClick={() => cancel.mutate({ bookingId: appointment.id, action: 'cancel' })}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen('none')}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
