import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { WhichSalonQuestion } from '../../core/ports/sms-routing-store.js';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** Which salons texted a number (sms-routing-store.ts), so a reply to a shared number finds its salon. */

export const smsTextedByEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sms-texted-by',
      ...plainItems(),
      schema: item({ ...primaryKey(), salonId: string(), at: string(), ttl: number() }),
      meta: {
        pk: keys.smsCaller('<callerHash>'),
        sk: keys.smsTextedBySk('<salonId>'),
        what: 'a salon that texted this caller, and when (TTL the days a reply is routed by it)',
        access: "the caller's salons in one query on the prefix",
      } satisfies ItemKindDoc,
    }),
);

export const smsWhichSalonEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sms-which-salon',
      ...plainItems(),
      schema: item({ ...primaryKey(), question: any().castAs<WhichSalonQuestion>(), expiresAt: string(), ttl: number() }),
      meta: {
        pk: keys.smsCaller('<callerHash>'),
        sk: keys.smsWhichSk,
        what: 'the question put to a caller that several salons texted: which salon they are answering, until it expires',
        access: 'by key; taken (deleted) once, by the answer',
      } satisfies ItemKindDoc,
    }),
);
