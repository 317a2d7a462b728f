import { DeleteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from '../dynamo.js';
import { keys } from '../keys.js';
import { tableKeys } from '../table-definition.js';
import type { CalendarSyncTask, CalendarSyncStore } from '../../core/ports/booking/calendar-sync-store.js';

const syncKey = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarSyncSk(bookingId) });

/** The put that leaves a calendar write to be done (alone, or in a booking's transaction). */
export function calendarSyncPut(tableName: string, salonId: string, task: CalendarSyncTask) {
  return {
    TableName: tableName,
    Item: {
      ...syncKey(salonId, task.bookingId),
      ...task,
      salonId,
      [tableKeys.gsi1.partitionKey]: keys.calendarSyncIndex,
      [tableKeys.gsi1.sortKey]: `${task.since}#${salonId}#${task.bookingId}`,
    },
  };
}

export function createCalendarSyncStore(client: DynamoDBDocumentClient, tableName: string): CalendarSyncStore {
  const key = syncKey;
  return {
    async clear(salonId, bookingId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, bookingId) }));
    },
    async noteFailure(salonId, bookingId, kind, at) {
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(salonId, bookingId),
            UpdateExpression: 'SET failure = :failure',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':failure': { kind, at } },
          }),
        ),
      );
    },
    async pending(salonId, limit) {
      const items = await queryAll(
        client,
        {
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.calendarSyncPrefix },
        },
        limit,
      );
      return items.map((item) => {
        const failure = item.failure as { kind?: unknown; at?: unknown } | undefined;
        return {
          bookingId: String(item.bookingId),
          operation: item.operation === 'delete' ? 'delete' : 'create',
          since: String(item.since),
          ...(failure ? { failure: { kind: String(failure.kind), at: String(failure.at) } } : {}),
        };
      });
    },
    async salonsWithPending(before, limit) {
      const items = await queryAll(
        client,
        {
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :index AND gsi1sk < :before',
          ExpressionAttributeValues: { ':index': keys.calendarSyncIndex, ':before': before.toISOString() },
        },
        limit,
      );
      return [...new Set(items.map((item) => String(item.salonId)))];
    },
  };
}
