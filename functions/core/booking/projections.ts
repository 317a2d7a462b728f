import { logger } from '../../logger.js';
import { publicAppointment } from '../../store/booking-store.js';
import { moveCallerBooking, forgetCallerBooking } from './caller-record.js';
import { queueCalendarWrite } from './calendar-events.js';
import { phoneKey, type BookingDeps, type SalonContext } from './context.js';
import { isoLocal, localDate } from './time.js';
import { scheduleReminder } from '../reminders/reminders.js';
import { offerable } from '../waitlist/freed-time.js';
import type { DayReservation, DepositHold, EndedReservation, StoredAppointment } from './records.js';

/**
 * A booking's projections, made to agree with its day item (settle.ts decides which): the
 * appointment, the month's count, the reminder, the calendar event's marker, the caller's record
 * and the booking events. Every step is safe to repeat.
 */

/** Publishes a booking event; a failure is logged and never undoes the booking (RELIABILITY 22). Answers whether it went out. */
export async function publishBooking(deps: BookingDeps, context: SalonContext, type: 'booking.confirmed' | 'booking.cancelled', appointment: StoredAppointment): Promise<boolean> {
  try {
    const detail = { appointment: publicAppointment(appointment), salonName: context.salon.name, ownerEmail: context.salon.ownerEmail };
    if (type === 'booking.cancelled' && appointment.cancelReason) await deps.events.publish(type, { ...detail, reason: appointment.cancelReason });
    else await deps.events.publish(type, detail);
    return true;
  } catch (error) {
    logger.error('booking event not published', { type, salonId: appointment.salonId, bookingId: appointment.id, name: (error as Error)?.name });
    return false;
  }
}

const monthOf = (iso: string) => localDate(Date.parse(iso)).slice(0, 7);

/** The appointment a reservation stands for (reservations written before records were kept have none). */
export function appointmentOf(salonId: string, stylistId: string, reservation: DayReservation): StoredAppointment | null {
  const { record } = reservation;
  if (!record) return null;
  return {
    id: reservation.bookingId,
    salonId,
    stylistId,
    stylistName: record.stylistName,
    service: record.service,
    start: isoLocal(Date.parse(reservation.start)),
    end: isoLocal(Date.parse(reservation.end)),
    callerName: record.callerName,
    callerPhone: record.callerPhone,
    callerEmail: record.callerEmail,
    status: record.deposit && !record.deposit.paidAt ? 'awaiting_deposit' : 'confirmed',
    source: record.source,
    createdAt: record.createdAt,
    calendarEventId: null,
    calendarId: record.calendarId,
    calendarSync: record.calendarId ? 'pending' : 'none',
    idempotencyKey: record.idempotencyKey,
    cancelledAt: null,
    rescheduledFrom: record.rescheduledFrom,
    rescheduledTo: null,
  };
}

/** Tells the caller how to pay a held booking's deposit (the texted link); a failure is logged, as for every booking event. */
async function publishDepositRequest(deps: BookingDeps, context: SalonContext, appointment: StoredAppointment, deposit: DepositHold): Promise<void> {
  try {
    await deps.events.publish('booking.deposit-requested', {
      appointment: publicAppointment(appointment),
      salonName: context.salon.name,
      depositCents: deposit.amountCents,
      payUrl: deposit.payUrl,
      expiresAt: deposit.expiresAt,
    });
  } catch (error) {
    logger.error('booking event not published', { type: 'booking.deposit-requested', salonId: appointment.salonId, bookingId: appointment.id, name: (error as Error)?.name });
  }
}

/**
 * A live booking's projections. Answers the appointment as it now stands. Its status only moves
 * forward (awaiting deposit → confirmed → cancelled), so a settle working from an older read of
 * the day never takes a paid booking back to awaiting. `published`: booking.confirmed is already
 * on the bus (book publishes it before the projections; its consumer makes sure of them).
 * `stored`: the appointment as just read, when it exists (it is then not created again).
 */
