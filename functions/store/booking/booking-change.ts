import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import type { EventDetail, EventType } from '../../../events/catalog.js';
import { reminderEntity, settleMarkerEntity } from '../entities/sweep-entities.js';
import type { DayItem, StoredAppointment } from '../../core/booking/records.js';
import { outboxEventPut } from '../event-outbox.js';
import { calendarSyncPut, type CalendarSyncTask } from './calendar-sync-store.js';
import { appointmentCancelUpdate, appointmentPaidUpdate, appointmentPut } from './appointment-store.js';
import { callerPut, type CallerRecord } from './caller-store.js';
import { countAddUpdate, countRemoveUpdate } from './booking-count-store.js';
import { dayPut } from './day-store.js';
import { keyPut, type IdempotencyRecord } from './idempotency-store.js';
import { markerKey, markerPut, type MarkerRef, type SettleMarker } from './settle-store.js';
import { reminderKey, reminderPut, type Reminder } from '../reminder-store.js';

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

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export function createCommitBookingChange(client: DynamoDBDocumentClient, tableName: string): CommitBookingChange {
  return async (salonId, change) => {
    const items: { kind: ChangeRefusal; item: TransactItem }[] = [
      ...change.days.map((day) => ({ kind: 'day' as const, item: { Put: dayPut(tableName, salonId, day) } })),
      ...(change.created ?? []).map((appointment) => ({ kind: 'appointment' as const, item: { Put: appointmentPut(tableName, appointment) } })),
      ...(change.ended ?? []).map((ending) => ({ kind: 'ended' as const, item: { Update: appointmentCancelUpdate(tableName, salonId, ending) } })),
      ...(change.paid ?? []).map((bookingId) => ({ kind: 'paid' as const, item: { Update: appointmentPaidUpdate(tableName, salonId, bookingId) } })),
      ...(change.caller ? [{ kind: 'caller' as const, item: { Put: callerPut(tableName, salonId, change.caller.phoneHash, change.caller.record) } }] : []),
      ...(change.key ? [{ kind: 'key' as const, item: { Put: keyPut(tableName, salonId, change.key.record, change.key.expiresAt) } }] : []),
      ...(change.counted ?? []).map((entry) => ({
        kind: 'counted' as const,
        item: { Update: countAddUpdate(tableName, salonId, entry.month, entry.bookingId) },
      })),
      ...(change.uncounted ?? []).map((entry) => ({
        kind: 'uncounted' as const,
        item: { Update: countRemoveUpdate(tableName, salonId, entry.month, entry.bookingId) },
      })),
      ...(change.reminders ?? []).map((reminder) => ({ kind: 'conflict' as const, item: { Put: reminderPut(tableName, reminder) } })),
      ...(change.droppedReminders ?? []).map((bookingId) => ({
        kind: 'conflict' as const,
        item: reminderEntity.build(DeleteTransaction).key(reminderKey(salonId, bookingId)).options({ tableName }).params(),
      })),
      ...(change.calendarWrites ?? []).map((task) => ({ kind: 'conflict' as const, item: { Put: calendarSyncPut(tableName, salonId, task) } })),
      ...(change.holds ?? []).map((marker) => ({ kind: 'conflict' as const, item: { Put: markerPut(tableName, marker) } })),
      ...(change.clearedHolds ?? []).map((marker) => ({
        kind: 'conflict' as const,
        item: settleMarkerEntity.build(DeleteTransaction).key(markerKey(marker)).options({ tableName }).params(),
      })),
      ...(change.events ?? []).map((event) => ({ kind: 'conflict' as const, item: { Put: outboxEventPut(tableName, { salonId, ...event }) } })),
    ];
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items.map((entry) => entry.item) }));
      return { committed: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      // The reasons come in the items' order, so a refusal at index i names item i. A refusal for
      // another reason (TransactionConflict: a transaction on the same items in flight) is a lost race.
      const reasons = error.CancellationReasons ?? [];
      const at = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      const all = [...new Set(reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [items[index]!.kind] : [])))];
      return { committed: false, refused: at >= 0 ? items[at]!.kind : 'conflict', at, all };
    }
  };
}
