import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** The salon's one open sandbox test call (functions/store/test-call-store.ts). */
export const testCallEntity = onFirstUse(
  () =>
    new Entity({
      name: 'test-call',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        conversationId: string(),
        callSid: string(),
        startedAt: string(),
        endsBy: string(),
        /** Absent on calls opened before it was kept: the start stands in. */
        lastHeardAt: string().optional(),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.testCallSk,
        what: "the salon's one open sandbox test call (its conversation, call sid, start, `endsBy` when its free test minutes run out, the owner's last turn; TTL a day)",
        access: 'by key; opened with a conditional put, so one at a time',
      } satisfies ItemKindDoc,
    }),
);
