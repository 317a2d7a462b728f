import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { callerEntity } from '../entities/booking-entities.js';
import { keys } from '../keys.js';
import type { CallerRecord, CallerStore } from '../../core/ports/booking/caller-store.js';

export const callerKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.callerSk(phoneHash) });

/** The record as stored; a caller with no item yet has an empty record at version 0. */
export function toCallerRecord(item: Record<string, unknown> | undefined): CallerRecord {
  const stored = item ? callerEntity().build(EntityFormatter).format(item) : undefined;
  return { recent: stored?.recent ?? [], bookings: stored?.bookings ?? [], version: stored?.version ?? 0 };
}

/** The conditional put that writes `record` at its next version (alone, or in a booking's transaction). */
export function callerPut(tableName: string, salonId: string, phoneHash: string, record: CallerRecord) {
  return callerEntity()
    .build(PutTransaction)
    .item({ ...callerKey(salonId, phoneHash), recent: record.recent, bookings: record.bookings, version: record.version + 1 })
    .options({ tableName, condition: record.version === 0 ? { attr: 'pk', exists: false } : { attr: 'version', eq: record.version } })
    .params().Put;
}

export function createCallerStore(client: DynamoDBDocumentClient, tableName: string): CallerStore {
  return {
    async get(salonId, phoneHash) {
      return toCallerRecord((await client.send(new GetCommand({ TableName: tableName, Key: callerKey(salonId, phoneHash), ConsistentRead: true }))).Item);
    },
  };
}
