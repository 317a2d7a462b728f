import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import { markerFields, type SettleMarker } from './settle-store.js';

/**
 * `SALON#<id>` / `IDEMP#<key>`: a booking request's `Idempotency-Key` with the request's hash,
 * the booking id it reserved and, once done, the answer given (the same answer is given again).
 * Expires after a day (ttl). A claim may carry its booking's settle marker (settle-store.ts): then
 * the one conditional put claims the key and marks the booking for the sweep.
 */
export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  bookingId: string;
  state: 'pending' | 'done';
  claimedAt: string;
  answer?: unknown;
}

export interface IdempotencyStore {
  get(salonId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Claims the key for a request (and marks its booking, with `marker`); false when it is already claimed. */
  claim(salonId: string, record: IdempotencyRecord, expiresAt: Date, marker?: SettleMarker): Promise<boolean>;
  /** Takes over a claim left pending by a request that died (and marks its booking again, with `marker`); false when someone else did. */
  takeOver(salonId: string, key: string, previousClaimedAt: string, claimedAt: string, marker?: SettleMarker): Promise<boolean>;
  complete(salonId: string, key: string, answer: unknown): Promise<void>;
  release(salonId: string, key: string): Promise<void>;
}

export function createIdempotencyStore(client: DynamoDBDocumentClient, tableName: string): IdempotencyStore {
  const itemKey = (salonId: string, key: string) => ({ pk: keys.salon(salonId), sk: keys.idempotencySk(key) });
  return {
    async get(salonId, key) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: itemKey(salonId, key), ConsistentRead: true }))).Item;
      if (!item) return null;
      return {
        key,
        requestHash: String(item.requestHash),
        bookingId: String(item.bookingId),
        state: item.state === 'done' ? 'done' : 'pending',
        claimedAt: String(item.claimedAt),
        ...(item.answer !== undefined ? { answer: item.answer } : {}),
      };
    },
    claim(salonId, record, expiresAt, marker) {
      return conditionally(
        client.send(new PutCommand({
          TableName: tableName,
          Item: {
            ...(marker ? { ...markerFields(marker), idempotencyKey: record.key } : {}),
            ...itemKey(salonId, record.key),
            requestHash: record.requestHash,
            bookingId: record.bookingId,
            state: 'pending',
            claimedAt: record.claimedAt,
            ttl: Math.ceil(expiresAt.getTime() / 1000),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        })),
      );
    },
    takeOver(salonId, key, previousClaimedAt, claimedAt, marker) {
      const remark: Item = marker ? { ...markerFields(marker), idempotencyKey: key } : {};
      const names = Object.keys(remark);
      return conditionally(
        client.send(new UpdateCommand({
          TableName: tableName,
          Key: itemKey(salonId, key),
          ConditionExpression: '#state = :pending AND claimedAt = :previous',
          UpdateExpression: ['SET claimedAt = :now', ...names.map((name, index) => `#m${index} = :m${index}`)].join(', '),
          ExpressionAttributeNames: { '#state': 'state', ...Object.fromEntries(names.map((name, index) => [`#m${index}`, name])) },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':previous': previousClaimedAt,
            ':now': claimedAt,
            ...Object.fromEntries(names.map((name, index) => [`:m${index}`, remark[name]])),
          },
        })),
      );
    },
    async complete(salonId, key, answer) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: itemKey(salonId, key),
          UpdateExpression: 'SET #state = :done, answer = :answer',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':done': 'done', ':answer': answer },
        }),
      );
    },
    async release(salonId, key) {
      await conditionally(
        client.send(new DeleteCommand({
          TableName: tableName,
          Key: itemKey(salonId, key),
          ConditionExpression: '#state = :pending',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':pending': 'pending' },
        })),
      );
    },
  };
}
