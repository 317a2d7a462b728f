import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import type { BookingRecord, DayItem, DayRef, DayReservation, MovedTo } from '../../core/booking/records.js';
import type { DayStore } from '../../core/ports/booking/day-store.js';

const reservationFrom = (raw: Item): DayReservation => ({
  bookingId: String(raw.bookingId),
  start: String(raw.start),
  end: String(raw.end),
  ...(raw.record ? { record: raw.record as BookingRecord } : {}),
});

export const dayKey = (salonId: string, ref: DayRef) => ({ pk: keys.salon(salonId), sk: keys.daySk(ref.stylistId, ref.date) });

export function toDay(ref: DayRef, item: Item | undefined): DayItem {
  const list = (name: string) => (item?.[name] as Item[] | undefined) ?? [];
  return {
    stylistId: ref.stylistId,
    date: ref.date,
    intervals: list('intervals').map(reservationFrom),
    ended: list('ended').map((raw) => ({
      ...reservationFrom(raw),
      at: String(raw.at),
      movedTo: (raw.movedTo as MovedTo | null) ?? null,
      ...(raw.reason === 'deposit_not_paid' ? { reason: 'deposit_not_paid' as const } : {}),
    })),
    version: Number(item?.version ?? 0),
  };
}

/** The conditional put that writes `day` at its next version (alone, or in a booking's transaction). */
export function dayPut(tableName: string, salonId: string, day: DayItem) {
  const item = {
    ...dayKey(salonId, day),
    stylistId: day.stylistId,
    date: day.date,
    intervals: [...day.intervals].sort((a, b) => a.start.localeCompare(b.start)),
    ended: day.ended,
    version: day.version + 1,
  };
  return {
    TableName: tableName,
    Item: item,
    ...(day.version === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': day.version } }),
  };
}

export function createDayStore(client: DynamoDBDocumentClient, tableName: string): DayStore {
  return {
    async getMany(salonId, refs) {
      const items = await batchGetAll(
        client,
        tableName,
        refs.map((ref) => dayKey(salonId, ref)),
      );
      const bySk = new Map(items.map((item) => [String(item.sk), item]));
      return refs.map((ref) => toDay(ref, bySk.get(keys.daySk(ref.stylistId, ref.date))));
    },
    async get(salonId, ref) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: dayKey(salonId, ref), ConsistentRead: true }));
      return toDay(ref, result.Item);
    },
  };
}
