import { noShowMessages } from '../../contracts/appointments.js';
import type { Ports } from '../ports.js';
import { phoneKey } from '../booking/context.js';
import { localDate } from '../booking/time.js';
import { ConflictError, NotFoundError } from '../errors.js';

/**
 * No-shows (docs/reminders.md): the owner marks a confirmed appointment that has started (never a
 * test booking) as a no-show from the dashboard; it is counted in the month (beside the bookings) and against the
 * caller's number, which the receptionist's book answer then knows (a deposit is asked for where
 * the service has one). The mark and both counts are one transaction; marking twice counts once.
 */
type NoShowDeps = Pick<Ports, 'now'> & { bookings: Pick<Ports['bookings'], 'appointments' | 'noShows'> };

export async function markNoShow(deps: NoShowDeps, salonId: string, bookingId: string): Promise<{ bookingId: string; noShow: true }> {
  const appointment = await deps.bookings.appointments.get(salonId, bookingId);
  if (!appointment) throw new NotFoundError(noShowMessages.notFound);
  // The owner's make-believe is no caller's record: counted, it would follow the typed number into real calls.
  if (appointment.source === 'test-call') throw new ConflictError(noShowMessages.testBooking);
  const now = deps.now();
  if (Date.parse(appointment.start) > now.getTime()) throw new ConflictError(noShowMessages.notStarted);
  if (!appointment.noShowAt) {
    if (appointment.status !== 'confirmed') throw new ConflictError(noShowMessages.notConfirmed);
    const counted = { month: localDate(Date.parse(appointment.start)).slice(0, 7), phoneHash: phoneKey(salonId, appointment.callerPhone) };
    // Refused: marked (and counted) meanwhile, or cancelled meanwhile.
    if (!(await deps.bookings.noShows.mark(salonId, bookingId, now.toISOString(), counted))) {
      const current = await deps.bookings.appointments.get(salonId, bookingId);
      if (!current?.noShowAt) throw new ConflictError(noShowMessages.notConfirmed);
    }
  }
  return { bookingId, noShow: true };
}

/**
 * The owner's undo of a no-show: the mark and both counts go back in one transaction (the store's
 * `unmark`), so the month's figure and what the receptionist knows of the caller never disagree.
 * Undoing one not marked (or undone meanwhile) is refused; it changes nothing.
 */
export async function unmarkNoShow(deps: NoShowDeps, salonId: string, bookingId: string): Promise<{ bookingId: string; noShow: false }> {
  const appointment = await deps.bookings.appointments.get(salonId, bookingId);
  if (!appointment) throw new NotFoundError(noShowMessages.notFound);
  if (!appointment.noShowAt) throw new ConflictError(noShowMessages.notMarked);
  const counted = { month: localDate(Date.parse(appointment.start)).slice(0, 7), phoneHash: phoneKey(salonId, appointment.callerPhone) };
  if (!(await deps.bookings.noShows.unmark(salonId, bookingId, counted))) throw new ConflictError(noShowMessages.notMarked);
  return { bookingId, noShow: false };
}

/** How many of the caller's appointments at the salon were no-shows. */
export function pastNoShows(deps: { bookings: Pick<Ports['bookings'], 'noShows'> }, salonId: string, callerPhone: string): Promise<number> {
  return deps.bookings.noShows.ofCaller(salonId, phoneKey(salonId, callerPhone));
}
