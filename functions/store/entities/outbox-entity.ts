import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * An event written with the change it reports (functions/store/event-outbox.ts). The attribute
 * names are the ones the relays read (OUTBOX_ATTRIBUTES there): the Pipe's filter and enrichment
 * in AWS, the local stream relay.
 */
export const outboxEntity = onFirstUse(
  () =>
    new Entity({
      name: 'event-outbox',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        kind: string().const('event-outbox'),
        eventId: string(),
        source: string(),
        detailType: string(),
        detail: string(),
        at: string(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.eventOutboxSk('<eventId>'),
        what: 'an event written in the transaction of the change it reports, until the stream carries it to the bus (TTL two days)',
        access: "the table's stream only (the Pipe, or the local relay); written once per event id",
      } satisfies ItemKindDoc,
    }),
);
