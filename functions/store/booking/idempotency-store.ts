import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';
import type { IdempotencyRecord, IdempotencyStore } from '../../core/ports/booking/idempotency-store.js';

export const idempotencyKeyOf = (salonId: string, key: string) => ({ pk: keys.salon(salonId), sk: keys.idempotencySk(key) });

export function toIdempotencyRecord(key: string, item: Record<string, unknown> | undefined): IdempotencyRecord | null {
  if (!item) return null;
  return {
    key,
    requestHash: String(item.requestHash),
    bookingId: String(item.bookingId),
    answer: typeof item.answer === 'string' ? JSON.parse(item.answer) : item.answer,
  };
}

/** The put that keeps a new key with its answer, refused when the key is taken (in a booking's transaction). */
export function keyPut(tableName: string, salonId: string, record: IdempotencyRecord, expiresAt: Date) {
  return {
    TableName: tableName,
    Item: {
      ...idempotencyKeyOf(salonId, record.key),
      requestHash: record.requestHash,
      bookingId: record.bookingId,
      // As JSON text: a map's keys come back from DynamoDB in no set order, and a retry is told the answer byte for byte.
      answer: JSON.stringify(record.answer),
      ttl: Math.ceil(expiresAt.getTime() / 1000),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

export function createIdempotencyStore(client: DynamoDBDocumentClient, tableName: string): IdempotencyStore {
  return {
    async get(salonId, key) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: idempotencyKeyOf(salonId, key), ConsistentRead: true }))).Item;
      return toIdempotencyRecord(key, item);
    },
  };
}
