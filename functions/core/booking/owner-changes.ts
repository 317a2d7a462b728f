import type { AppointmentActionAnswer } from '../../contracts/appointments.js';
import { NotFoundError } from '../errors.js';
import { cancel, type CallScope } from './cancel.js';
import type { BookingDeps } from './context.js';
import { publicAppointment, type StoredAppointment } from './records.js';
import { reschedule } from './reschedule.js';

/**
 * The owner's own changes from the diary: the same `reschedule` and `cancel` the receptionist's
 * tools run, so a move is one transaction on the stylists' day items (never a double booking,
 * RELIABILITY 15–17, 33) and the caller hears of it by the texts those changes already send
 * (booking.cancelled and booking.confirmed, written to the outbox in the change's transaction).
 * The owner names the booking by id; its own number and kind (a test booking or a real one) are
 * what the engine checks, so the owner reaches every booking of the salon and no other salon's.
 */
const NOT_FOUND = 'No such appointment';

const scopeOf = (appointment: StoredAppointment): CallScope => ({ test: appointment.source === 'test-call' });

async function stored(deps: BookingDeps, salonId: string, bookingId: string): Promise<StoredAppointment> {
  const appointment = await deps.bookings.appointments.get(salonId, bookingId);
  if (!appointment) throw new NotFoundError(NOT_FOUND);
  return appointment;
}

async function answerWith(deps: BookingDeps, salonId: string, bookingId: string): Promise<AppointmentActionAnswer> {
  return { bookingId, appointment: publicAppointment(await stored(deps, salonId, bookingId)) };
}

/** Moves the booking to `start` (a salon wall-clock time), with `stylistId` or the same stylist; answers the booking at its new time. */
export async function ownerMove(
  deps: BookingDeps,
  salonId: string,
  request: { bookingId: string; start: string; stylistId?: string | undefined },
): Promise<AppointmentActionAnswer> {
  const appointment = await stored(deps, salonId, request.bookingId);
  const { booking } = await reschedule(
    deps,
    salonId,
    {
      bookingId: appointment.id,
      callerPhone: appointment.callerPhone,
      newStart: request.start,
      ...(request.stylistId ? { stylist: request.stylistId } : {}),
    },
    scopeOf(appointment),
  );
  return answerWith(deps, salonId, booking.id);
}

/** Cancels the booking (a second cancel is a no-op); answers it as it now stands. */
export async function ownerCancel(deps: BookingDeps, salonId: string, bookingId: string): Promise<AppointmentActionAnswer> {
  const appointment = await stored(deps, salonId, bookingId);
  await cancel(deps, salonId, { bookingId: appointment.id, callerPhone: appointment.callerPhone }, scopeOf(appointment));
  return answerWith(deps, salonId, bookingId);
}
