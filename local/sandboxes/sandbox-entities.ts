import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { onFirstUse } from '../../functions/store/entities/on-first-use.js';
import { plainItems, primaryKey } from '../../functions/store/entities/table.js';

/**
 * The item kinds only the local sandboxes write (sandbox-calendar-store.ts, sandbox-stripe-store.ts),
 * typed like the product's (functions/store/entities/), kept here beside the stores that use them.
 * They are not in docs/architecture.md's generated table: the product's Lambdas never read them.
 */

/** A sandbox calendar's change counter, which its sync tokens count in. */
export const sandboxSeqEntity = onFirstUse(
  () => new Entity({ name: 'sandbox-calendar-seq', ...plainItems(), schema: item({ ...primaryKey(), seq: number().optional() }) }),
);

/** A push channel the calendar sandbox's events.watch opened. */
export const sandboxChannelEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sandbox-calendar-channel',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        calendarId: string(),
        id: string(),
        resourceId: string(),
        address: string(),
        token: string(),
        expiresAt: string(),
        stoppedAt: string().optional(),
      }),
    }),
);

/** One of the payments sandbox's objects, kept whole as the sandbox shapes it. */
export const sandboxStripeObjectEntity = onFirstUse(
  () => new Entity({ name: 'sandbox-stripe-object', ...plainItems(), schema: item({ ...primaryKey(), value: any().castAs<Record<string, unknown>>() }) }),
);

/** The payments sandbox's webhook signing secret. */
export const sandboxStripeSecretEntity = onFirstUse(
  () => new Entity({ name: 'sandbox-stripe-secret', ...plainItems(), schema: item({ ...primaryKey(), secret: string() }) }),
);
