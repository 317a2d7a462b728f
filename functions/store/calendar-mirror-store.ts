import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { MirrorChannel, CalendarMirror, CalendarMirrorStore } from '../core/ports/calendar-mirror-store.js';

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
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.calendarMirrorPrefix));
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
