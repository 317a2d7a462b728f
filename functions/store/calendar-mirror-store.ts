import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { calendarMirrorEntity } from './entities/calendar-mirror-entity.js';
import { keyQuery, salonItemsQuery } from './entities/query.js';
import { replacedWhole } from './entities/table.js';
import { keys } from './keys.js';
import type { CalendarMirror, CalendarMirrorStore } from '../core/ports/calendar-mirror-store.js';

const NO_CHANNEL = '0000';

type MirrorEntity = ReturnType<typeof calendarMirrorEntity>;

export function toMirror(stored: Item): CalendarMirror {
  const item = calendarMirrorEntity().build(EntityFormatter).format(stored);
  return {
    salonId: item.salonId,
    calendarId: item.calendarId,
    busy: item.busy ?? {},
    syncToken: item.syncToken ?? null,
    syncedAt: item.syncedAt ?? null,
    notifiedAt: item.notifiedAt ?? null,
    failure: item.failure ?? null,
    channel: item.channel ?? null,
    ownWrites: item.ownWrites ?? {},
    dueAt: item.dueAt ?? NO_CHANNEL,
    version: item.version ?? 0,
  };
}

/** One mirror's key, for reads batched with other items (a booking's one read). */
export const mirrorKey = (salonId: string, calendarId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarMirrorSk(calendarId) });

/** One of the mirror's own writes, by event id (a path the library reads whatever the id holds). */
const ownWrite = (eventId: string) => `ownWrites['${eventId}']` as const;
const EXISTS: Condition<MirrorEntity> = { attr: 'pk', exists: true };

export function createCalendarMirrorStore(client: DynamoDBDocumentClient, tableName: string): CalendarMirrorStore {
  const key = mirrorKey;
  /** One conditional update of the mirror, built by its entity (on a mirror that exists, unless told otherwise). */
  const touch = (salonId: string, calendarId: string, changes: Omit<UpdateItemInput<MirrorEntity>, 'pk' | 'sk'>, condition: Condition<MirrorEntity> = EXISTS) =>
    conditionally(
      client.send(
        new UpdateCommand(
          calendarMirrorEntity()
            .build(UpdateTransaction)
            .item({ ...key(salonId, calendarId), ...changes })
            .options({ tableName, condition })
            .params().Update,
        ),
      ),
    );
  const indexed = (mirror: CalendarMirror) => ({ gsi1pk: keys.calendarMirrorIndex, gsi1sk: `${mirror.dueAt}#${mirror.salonId}#${mirror.calendarId}` });
  return {
    async list(salonId) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.calendarMirrorPrefix));
      return items.map(toMirror);
    },
    async save(mirror, settled = []) {
      if (mirror.version === 1) {
        return conditionally(
          client.send(
            new PutCommand(
              calendarMirrorEntity()
                .build(PutTransaction)
                .item({ ...key(mirror.salonId, mirror.calendarId), ...mirror, ...indexed(mirror) })
                .options({ tableName, condition: { attr: 'pk', exists: false } })
                .params().Put,
            ),
          ),
        );
      }
      return touch(
        mirror.salonId,
        mirror.calendarId,
        {
          // Each written whole: the sync's state replaces the one it read.
          busy: replacedWhole(mirror.busy),
          syncToken: mirror.syncToken,
          syncedAt: mirror.syncedAt,
          failure: replacedWhole(mirror.failure),
          channel: replacedWhole(mirror.channel),
          dueAt: mirror.dueAt,
          version: mirror.version,
          ...indexed(mirror),
          ...(settled.length ? { ownWrites: Object.fromEntries(settled.map((eventId) => [eventId, $remove()])) } : {}),
        },
        { attr: 'version', eq: mirror.version - 1 },
      );
    },
    async noteNotified(salonId, calendarId, at) {
      await touch(salonId, calendarId, { notifiedAt: at });
    },
    async noteOwnWrite(salonId, calendarId, eventId, at) {
      const add = () => touch(salonId, calendarId, { ownWrites: { [eventId]: at } }, { attr: 'ownWrites', exists: true });
      // A mirror saved before own writes were kept has no map to add to: it gets one (unless a racing write just made it).
      return (
        (await add()) ||
        (await touch(salonId, calendarId, { ownWrites: $set({ [eventId]: at }) }, { and: [EXISTS, { attr: 'ownWrites', exists: false }] })) ||
        add()
      );
    },
    dropOwnWrite(salonId, calendarId, eventId) {
      return touch(salonId, calendarId, { ownWrites: { [eventId]: $remove() } }, { attr: ownWrite(eventId), exists: true });
    },
    async noteFailure(salonId, calendarId, failure) {
      await touch(salonId, calendarId, { failure: replacedWhole(failure), gsi1sk: `${NO_CHANNEL}#${salonId}#${calendarId}` });
    },
    async dueForRenewal(before, limit) {
      const items = await queryAll(
        client,
        keyQuery(tableName, { index: 'gsi1', partition: keys.calendarMirrorIndex, range: { lt: before.toISOString() } }),
        limit,
      );
      const formatter = calendarMirrorEntity().build(EntityFormatter);
      return items.map((item) => {
        const { salonId, calendarId } = formatter.format(item, { attributes: ['salonId', 'calendarId'] });
        return { salonId, calendarId };
      });
    },
    async remove(salonId, calendarId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, calendarId) }));
    },
  };
}
