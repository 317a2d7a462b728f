import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $delete } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { bookingCountEntity } from '../entities/booking-entities.js';
import { batchGetAll, conditionally } from '../dynamo.js';
import { keys } from '../keys.js';

/**
 * `SALON#<id>` / `BOOKINGS#<yyyy-mm>#<shard>`: the ids of the confirmed bookings made that month,
 * and their number, spread over COUNT_SHARDS items by booking id. Every booking's transaction
 * writes its month's count, and DynamoDB refuses a transaction that meets another one in flight on
 * the same item (TransactionConflict): with one item per month, a salon's bookings at once queued
 * behind each other (10 in flight: p99 1.05 s against 0.59 s without the count). The set makes a
 * booking counted once (the number moves only in the same write as the set, and only when the set
 * changes); the dashboard reads the numbers, never the ids. `BOOKINGS#<yyyy-mm>` without a shard
 * is a month counted before the shards, still read.
 */
export interface BookingCountStore {
  add(salonId: string, month: string, bookingId: string): Promise<void>;
  count(salonId: string, month: string): Promise<number>;
}

export const COUNT_SHARDS = 8;

const shardOf = (bookingId: string) => createHash('sha256').update(bookingId).digest()[0]! % COUNT_SHARDS;

const countKey = (salonId: string, month: string, bookingId: string) => ({
  pk: keys.salon(salonId),
  sk: `${keys.bookingCountSk(month)}#${shardOf(bookingId)}`,
});

/** The update that counts a booking in its month, refused when it is counted already (in a booking's transaction, or alone). */
export function countAddUpdate(tableName: string, salonId: string, month: string, bookingId: string) {
  return bookingCountEntity
    .build(UpdateTransaction)
    .item({ ...countKey(salonId, month, bookingId), ids: $add(new Set([bookingId])), total: $add(1) })
    .options({ tableName, condition: { or: [{ attr: 'ids', exists: false }, { not: { attr: 'ids', contains: bookingId } }] } })
    .params().Update;
}

/** The update that takes a booking out of its month's count, refused when it is not counted. */
export function countRemoveUpdate(tableName: string, salonId: string, month: string, bookingId: string) {
  return bookingCountEntity
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
