import { toolSay, type ToolInput } from '../../contracts/agent-tools.js';
import { publicAppointment, type StoredAppointment } from '../../store/booking-store.js';
import { removeCalendarEvent } from './calendar.js';
import { bookingView, publishBooking, speakWhen } from './book.js';
import { checkedDate, type ToolAnswer } from './check-availability.js';
import { loadSalonContext, phoneKey, requirePhone, type BookingDeps, type SalonContext } from './context.js';
import { ToolError } from './errors.js';
import { callerBookingIds, forgetCallerBooking, releaseInterval } from './reservation.js';
import { speakList } from './speak.js';
import { localDate } from './time.js';

/**
 * `cancel` (and the lookup `reschedule` shares): the caller's phone must match the booking's.
 * A booking that does not exist and one under another number get the same answer, so the tool
 * never tells a caller whether someone else has a booking.
 */
export interface BookingLookup {
  bookingId?: string;
  date?: string;
  callerPhone: string;
}

const notFound = () => new ToolError(404, 'booking_not_found', toolSay.bookingNotFound, 'No booking of this caller matches');

/**
 * The caller's booking: by id (any status, so a second cancel can say it is already done), or
 * their one upcoming confirmed booking (on `date` when given). Several → the agent asks which.
 */
export async function findCallerBooking(deps: BookingDeps, context: SalonContext, lookup: BookingLookup): Promise<StoredAppointment> {
  const salonId = context.salon.id;
  const phone = requirePhone(lookup.callerPhone);
  const now = deps.now().getTime();
  if (lookup.bookingId) {
    const appointment = await deps.bookings.getAppointment(salonId, lookup.bookingId);
    if (!appointment || appointment.callerPhone !== phone) throw notFound();
    return appointment;
  }
  const date = lookup.date ? checkedDate(lookup.date, now) : undefined;
  const ids = await callerBookingIds(deps, salonId, phoneKey(salonId, phone));
  const upcoming = (await deps.bookings.getAppointments(salonId, ids))
    .filter((appointment) => appointment.status === 'confirmed' && appointment.callerPhone === phone && Date.parse(appointment.start) > now)
    .filter((appointment) => !date || localDate(Date.parse(appointment.start)) === date)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (upcoming.length === 0) throw notFound();
  if (upcoming.length > 1) {
    const options = upcoming.slice(0, 4).map((appointment) => `the ${appointment.service.name} ${speakWhen(Date.parse(appointment.start), now)}`);
    throw new ToolError(409, 'which_booking', `You have a few bookings: ${speakList(options, 'and')}. Which one do you mean?`, 'More than one booking matches', {
      bookings: upcoming.map((appointment) => bookingView(publicAppointment(appointment), now)),
    });
  }
  return upcoming[0]!;
}

/**
 * Cancels one confirmed booking: the appointment first (so no moment has a confirmed booking
 * without its reserved time), then its interval leaves the day item, its event the calendar,
 * and `booking.cancelled` goes on the bus. Cancelling again is a no-op that still makes sure
 * the time is free.
 */
export async function cancelAppointment(
  deps: BookingDeps,
  context: SalonContext,
  appointment: StoredAppointment,
  options: { rescheduledTo?: string; publish?: boolean } = {},
): Promise<'cancelled' | 'already'> {
  const salonId = context.salon.id;
  const at = deps.now().toISOString();
  const outcome = await deps.bookings.markCancelled(salonId, appointment.id, at, options.rescheduledTo);
  const day = { stylistId: appointment.stylistId, date: localDate(Date.parse(appointment.start)) };
  await releaseInterval(deps, salonId, day, appointment.id);
  if (outcome !== 'cancelled') return 'already';
  const cancelled: StoredAppointment = { ...appointment, status: 'cancelled', cancelledAt: at, ...(options.rescheduledTo ? { rescheduledTo: options.rescheduledTo } : {}) };
  await Promise.all([
    forgetCallerBooking(deps, salonId, phoneKey(salonId, appointment.callerPhone), appointment.id, { keepInCap: true }),
    deps.bookings.countBooking(salonId, localDate(Date.parse(appointment.createdAt)).slice(0, 7), -1),
    removeCalendarEvent(deps, cancelled),
  ]);
  if (options.publish !== false) await publishBooking(deps, context, 'booking.cancelled', cancelled);
  return 'cancelled';
}

export async function cancel(deps: BookingDeps, salonId: string, input: ToolInput<'cancel'>): Promise<ToolAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const appointment = await findCallerBooking(deps, context, input);
  const now = deps.now().getTime();
  const when = speakWhen(Date.parse(appointment.start), now);
  if (appointment.status === 'cancelled') {
    await cancelAppointment(deps, context, appointment);
    return { ok: true, say: `That booking ${when} is already cancelled.`, alreadyCancelled: true, booking: bookingView(publicAppointment(appointment), now) };
  }
  if (Date.parse(appointment.start) <= now) {
    throw new ToolError(400, 'past', "That appointment has already started, so I can't cancel it now.", 'The booking has already started');
  }
  const outcome = await cancelAppointment(deps, context, appointment);
  const view = bookingView(publicAppointment({ ...appointment, status: 'cancelled' }), now);
  return {
    ok: true,
    say: outcome === 'cancelled' ? `That's cancelled: your ${appointment.service.name} ${when}. Thanks for letting us know.` : `That booking ${when} is already cancelled.`,
    alreadyCancelled: outcome !== 'cancelled',
    booking: view,
  };
}
