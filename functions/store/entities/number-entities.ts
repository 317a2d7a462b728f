import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * One of the stage's phone numbers (functions/store/number-store.ts). A number assigned before the
 * pool existed carries only its salon, so every attribute may be missing.
 */
export const phoneNumberEntity = onFirstUse(
  () =>
    new Entity({
      name: 'phone-number',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        gsi1pk: string().optional(),
        gsi1sk: string().optional(),
        phoneNumber: string().optional(),
        state: string().enum('free', 'assigned', 'quarantined').optional(),
        salonId: string().optional(),
        since: string().optional(),
        /** Quarantined: when it may be given out again, or `~held` while an operator holds it. */
        until: string().optional(),
        former: map({ salonId: string(), name: string(), phone: nullableString() }).optional(),
      }),
      meta: {
        pk: keys.phone('<e164>'),
        sk: keys.salonSk,
        what: 'a phone number of the stage: `free` in the pool, `assigned` to a salon (inbound routing reads `salonId`), or `quarantined` (with whose it was) until `until`',
        access: `by key; gsi1 \`${keys.phoneIndex}\` by number, \`${keys.freeNumbersIndex}\` oldest first, \`${keys.quarantinedNumbersIndex}\` by when due; taken with a conditional update, so one salon wins`,
      } satisfies ItemKindDoc,
    }),
);

/** A salon waiting for a number while the pool is empty. */
export const numberWaitingEntity = onFirstUse(
  () =>
    new Entity({
      name: 'number-waiting',
      ...plainItems(),
      schema: item({ ...primaryKey(), salonId: string(), since: string() }),
      meta: {
        pk: keys.numbersWaiting,
        sk: keys.numberWaitingSk('<since>', '<salonId>'),
        what: 'a salon waiting for a number from an empty pool, since when',
        access: 'one query on the partition, longest waiting first',
      } satisfies ItemKindDoc,
    }),
);
