import type { EventDetail, EventType } from '../../../contracts/events.js';
import type { DayItem, StoredAppointment } from '../../booking/records.js';
import type { CalendarSyncTask } from './calendar-sync-store.js';
import type { CallerRecord } from './caller-store.js';
import type { IdempotencyRecord } from './idempotency-store.js';
import type { MarkerRef, SettleMarker } from './settle-store.js';
import type { Reminder } from '../reminder-store.js';

/**
 * A change of bookings as one TransactWriteItems (book, cancel, reschedule): the stylists' days at
 * the versions read, the appointments, the caller's record at the version read, the idempotency
 * key with its answer, the months' counts, the reminders, the calendar writes still to do and the
 * events that tell of it (outbox items). All of it or none of it, whatever dies when: nothing is
 * left half-done for a repair, and no event is lost or told of a change that did not happen.
 */
export interface BookingChange {
  days: readonly DayItem[];
  /** New appointments (refused if one exists). */
  created?: readonly StoredAppointment[];
  /** Live appointments ended (refused unless the appointment is there and still live). */
  ended?: readonly AppointmentEnding[];
  caller?: { phoneHash: string; record: CallerRecord };
  /** A new key, with the answer a retry is told (refused if the key is taken). */
  key?: { record: IdempotencyRecord; expiresAt: Date };
  counted?: readonly MonthEntry[];
  /** Taken out of their months' counts (refused if not counted). */
  uncounted?: readonly MonthEntry[];
  reminders?: readonly Reminder[];
  droppedReminders?: readonly string[];
  calendarWrites?: readonly CalendarSyncTask[];
  /** A held time's marker, due once its deposit's session has expired (the sweep releases it then, if no webhook did). */
  holds?: readonly SettleMarker[];
  /** Held times settled (paid or released): their markers go. */
  clearedHolds?: readonly MarkerRef[];
  /** Appointments whose deposit was paid: awaiting deposit → confirmed (refused otherwise). */
  paid?: readonly string[];
  /** The events that tell of the change, as outbox items (event-outbox.ts): they leave with the write. */
  events?: readonly ChangeEvent[];
}

export interface ChangeEvent {
  id: string;
  type: EventType;
  detail: EventDetail<EventType>;
  /** When the change happened (the outbox item's clock). */
  at: Date;
}

export interface AppointmentEnding {
  bookingId: string;
  at: string;
  rescheduledTo?: string;
  reason?: 'deposit_not_paid';
}

export interface MonthEntry {
  month: string;
  bookingId: string;
}

/** Which kind of item's condition refused the change (nothing was written). 'conflict': another transaction on the same items was in flight. */
export type ChangeRefusal = 'day' | 'appointment' | 'ended' | 'paid' | 'caller' | 'key' | 'counted' | 'uncounted' | 'conflict';

/** `refused`: the first item whose condition failed; `all`: every kind that failed (a key taken is told before the day it took). */
export type ChangeOutcome = { committed: true } | { committed: false; refused: ChangeRefusal; at: number; all: ChangeRefusal[] };

export type CommitBookingChange = (salonId: string, change: BookingChange) => Promise<ChangeOutcome>;
