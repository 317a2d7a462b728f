import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { gsi1Key, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * What a booking change leaves for later, written in its transaction and found across salons on
 * gsi1 by the booking sweep: the reminder text, a calendar write still to do, a held time's expiry.
 */

export const reminderEntity = onFirstUse(
  () =>
    new Entity({
      name: 'reminder',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ...gsi1Key(),
        salonId: string(),
        bookingId: string(),
        sendAt: string(),
        start: string(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.reminderSk('<bookingId>'),
        what: "a confirmed booking's reminder text, its send time and the start it was for ([reminders.md](reminders.md)); TTL a day after the start",
        access: `gsi1 \`${keys.reminderIndex('<day due>')}\` by send time, across salons, for the booking sweep`,
      } satisfies ItemKindDoc,
    }),
);

export const calendarSyncEntity = onFirstUse(
  () =>
    new Entity({
      name: 'calendar-sync',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ...gsi1Key(),
        salonId: string(),
        bookingId: string(),
        operation: string().enum('create', 'delete'),
        since: string(),
        failure: map({ kind: string(), at: string() }).optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.calendarSyncSk('<bookingId>'),
        what: 'a calendar write still to do (the provider was down), with the last failed attempt',
        access: `one query on the prefix per salon; gsi1 \`${keys.calendarSyncIndex}\` by since, across salons, for the sweep`,
      } satisfies ItemKindDoc,
    }),
);

export const settleMarkerEntity = onFirstUse(
  () =>
    new Entity({
      name: 'settle-marker',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ...gsi1Key(),
        id: string(),
        salonId: string(),
        bookingId: string(),
        date: string(),
        stylistIds: list(string()),
        since: string(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.settleSk('<bookingId>#<nonce>'),
        what: "a held time's expiry: due once its deposit's Checkout Session has expired, so the sweep releases the time if no webhook did",
        access: `gsi1 \`${keys.settleIndex}\` by since, across salons, for the sweep`,
      } satisfies ItemKindDoc,
    }),
);
