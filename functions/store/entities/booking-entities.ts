import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import type { DayReservation, EndedReservation } from '../../core/booking/records.js';
import { keys } from '../keys.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * The versioned and keyed items every booking change writes in its one transaction
 * (booking/booking-change.ts). Reservations keep their booking records as stored (`any`, typed
 * by core's records): the day item is core's, the store only keeps it.
 */

export const dayEntity = onFirstUse(
  () =>
    new Entity({
      name: 'day',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        stylistId: string(),
        date: string(),
        intervals: list(any().castAs<DayReservation>()),
        ended: list(any().castAs<EndedReservation>()),
        version: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.daySk('<stylistId>', '<date>'),
        what: 'the booking of record ([bookings.md](bookings.md)): live reservations and ended ones, versioned',
        access: 'by stylist and day; written at the version read',
      } satisfies ItemKindDoc,
    }),
);

export const callerEntity = onFirstUse(
  () =>
    new Entity({
      name: 'caller',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        recent: list(map({ bookingId: string(), at: number() })),
        bookings: list(map({ bookingId: string(), start: number() })),
        version: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.callerSk('<phoneHash>'),
        what: "the caller's bookings of the last hour (the per-caller cap) and upcoming ones, versioned like the day",
        access: "by key, in the booking's batch read; written in the booking's transaction",
      } satisfies ItemKindDoc,
    }),
);

export const idempotencyEntity = onFirstUse(
  () =>
    new Entity({
      name: 'idempotency-key',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        requestHash: string(),
        bookingId: string(),
        // As JSON text: a map's keys come back from DynamoDB in no set order, and a retry is told the answer byte for byte.
        answer: string(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.idempotencySk('<key>'),
        what: "a booking request's Idempotency-Key with the request's hash, the booking it made and its answer (TTL a day)",
        access: "by key; written in the booking's transaction, refused when taken",
      } satisfies ItemKindDoc,
    }),
);

export const bookingCountEntity = onFirstUse(
  () =>
    new Entity({
      name: 'booking-count',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ids: set(string()).optional(),
        total: number().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: `${keys.bookingCountSk('<month>')}#<shard>`,
        what: "a month's confirmed bookings, spread over shards by booking id: the ids (counted once) and their number",
        access: "the month's shards in one batch read; written in the booking's transaction",
      } satisfies ItemKindDoc,
    }),
);

export const messageEntity = onFirstUse(
  () =>
    new Entity({
      name: 'message',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        id: string(),
        callerName: string(),
        callerPhone: string(),
        message: string(),
        createdAt: string(),
        doneAt: nullableString().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.messageSk('<at>', '<messageId>'),
        what: 'a message a caller left, and when the owner marked it dealt with',
        access: 'one query on the prefix, newest first, a page at a time',
      } satisfies ItemKindDoc,
    }),
);