export async function projectConfirmed(
  deps: BookingDeps,
  context: SalonContext,
  appointment: StoredAppointment,
  deposit?: DepositHold,
  options: { published?: boolean; stored?: StoredAppointment } = {},
): Promise<StoredAppointment> {
  // The calendar event is written after the answer (calendar-events.ts): its marker goes down with
  // the appointment, before the booking event that asks for it is published. A held time is in
  // the calendar too: it is not free. A confirmed booking's count and reminder go out with them
  // (one round trip, not two); the rare settle that finds it cancelled first takes them back.
  const counted = appointment.status === 'confirmed';
  const [created] = await Promise.all([
    options.stored ? Promise.resolve(false) : deps.bookings.appointments.create(appointment),
    appointment.calendarSync === 'pending' ? queueCalendarWrite(deps, appointment, 'create') : Promise.resolve(),
    counted ? countAndRemind(deps, context, appointment) : Promise.resolve(),
  ]);
  let stored = created ? appointment : (options.stored ?? (await deps.bookings.appointments.get(appointment.salonId, appointment.id)) ?? appointment);
  // A cancellation settled first: nothing to confirm any more.
  if (stored.status === 'cancelled') {
    if (counted) await uncount(deps, stored);
    return stored;
  }
  if (stored.status === 'awaiting_deposit' && appointment.status === 'confirmed') {
    await deps.bookings.appointments.markDepositPaid(stored.salonId, stored.id);
    stored = (await deps.bookings.appointments.get(stored.salonId, stored.id)) ?? { ...stored, status: 'confirmed' };
    if (stored.status === 'cancelled') {
      await uncount(deps, stored);
      return stored;
    }
  }
  if (stored.status === 'awaiting_deposit') {
    // Not a booking yet: not counted and not confirmed to anyone; the caller gets the payment link.
    if (deposit) await publishDepositRequest(deps, context, stored, deposit);
    return stored;
  }
  if (!counted) await countAndRemind(deps, context, stored);
  if (!options.published) await publishBooking(deps, context, 'booking.confirmed', stored);
  return stored;
}

/** A confirmed booking counts in its month (the owner's own test calls are not business) and has its reminder. */
async function countAndRemind(deps: BookingDeps, context: SalonContext, appointment: StoredAppointment): Promise<void> {
  await Promise.all([
    appointment.source === 'test-call' ? Promise.resolve() : deps.bookings.counts.add(appointment.salonId, monthOf(appointment.createdAt), appointment.id),
    scheduleReminder(deps.bookings.reminders, context.salon, appointment),
  ]);
}

/** Takes back countAndRemind for a booking found cancelled (both are safe to repeat). */
async function uncount(deps: BookingDeps, appointment: StoredAppointment): Promise<void> {
  await Promise.all([deps.bookings.counts.remove(appointment.salonId, monthOf(appointment.createdAt), appointment.id), deps.bookings.reminders.drop(appointment.salonId, appointment.id)]);
}

/** An ended booking's projections: cancelled (or moved away) everywhere. */
export async function projectEnded(deps: BookingDeps, context: SalonContext, stylistId: string, ended: EndedReservation): Promise<void> {
  const salonId = context.salon.id;
  const movedTo = ended.movedTo?.bookingId;
  let appointment = await deps.bookings.appointments.get(salonId, ended.bookingId);
  if (!appointment) {
    // Ended before it was ever projected: it is kept as cancelled, and nobody was told of it.
    const never = appointmentOf(salonId, stylistId, ended);
    if (!never) return;
    const cancelled: StoredAppointment = { ...never, status: 'cancelled', cancelledAt: ended.at, rescheduledTo: movedTo ?? null, cancelReason: ended.reason ?? null };
    if (await deps.bookings.appointments.create(cancelled)) return;
    appointment = await deps.bookings.appointments.get(salonId, ended.bookingId);
    if (!appointment) return;
  }
  await deps.bookings.appointments.markCancelled(salonId, ended.bookingId, ended.at, movedTo, ended.reason);
  const cancelled: StoredAppointment = {
    ...appointment,
    status: 'cancelled',
    cancelledAt: appointment.cancelledAt ?? ended.at,
    rescheduledTo: movedTo ?? appointment.rescheduledTo,
    cancelReason: appointment.cancelReason ?? ended.reason ?? null,
  };
  const phoneHash = phoneKey(salonId, appointment.callerPhone);
  await Promise.all([
    ended.movedTo
      ? moveCallerBooking(deps, salonId, phoneHash, ended.bookingId, { bookingId: ended.movedTo.bookingId, start: Date.parse(ended.movedTo.start) })
      : forgetCallerBooking(deps, salonId, phoneHash, ended.bookingId, { keepInCap: true }),
    deps.bookings.counts.remove(salonId, monthOf(appointment.createdAt), appointment.id),
    cancelled.calendarId ? queueCalendarWrite(deps, cancelled, 'delete') : Promise.resolve(),
    // A move's new booking is confirmed under its own id, with its own reminder.
    deps.bookings.reminders.drop(salonId, ended.bookingId),
  ]);
  await publishBooking(deps, context, 'booking.cancelled', cancelled);
  // A time freed close to its start is offered to the callers waiting for that day.
  if (!ended.movedTo && offerable(cancelled, deps.now())) {
    await deps.events.publish('booking.slot-freed', { appointment: publicAppointment(cancelled), salonName: context.salon.name }).catch((error: unknown) => {
      logger.error('booking event not published', { type: 'booking.slot-freed', salonId, bookingId: cancelled.id, name: (error as Error)?.name });
    });
  }
}
