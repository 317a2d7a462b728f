import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { dayEntity } from '../entities/booking-entities.js';
import { batchGetAll, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import type { DayItem, DayRef } from '../../core/booking/records.js';
import type { DayStore } from '../../core/ports/booking/day-store.js';

export const dayKey = (salonId: string, ref: DayRef) => ({ pk: keys.salon(salonId), sk: keys.daySk(ref.stylistId, ref.date) });

/** The day as stored; a day with no item yet is empty at version 0. */
export function toDay(ref: DayRef, item: Item | undefined): DayItem {
  const stored = item ? dayEntity().build(EntityFormatter).format(item, { partial: true }) : undefined;
  return {
    stylistId: ref.stylistId,
    date: ref.date,
    intervals: stored?.intervals ?? [],
    ended: (stored?.ended ?? []).map((ended) => ({ ...ended, movedTo: ended.movedTo ?? null })),
    version: stored?.version ?? 0,
  };
}

/** The conditional put that writes `day` at its next version (alone, or in a booking's transaction). */
export function dayPut(tableName: string, salonId: string, day: DayItem) {
  return dayEntity()
    .build(PutTransaction)
    .item({
      ...dayKey(salonId, day),
      stylistId: day.stylistId,
      date: day.date,
      intervals: [...day.intervals].sort((a, b) => a.start.localeCompare(b.start)),
      ended: day.ended,
      version: day.version + 1,
    })
    .options({ tableName, condition: day.version === 0 ? { attr: 'pk', exists: false } : { attr: 'version', eq: day.version } })
    .params().Put;
}

export function createDayStore(client: DynamoDBDocumentClient, tableName: string): DayStore {
  return {
    async getMany(salonId, refs) {
      const items = await batchGetAll(
        client,
        tableName,
        refs.map((ref) => dayKey(salonId, ref)),
      );
      const bySk = new Map(items.map((item) => [item.sk, item]));
      return refs.map((ref) => toDay(ref, bySk.get(keys.daySk(ref.stylistId, ref.date))));
    },
    async get(salonId, ref) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: dayKey(salonId, ref), ConsistentRead: true }));
      return toDay(ref, result.Item);
    },
  };
}
