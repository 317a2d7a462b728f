import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../dynamo.js';
import { keys } from '../keys.js';
import { tableKeys } from '../table-definition.js';

/**
 * `SALON#<id>` / `CALSYNC#<bookingId>`: a calendar write still to be done (the provider was down).
 * Listed per salon for the retry, and across salons on gsi1 (`CALSYNC` / since) for the sweep.
 */
export interface CalendarSyncTask {
  bookingId: string;
  operation: 'create' | 'delete';
  since: string;
}

export interface CalendarSyncStore {
  mark(salonId: string, task: CalendarSyncTask): Promise<void>;
  clear(salonId: string, bookingId: string): Promise<void>;
  pending(salonId: string, limit: number): Promise<CalendarSyncTask[]>;
  /** Salons with a calendar write pending since before `before`, oldest first. */
  salonsWithPending(before: Date, limit: number): Promise<string[]>;
}

export function createCalendarSyncStore(client: DynamoDBDocumentClient, tableName: string): CalendarSyncStore {
  const key = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarSyncSk(bookingId) });
  return {
    async mark(salonId, task) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key(salonId, task.bookingId),
            ...task,
            salonId,
            [tableKeys.gsi1.partitionKey]: keys.calendarSyncIndex,
            [tableKeys.gsi1.sortKey]: `${task.since}#${salonId}#${task.bookingId}`,
          },
        }),
      );
    },
    async clear(salonId, bookingId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, bookingId) }));
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
      return items.map((item) => ({ bookingId: String(item.bookingId), operation: item.operation === 'delete' ? 'delete' : 'create', since: String(item.since) }));
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
