import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * `SALON#<id>` / `CALMIRROR#<calendarId>`: our copy of one connected calendar's busy time (issue
 * 21), kept by full and incremental syncs and Google's push channel. One item per calendar, so a
 * salon's mirrors are one query; listed across salons on gsi1 (`CALMIRRORS` / when it is next due)
 * for the booking sweep. Written whole, conditionally on its version: two syncs racing cannot undo each
 * other's changes (the loser reads again and applies its page to the winner's state).
 */
export interface MirrorChannel {
  id: string;
  resourceId: string;
  /** The secret half of the channel token Google echoes on every notification. */
  secret: string;
  expiresAt: string;
}

export interface CalendarMirror {
  salonId: string;
  calendarId: string;
  /** Busy events by their id: [start, end] as UTC ISO instants. */
  busy: Record<string, [string, string]>;
  syncToken: string | null;
  /** The last sync that succeeded (full or incremental). */
  syncedAt: string | null;
  /** The last push notification received: newer than syncedAt while its sync is still to come. */
  notifiedAt: string | null;
  /** The last sync that failed, until one succeeds. */
  failure: { kind: string; at: string } | null;
  channel: MirrorChannel | null;
  /** When the booking sweep should next look at it (a resync, or its channel's renewal). */
  dueAt: string;
  version: number;
}

export interface CalendarMirrorStore {
  /** The salon's mirrors (every calendar), in one query. */
  list(salonId: string): Promise<CalendarMirror[]>;
  /** Writes the mirror if its stored version is still `mirror.version - 1` (or it is new at version 1). */
  save(mirror: CalendarMirror): Promise<boolean>;
  noteNotified(salonId: string, calendarId: string, at: string): Promise<void>;
  /** Notes a failed sync; the mirror is then due for the booking sweep at once. */
  noteFailure(salonId: string, calendarId: string, failure: { kind: string; at: string }): Promise<void>;
  /** Mirrors due before `before` (failed ones at once), soonest first. */
  dueForRenewal(before: Date, limit: number): Promise<{ salonId: string; calendarId: string }[]>;
  /** The mirror of a calendar no longer mirrored (unmapped, disconnected). */
  remove(salonId: string, calendarId: string): Promise<void>;
}

const NO_CHANNEL = '0000';

export function toMirror(item: Item): CalendarMirror {
  return {
    salonId: String(item.salonId),
    calendarId: String(item.calendarId),
    busy: (item.busy as CalendarMirror['busy'] | undefined) ?? {},
    syncToken: typeof item.syncToken === 'string' ? item.syncToken : null,
    syncedAt: typeof item.syncedAt === 'string' ? item.syncedAt : null,
    notifiedAt: typeof item.notifiedAt === 'string' ? item.notifiedAt : null,
    failure: (item.failure as CalendarMirror['failure'] | undefined) ?? null,
    channel: (item.channel as MirrorChannel | undefined) ?? null,
    dueAt: String(item.dueAt ?? NO_CHANNEL),
    version: Number(item.version ?? 0),
  };
}

/** One mirror's key, for reads batched with other items (a booking's one read). */
export const mirrorKey = (salonId: string, calendarId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarMirrorSk(calendarId) });

export function createCalendarMirrorStore(client: DynamoDBDocumentClient, tableName: string): CalendarMirrorStore {
  const key = mirrorKey;
  const touch = (salonId: string, calendarId: string, expression: string, values: Record<string, unknown>) =>
    conditionally(
      client.send(
        new UpdateCommand({ TableName: tableName, Key: key(salonId, calendarId), UpdateExpression: expression, ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: values }),
      ),
    );
  return {
    async list(salonId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.calendarMirrorPrefix },
      });
      return items.map(toMirror);
    },
    async save(mirror) {
      return conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...key(mirror.salonId, mirror.calendarId),
              ...mirror,
              [tableKeys.gsi1.partitionKey]: keys.calendarMirrorIndex,
              [tableKeys.gsi1.sortKey]: `${mirror.dueAt}#${mirror.salonId}#${mirror.calendarId}`,
            },
            ConditionExpression: mirror.version === 1 ? 'attribute_not_exists(pk)' : 'version = :previous',
            ...(mirror.version === 1 ? {} : { ExpressionAttributeValues: { ':previous': mirror.version - 1 } }),
          }),
        ),
      );
    },
    async noteNotified(salonId, calendarId, at) {
      await touch(salonId, calendarId, 'SET notifiedAt = :at', { ':at': at });
    },
    async noteFailure(salonId, calendarId, failure) {
      await touch(salonId, calendarId, `SET failure = :failure, ${tableKeys.gsi1.sortKey} = :due`, { ':failure': failure, ':due': `${NO_CHANNEL}#${salonId}#${calendarId}` });
    },
    async dueForRenewal(before, limit) {
      const items = await queryAll(
        client,
        {
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :index AND gsi1sk < :before',
          ExpressionAttributeValues: { ':index': keys.calendarMirrorIndex, ':before': before.toISOString() },
        },
        limit,
      );
      return items.map((item) => ({ salonId: String(item.salonId), calendarId: String(item.calendarId) }));
    },
    async remove(salonId, calendarId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, calendarId) }));
    },
  };
}
