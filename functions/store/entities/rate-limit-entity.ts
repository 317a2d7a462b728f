import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * A fixed window's count of one kind of request (functions/store/rate-limits.ts): a caller's or a
 * salon's messages and waiting-list entries, support messages, failed agent secrets by source.
 */
export const rateLimitEntity = onFirstUse(
  () =>
    new Entity({
      name: 'rate-limit',
      ...plainItems(),
      schema: item({ ...primaryKey(), count: number(), ttl: number() }),
      meta: {
        pk: `${keys.salon('<salonId>')} (${keys.secretFailures('<sourceHash>')} for failed secrets)`,
        sk: keys.secretFailuresSk('<kind>#<windowStart>'),
        what: "one fixed window's count of a kind of request, until TTL at the window's end",
        access: 'by key; each request adds one while the count is under the cap',
      } satisfies ItemKindDoc,
    }),
);
