import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { reminderEntity, settleMarkerEntity } from '../entities/sweep-entities.js';
import { outboxEventPut } from '../event-outbox.js';
import { calendarSyncPut } from './calendar-sync-store.js';
import { appointmentCancelUpdate, appointmentPaidUpdate, appointmentPut } from './appointment-store.js';
import { callerPut } from './caller-store.js';
import { countAddUpdate, countRemoveUpdate } from './booking-count-store.js';
import { dayPut } from './day-store.js';
import { keyPut } from './idempotency-store.js';
import { markerKey, markerPut } from './settle-store.js';
import { reminderKey, reminderPut } from '../reminder-store.js';
import type { ChangeRefusal, CommitBookingChange } from '../../core/ports/booking/booking-change.js';

/**
 * Every booking change as ONE TransactWriteItems: the days, the appointments, the caller's record,
 * the idempotency key and its answer, the month's count, the reminder, the calendar write to do
 * and the booking's events as outbox items, each built by its entity (../entities/); a refusal
 * names the item that failed its condition.
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): the outbox items leave on the
 * table's stream, through infra/event-outbox-pipe.ts (an EventBridge Pipe) to the bus, where
 * events/rules.ts says which consumer gets each.
 */

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
        item: reminderEntity().build(DeleteTransaction).key(reminderKey(salonId, bookingId)).options({ tableName }).params(),
      })),
      ...(change.calendarWrites ?? []).map((task) => ({ kind: 'conflict' as const, item: { Put: calendarSyncPut(tableName, salonId, task) } })),
      ...(change.holds ?? []).map((marker) => ({ kind: 'conflict' as const, item: { Put: markerPut(tableName, marker) } })),
      ...(change.clearedHolds ?? []).map((marker) => ({
        kind: 'conflict' as const,
        item: settleMarkerEntity().build(DeleteTransaction).key(markerKey(marker)).options({ tableName }).params(),
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
