import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** What callers' texts leave (functions/store/sms-reply-store.ts): STOPs, questions asked, the booking a text named, texts received. */

export const smsOptOutEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sms-opt-out',
      ...plainItems(),
      schema: item({ ...primaryKey(), at: string() }),
      meta: {
        pk: keys.smsOptOut('<hash(scope, phone)>'),
        sk: keys.smsOptOutSk,
        what: 'a number that texted STOP to our SMS sender, kept with the scope Twilio blocks (the Messaging Service: every salon; every text checks it)',
        access: 'by key',
      } satisfies ItemKindDoc,
    }),
);

export const smsPendingEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sms-pending',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        /** sms-reply-store.ts's PendingReply: a cancel to confirm, or an offer to take. */
        pending: anyOf(
          map({ kind: string().const('cancel'), bookingId: string(), askedAt: string() }),
          map({ kind: string().const('offer'), offerId: string(), askedAt: string() }),
        ),
        expiresAt: string(),
        answeredAt: string().optional(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.smsPendingSk('<phoneHash>'),
        what: "the question the salon's last text asked that number (confirm a cancel, take an offer; `answeredAt` once a reply took it; TTL)",
        access: 'by key; answered once, with a conditional write',
      } satisfies ItemKindDoc,
    }),
);

export const smsSubjectEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sms-subject',
      ...plainItems(),
      schema: item({ ...primaryKey(), bookingId: string(), at: string(), ttl: number() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.smsSubjectSk('<phoneHash>'),
        what: "the booking the salon's last booking text to that number named (TTL 90 days)",
        access: 'by key; the later text stays the subject',
      } satisfies ItemKindDoc,
    }),
);

export const smsReceivedEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sms-received',
      ...plainItems(),
      schema: item({ ...primaryKey(), at: string(), ttl: number() }),
      meta: {
        pk: keys.smsReceived('<messageSid>'),
        sk: keys.smsReceivedSk,
        what: 'a text received, acted on once, before it is known which salon it is for (TTL 400 days)',
        access: 'by key; taken with a conditional put',
      } satisfies ItemKindDoc,
    }),
);
