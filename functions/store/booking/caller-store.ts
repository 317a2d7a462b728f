import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';
import type { CallerRecord, CallerStore } from '../../core/ports/booking/caller-store.js';

export const callerKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.callerSk(phoneHash) });

/** The record as stored; a caller with no item yet has an empty record at version 0. */
export function toCallerRecord(item: Record<string, unknown> | undefined): CallerRecord {
  return {
    recent: ((item?.recent as CallerRecord['recent'] | undefined) ?? []).map((entry) => ({ bookingId: String(entry.bookingId), at: Number(entry.at) })),
    bookings: ((item?.bookings as CallerRecord['bookings'] | undefined) ?? []).map((entry) => ({
      bookingId: String(entry.bookingId),
      start: Number(entry.start),
    })),
    version: Number(item?.version ?? 0),
  };
}

/** The conditional put that writes `record` at its next version (alone, or in a booking's transaction). */
export function callerPut(tableName: string, salonId: string, phoneHash: string, record: CallerRecord) {
  return {
    TableName: tableName,
    Item: { ...callerKey(salonId, phoneHash), recent: record.recent, bookings: record.bookings, version: record.version + 1 },
    ...(record.version === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': record.version } }),
  };
}

export function createCallerStore(client: DynamoDBDocumentClient, tableName: string): CallerStore {
  return {
    async get(salonId, phoneHash) {
      return toCallerRecord((await client.send(new GetCommand({ TableName: tableName, Key: callerKey(salonId, phoneHash), ConsistentRead: true }))).Item);
    },
  };
}
