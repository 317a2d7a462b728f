import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** The waiting list, the freed times offered to it, and the no-shows the owner marked (waitlist-store.ts, no-show-store.ts). */

export const waitlistEntryEntity = onFirstUse(
  () =>
    new Entity({
      name: 'waitlist-entry',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        id: string(),
        date: string(),
        serviceId: string(),
        serviceName: string(),
        durationMinutes: number(),
        callerName: string(),
        callerPhone: string(),
        createdAt: string(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.waitlistSk('<date>', '<phoneHash>'),
        what: 'a caller waiting for a full day (name, number, service; one per number and day; TTL the day after)',
        access: "one query on the day's prefix",
      } satisfies ItemKindDoc,
    }),
);

export const slotOfferEntity = onFirstUse(
  () =>
    new Entity({
      name: 'slot-offer',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        id: string(),
        salonId: string(),
        start: string(),
        stylistName: string(),
        invited: list(map({ entryId: string(), date: string(), callerPhone: string(), callerName: string(), serviceName: string() })),
        takenBy: nullableString(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.offerSk('<bookingId>'),
        what: "a freed time offered to that day's waiting list (who was texted, who took it; first to take it wins)",
        access: 'by key; taken with a conditional write',
      } satisfies ItemKindDoc,
    }),
);

export const noShowSetEntity = onFirstUse(
  () =>
    new Entity({
      name: 'no-show-set',
      ...plainItems(),
      schema: item({ ...primaryKey(), ids: set(string()).optional() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: `${keys.noShowMonthSk('<month>')}, ${keys.noShowCallerSk('<phoneHash>')}`,
        what: "no-shows the owner marked (sets of booking ids): the month's figure, and what the receptionist knows of a caller; `noShowAt` on the appointment",
        access: "by key; the caller's in `book`'s batch read; added to in the transaction that marks the appointment",
      } satisfies ItemKindDoc,
    }),
);
