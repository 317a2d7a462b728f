import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { gsi1Key, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** A call not finished yet, for the call sweep (functions/store/call-sweep-markers.ts). */
export const callSweepEntity = onFirstUse(
  () =>
    new Entity({
      name: 'call-sweep-marker',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ...gsi1Key(),
        salonId: string(),
        callSid: string(),
        /** Set by the sweep when it looked; a writer's put leaves it out. */
        looked: boolean().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.callSweepSk('<callSid>'),
        what: 'a call not finished yet (open, ended with `call.completed` not marked sent, or sent and its minutes not yet counted): put before any write that may create the record, deleted once the usage consumer has counted the call',
        access: `gsi1 \`${keys.callSweepIndex}\` by when to look, across salons, for the call sweep`,
      } satisfies ItemKindDoc,
    }),
);
