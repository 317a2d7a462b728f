import { logger } from '../../logger.js';
import { publicAppointment } from '../../store/booking-store.js';
import type { BookingDeps, SalonContext } from './context.js';
import { isoLocal } from './time.js';
import type { DayReservation, DepositHold, StoredAppointment } from './records.js';

/**
 * What a booking's appointment is (rebuilt from its reservation on the day item) and the events
 * that tell of it. The appointment and everything else that must agree with the day are written in
 * the change's own transaction (booking-change.ts, change-items.ts).
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
    countedAs: record.countedAs ?? null,
  };
}

/** Tells the caller how to pay a held booking's deposit (the texted link); a failure is logged, as for every booking event. */
export async function publishDepositRequest(deps: BookingDeps, context: SalonContext, appointment: StoredAppointment, deposit: DepositHold): Promise<void> {
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
