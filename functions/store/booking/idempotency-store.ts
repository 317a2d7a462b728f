import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { idempotencyEntity } from '../entities/booking-entities.js';
import { keys } from '../keys.js';
import type { IdempotencyRecord, IdempotencyStore } from '../../core/ports/booking/idempotency-store.js';

export const idempotencyKeyOf = (salonId: string, key: string) => ({ pk: keys.salon(salonId), sk: keys.idempotencySk(key) });

export function toIdempotencyRecord(key: string, item: Record<string, unknown> | undefined): IdempotencyRecord | null {
  if (!item) return null;
  const { requestHash, bookingId, answer } = idempotencyEntity().build(EntityFormatter).format(item);
  return { key, requestHash, bookingId, answer: JSON.parse(answer) };
}

/** The put that keeps a new key with its answer, refused when the key is taken (in a booking's transaction). */
export function keyPut(tableName: string, salonId: string, record: IdempotencyRecord, expiresAt: Date) {
  return idempotencyEntity()
    .build(PutTransaction)
    .item({
      ...idempotencyKeyOf(salonId, record.key),
      requestHash: record.requestHash,
      bookingId: record.bookingId,
      answer: JSON.stringify(record.answer),
      ttl: Math.ceil(expiresAt.getTime() / 1000),
    })
    .options({ tableName, condition: { attr: 'pk', exists: false } })
    .params().Put;
}

export function createIdempotencyStore(client: DynamoDBDocumentClient, tableName: string): IdempotencyStore {
  return {
    async get(salonId, key) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: idempotencyKeyOf(salonId, key), ConsistentRead: true }))).Item;
      return toIdempotencyRecord(key, item);
    },
  };
}
