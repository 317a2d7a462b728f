import type { BookingChange } from '../ports/booking/booking-change.js';
import { reminderFor } from '../reminders/reminders.js';
import type { SalonContext } from './context.js';
import { localDate } from './time.js';
import type { StoredAppointment } from './records.js';

/**
 * What must change with a booking's appointment, in the same transaction (booking-change.ts): a
 * confirmed booking counts in its month (the owner's own test calls are not business), has its
 * reminder and its calendar event to write; an ended one takes them back. A held time (awaiting its
 * deposit) is in the calendar too (the time is not free) but is neither counted nor reminded.
 */
export const monthOf = (iso: string) => localDate(Date.parse(iso)).slice(0, 7);

const counts = (appointment: StoredAppointment) => appointment.status === 'confirmed' && appointment.source !== 'test-call';

/** The month's count a booking is in: its own, or (moved) the booking first made's. */
export const countOf = (appointment: StoredAppointment) => appointment.countedAs ?? { month: monthOf(appointment.createdAt), bookingId: appointment.id };

export function liveItems(context: SalonContext, appointment: StoredAppointment, now: Date): Pick<BookingChange, 'counted' | 'reminders' | 'calendarWrites'> {
  const reminder = reminderFor(context.salon, appointment);
  return {
    counted: counts(appointment) ? [countOf(appointment)] : [],
    reminders: reminder ? [reminder] : [],
    calendarWrites: appointment.calendarId ? [{ bookingId: appointment.id, operation: 'create', since: now.toISOString() }] : [],
  };
}

export function endedItems(appointment: StoredAppointment, now: Date): Pick<BookingChange, 'uncounted' | 'droppedReminders' | 'calendarWrites'> {
  return {
    uncounted: counts(appointment) ? [countOf(appointment)] : [],
    droppedReminders: [appointment.id],
    calendarWrites: appointment.calendarId ? [{ bookingId: appointment.id, operation: 'delete', since: now.toISOString() }] : [],
  };
}

/** Several changes' items together (a move ends one booking and makes another). */
export function joined(...parts: BookingChange[]): BookingChange {
  const all = <K extends keyof BookingChange>(key: K) => parts.flatMap((part) => (part[key] as readonly unknown[] | undefined) ?? []) as never;
  const caller = parts.find((part) => part.caller)?.caller;
  const key = parts.find((part) => part.key)?.key;
  return {
    days: all('days'),
    created: all('created'),
    ended: all('ended'),
    counted: all('counted'),
    uncounted: all('uncounted'),
    reminders: all('reminders'),
    droppedReminders: all('droppedReminders'),
    calendarWrites: all('calendarWrites'),
    holds: all('holds'),
    events: all('events'),
    ...(caller ? { caller } : {}),
    ...(key ? { key } : {}),
  };
}
