import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from '../dynamo.js';
import { keys } from '../keys.js';

/**
 * `SALON#<id>` / `BOOKINGS#<yyyy-mm>`: the ids of the confirmed bookings made that month, and
 * their number. The set makes a repair that projects a booking again, or a cancellation
 * replayed, change nothing twice (the number moves only in the same write as the set, and only
 * when the set changes); the number is what the dashboard reads, so it never loads the ids.
 */
export interface BookingCountStore {
  add(salonId: string, month: string, bookingId: string): Promise<void>;
  remove(salonId: string, month: string, bookingId: string): Promise<void>;
  count(salonId: string, month: string): Promise<number>;
}

const countKey = (salonId: string, month: string) => ({ pk: keys.salon(salonId), sk: keys.bookingCountSk(month) });

/** The update that counts a booking in its month, refused when it is counted already (alone, or in a booking's transaction). */
export function countAddUpdate(tableName: string, salonId: string, month: string, bookingId: string) {
  return {
    TableName: tableName,
    Key: countKey(salonId, month),
    UpdateExpression: 'ADD ids :id, #total :one',
    ExpressionAttributeNames: { '#total': 'total' },
    ConditionExpression: 'attribute_not_exists(ids) OR NOT contains(ids, :bookingId)',
    ExpressionAttributeValues: { ':id': new Set([bookingId]), ':bookingId': bookingId, ':one': 1 },
  };
}

/** The update that takes a booking out of its month's count, refused when it is not counted. */
export function countRemoveUpdate(tableName: string, salonId: string, month: string, bookingId: string) {
  return {
    TableName: tableName,
    Key: countKey(salonId, month),
    UpdateExpression: 'DELETE ids :id ADD #total :minusOne',
    ExpressionAttributeNames: { '#total': 'total' },
    ConditionExpression: 'contains(ids, :bookingId)',
    ExpressionAttributeValues: { ':id': new Set([bookingId]), ':bookingId': bookingId, ':minusOne': -1 },
  };
}

export function createBookingCountStore(client: DynamoDBDocumentClient, tableName: string): BookingCountStore {
  const key = countKey;
  return {
    async add(salonId, month, bookingId) {
      await conditionally(client.send(new UpdateCommand(countAddUpdate(tableName, salonId, month, bookingId))));
    },
    async remove(salonId, month, bookingId) {
      await conditionally(client.send(new UpdateCommand(countRemoveUpdate(tableName, salonId, month, bookingId))));
    },
    async count(salonId, month) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, month), ProjectionExpression: '#total', ExpressionAttributeNames: { '#total': 'total' } }))).Item;
      if (typeof item?.total === 'number') return item.total;
      // A month counted before the number was kept: count the ids.
      const legacy = (await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, month), ProjectionExpression: 'ids' }))).Item;
      return (legacy?.ids as Set<string> | undefined)?.size ?? 0;
    },
  };
}
