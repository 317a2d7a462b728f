import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ACTIVITY_KINDS } from '../../core/ports/activity-store.js';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { gsi1Key, nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** Small items written once and read newest first: the dashboard's activity, the calls being rung, the sandboxes' outbox. */

export const activityEntity = onFirstUse(
  () =>
    new Entity({
      name: 'activity',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        kind: string().enum(...ACTIVITY_KINDS),
        id: string(),
        at: string(),
        text: string(),
        test: boolean().optional(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.activitySk('<at>', '<kind>', '<id>'),
        what: "one line of the dashboard's recent activity (a call, a booking, a cancellation, a message; TTL 90 days)",
        access: 'the newest lines, one query on the prefix; a redelivered event writes the same item',
      } satisfies ItemKindDoc,
    }),
);

export const diallingEntity = onFirstUse(
  () =>
    new Entity({
      name: 'dialling',
      ...plainItems(),
      schema: item({ ...primaryKey(), callSid: string(), to: string(), caller: nullableString().optional(), expiresAt: string(), ttl: number() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.diallingSk('<callSid>'),
        what: 'a `<Dial>` placed for a caller (whom, for which caller, until when): a call back through it is a forwarding loop (TTL an hour past)',
        access: 'one consistent query on the prefix per inbound call',
      } satisfies ItemKindDoc,
    }),
);

export const sandboxOutboxEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sandbox-outbox',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ...gsi1Key(),
        id: string(),
        salonId: string(),
        channel: string().enum('sms', 'email'),
        to: string(),
        subject: string().optional(),
        body: string().optional(),
        html: string().optional(),
        attachments: list(map({ filename: string(), contentType: string(), content: string() })).optional(),
        sentAt: string(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.outboxSk('<iso>', '<id>'),
        what: 'a text or email the SMS and email sandboxes would have sent (TTL 30 days)',
        access: `gsi1 \`${keys.outboxIndex}\` lists it across salons, newest first`,
      } satisfies ItemKindDoc,
    }),
);
