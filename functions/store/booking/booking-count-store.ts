import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $delete } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { bookingCountEntity } from '../entities/booking-entities.js';
import { batchGetAll, conditionally } from '../dynamo.js';
import { keys } from '../keys.js';
import type { BookingCountStore } from '../../core/ports/booking/booking-count-store.js';

export const COUNT_SHARDS = 8;

const shardOf = (bookingId: string) => createHash('sha256').update(bookingId).digest()[0]! % COUNT_SHARDS;

const countKey = (salonId: string, month: string, bookingId: string) => ({
  pk: keys.salon(salonId),
  sk: `${keys.bookingCountSk(month)}#${shardOf(bookingId)}`,
});

/** The update that counts a booking in its month, refused when it is counted already (in a booking's transaction, or alone). */
export function countAddUpdate(tableName: string, salonId: string, month: string, bookingId: string) {
  return bookingCountEntity()
    .build(UpdateTransaction)
    .item({ ...countKey(salonId, month, bookingId), ids: $add(new Set([bookingId])), total: $add(1) })
    .options({ tableName, condition: { or: [{ attr: 'ids', exists: false }, { not: { attr: 'ids', contains: bookingId } }] } })
    .params().Update;
}

/** The update that takes a booking out of its month's count, refused when it is not counted. */
export function countRemoveUpdate(tableName: string, salonId: string, month: string, bookingId: string) {
  return bookingCountEntity()
    .build(UpdateTransaction)
    .item({ ...countKey(salonId, month, bookingId), ids: $delete(new Set([bookingId])), total: $add(-1) })
    .options({ tableName, condition: { attr: 'ids', contains: bookingId } })
    .params().Update;
}

export function createBookingCountStore(client: DynamoDBDocumentClient, tableName: string): BookingCountStore {
  return {
    async add(salonId, month, bookingId) {
      await conditionally(client.send(new UpdateCommand(countAddUpdate(tableName, salonId, month, bookingId))));
    },
    async count(salonId, month) {
      const month0 = keys.bookingCountSk(month);
      const sks = [month0, ...Array.from({ length: COUNT_SHARDS }, (_, shard) => `${month0}#${shard}`)];
      const items = await batchGetAll(
        client,
        tableName,
        sks.map((sk) => ({ pk: keys.salon(salonId), sk })),
      );
      // A month counted before the number was kept has only its ids.
      return items.reduce((sum, item) => sum + (typeof item.total === 'number' ? item.total : ((item.ids as Set<string> | undefined)?.size ?? 0)), 0);
    },
  };
}
