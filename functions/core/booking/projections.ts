import { isoLocal } from './time.js';
import type { DayReservation, StoredAppointment } from './records.js';

/**
 * What a booking's appointment is: rebuilt from its reservation on the day item. It, and everything
 * else that must agree with the day, is written in the change's own transaction (booking-change.ts,
 * change-items.ts, booking-events.ts).
 */

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
