import { type EventDetail, type EventType, outboxEventId } from '../../contracts/events.js';
import { publicAppointment, type DepositHold, type StoredAppointment } from './records.js';
import { offerable } from '../waitlist/freed-time.js';
import type { SalonContext } from './context.js';

/**
 * The events that tell of a change of a booking, written as outbox items in the change's own
 * transaction (booking-change.ts, store/event-outbox.ts): the table's stream takes them to the bus,
 * so no crash between the write and a publish can lose one, and a refused change tells nothing.
 * Each is named by its booking (a booking is confirmed, held or cancelled once), so the same event
 * written again is the same item. Their consumers de-duplicate by booking as before.
 */
export interface BookingEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  detail: EventDetail<T>;
}

const event = <T extends EventType>(type: T, subjectId: string, detail: EventDetail<T>): BookingEvent =>
  ({ id: outboxEventId(type, subjectId), type, detail }) as BookingEvent;

/** A booking confirmed: made, paid for, or the new time of a move. */
export function confirmedEvent(context: SalonContext, appointment: StoredAppointment): BookingEvent {
  return event('booking.confirmed', appointment.id, {
    appointment: publicAppointment(appointment),
    salonName: context.salon.name,
    ownerEmail: context.salon.ownerEmail,
  });
}

/** A time held for its deposit: the caller is texted the link to pay. */
export function depositRequestedEvent(context: SalonContext, appointment: StoredAppointment, deposit: Omit<DepositHold, 'paidAt'>): BookingEvent {
  return event('booking.deposit-requested', appointment.id, {
    appointment: publicAppointment(appointment),
    salonName: context.salon.name,
    depositCents: deposit.amountCents,
    payUrl: deposit.payUrl,
    expiresAt: deposit.expiresAt,
  });
}

/** A booking ended (cancelled, moved away, its deposit not paid); a time freed close to its start is offered to the callers waiting for that day. */
export function endedEvents(context: SalonContext, cancelled: StoredAppointment, now: Date): BookingEvent[] {
  const detail = { appointment: publicAppointment(cancelled), salonName: context.salon.name, ownerEmail: context.salon.ownerEmail };
  const told = event('booking.cancelled', cancelled.id, cancelled.cancelReason ? { ...detail, reason: cancelled.cancelReason } : detail);
  if (cancelled.rescheduledTo || !offerable(cancelled, now)) return [told];
  return [told, event('booking.slot-freed', cancelled.id, { appointment: publicAppointment(cancelled), salonName: context.salon.name })];
}

/** The events as a change's outbox items, stamped with the change's clock. */
export const stamped = (events: readonly BookingEvent[], at: Date) => events.map((each) => ({ ...each, at }));

/** A stored appointment as a change that ended it leaves it. */
export const endedAs = (
  stored: StoredAppointment,
  ended: Pick<StoredAppointment, 'status' | 'cancelledAt' | 'rescheduledTo' | 'cancelReason'>,
): StoredAppointment => ({
  ...stored,
  status: ended.status,
  cancelledAt: ended.cancelledAt,
  rescheduledTo: ended.rescheduledTo,
  cancelReason: ended.cancelReason ?? null,
});
