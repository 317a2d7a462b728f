import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** A consumer's claim on one message about one subject (functions/store/delivery-claims.ts). */
export const deliveryClaimEntity = onFirstUse(
  () =>
    new Entity({
      name: 'delivery-claim',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        status: string().enum('sending', 'sent'),
        claimToken: string(),
        /** Epoch ms. */
        claimedAt: number(),
        sentAt: string().optional(),
        messageId: string().optional(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.deliveryClaimSk('<eventType>', '<subjectId>', '<channel>'),
        what: "a consumer's claim on one message about one subject (a booking, a usage threshold): `sending` by one holder, then `sent` (TTL 30 days)",
        access: 'by key; claimed with a conditional put, taken over when left `sending` too long',
      } satisfies ItemKindDoc,
    }),
);
