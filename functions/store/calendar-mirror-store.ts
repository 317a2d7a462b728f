import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * `SALON#<id>` / `CALMIRROR#<calendarId>`: our copy of one connected calendar's busy time (issue
 * 21), kept by full and incremental syncs and Google's push channel. One item per calendar, so a
 * salon's mirrors are one query; listed across salons on gsi1 (`CALMIRRORS` / when it is next due)
 * for the booking sweep. A sync writes it conditionally on its version: two syncs racing cannot undo
 * each other's changes (the loser reads again and applies its page to the winner's state). What
 * arrives beside the syncs (a notification, our own write awaited) is written on its own and never
 * overwritten by a sync that read the item before it.
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
  /** Our own event writes whose change no sync has seen yet: event id → when the write began (own-writes.ts). */
  ownWrites: Record<string, string>;
  /** When the booking sweep should next look at it (a resync, or its channel's renewal). */
  dueAt: string;
  version: number;
}

export interface CalendarMirrorStore {
  /** The salon's mirrors (every calendar), in one query. */
  list(salonId: string): Promise<CalendarMirror[]>;
  /**
   * Writes a sync's outcome if the stored version is still `mirror.version - 1` (or creates the
   * mirror at version 1), and forgets the own writes `settled`. Keeps `notifiedAt` and the own
   * writes as stored: they may have changed since the sync read them.
   */
  save(mirror: CalendarMirror, settled?: readonly string[]): Promise<boolean>;
  noteNotified(salonId: string, calendarId: string, at: string): Promise<void>;
  /** Notes that we are about to write event `eventId` to the calendar (false when it has no mirror). */
  noteOwnWrite(salonId: string, calendarId: string, eventId: string, at: string): Promise<boolean>;
  /**
   * Forgets our write of `eventId` (it changed nothing or failed, or its notification came):
   * false when it was not noted, or already forgotten.
   */
  dropOwnWrite(salonId: string, calendarId: string, eventId: string): Promise<boolean>;
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
    ownWrites: (item.ownWrites as CalendarMirror['ownWrites'] | undefined) ?? {},
    dueAt: String(item.dueAt ?? NO_CHANNEL),
    version: Number(item.version ?? 0),
  };
}

/** One mirror's key, for reads batched with other items (a booking's one read). */
export const mirrorKey = (salonId: string, calendarId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarMirrorSk(calendarId) });

export function createCalendarMirrorStore(client: DynamoDBDocumentClient, tableName: string): CalendarMirrorStore {
  const key = mirrorKey;
  const touch = (
    salonId: string,
    calendarId: string,
    expression: string,
    values: Record<string, unknown>,
    more: { condition?: string; names?: Record<string, string> } = {},
  ) =>
    conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(salonId, calendarId),
          UpdateExpression: expression,
          ConditionExpression: more.condition ?? 'attribute_exists(pk)',
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          ...(more.names ? { ExpressionAttributeNames: more.names } : {}),
        }),
      ),
    );
  const indexed = (mirror: CalendarMirror) => ({
    [tableKeys.gsi1.partitionKey]: keys.calendarMirrorIndex,
    [tableKeys.gsi1.sortKey]: `${mirror.dueAt}#${mirror.salonId}#${mirror.calendarId}`,
  });
  return {
    async list(salonId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.calendarMirrorPrefix },
      });
      return items.map(toMirror);
    },
    async save(mirror, settled = []) {
      if (mirror.version === 1) {
        return conditionally(
          client.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...key(mirror.salonId, mirror.calendarId), ...mirror, ...indexed(mirror) },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        );
      }
      const fields = {
        busy: mirror.busy,
        syncToken: mirror.syncToken,
        syncedAt: mirror.syncedAt,
        failure: mirror.failure,
        channel: mirror.channel,
        dueAt: mirror.dueAt,
        version: mirror.version,
        ...indexed(mirror),
      };
      const names: Record<string, string> = Object.fromEntries(Object.keys(fields).map((field, index) => [`#f${index}`, field]));
      const values: Record<string, unknown> = Object.fromEntries(Object.values(fields).map((value, index) => [`:f${index}`, value]));
      const sets = Object.keys(fields).map((_, index) => `#f${index} = :f${index}`);
      const removes = settled.map((eventId, index) => ((names[`#o${index}`] = eventId), `#own.#o${index}`));
      if (removes.length) names['#own'] = 'ownWrites';
      return touch(
        mirror.salonId,
        mirror.calendarId,
        `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        { ...values, ':previous': mirror.version - 1 },
        {
          condition: '#version = :previous',
          names: { ...names, '#version': 'version' },
        },
      );
    },
    async noteNotified(salonId, calendarId, at) {
      await touch(salonId, calendarId, 'SET notifiedAt = :at', { ':at': at });
    },
    async noteOwnWrite(salonId, calendarId, eventId, at) {
      const names = { '#own': 'ownWrites' };
      const add = () =>
        touch(salonId, calendarId, 'SET #own.#id = :at', { ':at': at }, { condition: 'attribute_exists(#own)', names: { ...names, '#id': eventId } });
      // A mirror saved before own writes were kept has no map to add to: it gets one (unless a racing write just made it).
      return (
        (await add()) ||
        (await touch(
          salonId,
          calendarId,
          'SET #own = :own',
          { ':own': { [eventId]: at } },
          { condition: 'attribute_exists(pk) AND attribute_not_exists(#own)', names },
        )) ||
        add()
      );
    },
    dropOwnWrite(salonId, calendarId, eventId) {
      return touch(salonId, calendarId, 'REMOVE #own.#id', {}, { condition: 'attribute_exists(#own.#id)', names: { '#own': 'ownWrites', '#id': eventId } });
    },
    async noteFailure(salonId, calendarId, failure) {
      await touch(salonId, calendarId, `SET failure = :failure, ${tableKeys.gsi1.sortKey} = :due`, {
        ':failure': failure,
        ':due': `${NO_CHANNEL}#${salonId}#${calendarId}`,
      });
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
