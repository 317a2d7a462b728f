import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** What subscription-store.ts and checkout-records.ts keep of the salon's billing, beside the profile's subscription. */

export const paymentAccountEntity = onFirstUse(
  () =>
    new Entity({
      name: 'payment-account',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        accountId: string(),
        chargesEnabled: boolean(),
        detailsSubmitted: boolean(),
        currentlyDue: list(string()).optional(),
        pastDue: list(string()).optional(),
        pendingVerification: list(string()).optional(),
        disabledReason: nullableString().optional(),
        /** The Connect event that wrote it, as an order key ('' when made by POST /api/stripe). */
        order: string().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.paymentAccountSk,
        what: "the salon's connected payment account (deposits) and what Stripe still asks of it",
        access: 'by key; made once, then changed only forward in event order and only for its own account id',
      } satisfies ItemKindDoc,
    }),
);

export const overageLedgerEntity = onFirstUse(
  () =>
    new Entity({
      name: 'overage-ledger',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        total: number(),
        version: number(),
        /** Each call's minutes total before it, by call sid. */
        calls: record(string(), number()),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.overageSk('<periodId>'),
        what: "a billing period's calls in the order they were placed, each with the minutes before it, and the total",
        access: 'by key; written at the version read',
      } satisfies ItemKindDoc,
    }),
);

export const stripeEventEntity = onFirstUse(
  () =>
    new Entity({
      name: 'stripe-event',
      ...plainItems(),
      schema: item({ ...primaryKey(), appliedAt: string(), ttl: number() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.stripeEventSk('<eventId>'),
        what: 'a Stripe event already applied (TTL 30 days)',
        access: 'by key',
      } satisfies ItemKindDoc,
    }),
);

export const checkoutEntity = onFirstUse(
  () =>
    new Entity({
      name: 'checkout',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        sessionId: string(),
        priceId: string(),
        url: string(),
        createdAt: string(),
        expiresAt: string(),
        firstChargeAt: string().optional(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.checkoutSk('<sessionId>'),
        what: 'a subscription Checkout Session still open (TTL its expiry)',
        access: "the salon's open sessions in one query",
      } satisfies ItemKindDoc,
    }),
);
