import { DeleteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { keyQuery } from '../entities/query.js';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { calendarSyncEntity } from '../entities/sweep-entities.js';
import { conditionally, queryAll } from '../dynamo.js';
import { keys } from '../keys.js';
import type { CalendarSyncTask, CalendarSyncStore } from '../../core/ports/booking/calendar-sync-store.js';

const syncKey = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.calendarSyncSk(bookingId) });

/** The put that leaves a calendar write to be done (alone, or in a booking's transaction). */
export function calendarSyncPut(tableName: string, salonId: string, task: CalendarSyncTask) {
  return calendarSyncEntity()
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
          new UpdateCommand(
            calendarSyncEntity()
              .build(UpdateTransaction)
              .item({ ...key(salonId, bookingId), failure: $set({ kind, at }) })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      );
    },
    async pending(salonId, limit) {
      const items = await queryAll(client, keyQuery(tableName, { partition: keys.salon(salonId), range: { beginsWith: keys.calendarSyncPrefix } }), limit);
      const formatter = calendarSyncEntity().build(EntityFormatter);
      return items.map((item) => formatter.format(item, { attributes: ['bookingId', 'operation', 'since', 'failure'] }));
    },
    async salonsWithPending(before, limit) {
      const items = await queryAll(
        client,
        keyQuery(tableName, { index: 'gsi1', partition: keys.calendarSyncIndex, range: { lt: before.toISOString() } }),
        limit,
      );
      const formatter = calendarSyncEntity().build(EntityFormatter);
      return [...new Set(items.map((item) => formatter.format(item, { attributes: ['salonId'] }).salonId))];
    },
  };
}
