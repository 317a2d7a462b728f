import { DeleteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { calendarSyncEntity } from '../entities/sweep-entities.js';
import { conditionally, queryAll } from '../dynamo.js';
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
  /** The last failed attempt, when one failed: what went wrong (a calendar error kind) and when. */
  failure?: { kind: string; at: string };
}

export interface CalendarSyncStore {
  clear(salonId: string, bookingId: string): Promise<void>;
  /** Notes a failed attempt on a marker still there (none is created). */
  noteFailure(salonId: string, bookingId: string, kind: string, at: string): Promise<void>;
  pending(salonId: string, limit: number): Promise<CalendarSyncTask[]>;
  /** Salons with a calendar write pending since before `before`, oldest first. */
  salonsWithPending(before: Date, limit: number): Promise<string[]>;
}

const syncKey = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarSyncSk(bookingId) });

/** The put that leaves a calendar write to be done (alone, or in a booking's transaction). */
export function calendarSyncPut(tableName: string, salonId: string, task: CalendarSyncTask) {
  return calendarSyncEntity
    .build(PutTransaction)
    .item({
      ...syncKey(salonId, task.bookingId),
      ...task,
      salonId,
      gsi1pk: keys.calendarSyncIndex,
      gsi1sk: `${task.since}#${salonId}#${task.bookingId}`,
    })
    .options({ tableName })
    .params().Put;
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
