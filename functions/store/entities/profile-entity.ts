import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { map } from 'dynamodb-toolbox/schema/map';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import type { Hours } from '../../contracts/setup.js';
import type { BusinessDetails } from '../../core/salon-profile.js';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * The salon's profile (salon-store.ts; setup-store.ts writes its business, subscription-store.ts
 * its billing). Its writers each set their own attributes, and profiles saved before an attribute
 * existed lack it, so all but the salon's and its owner's ids are optional. The business and
 * hours are kept as the setup contract shapes them (`any`, typed by it).
 */
export const profileEntity = onFirstUse(
  () =>
    new Entity({
      name: 'salon-profile',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        gsi1pk: string().optional(),
        gsi1sk: string().optional(),
        id: string(),
        ownerId: string(),
        ownerEmail: nullableString().optional(),
        name: string().optional(),
        phone: nullableString().optional(),
        createdAt: string().optional(),
        business: any().castAs<BusinessDetails | null>().optional(),
        hours: any().castAs<Hours | null>().optional(),
        assignedNumber: nullableString().optional(),
        numberClaim: string().optional(),
        numberWaitingSince: string().optional(),
        loopingNumbers: set(string()).optional(),
        forwardingCheckedAt: string().optional(),
        forwardingSeenAt: string().optional(),
        forwardingSeenFrom: nullableString().optional(),
        forwardingSeenForwarded: boolean().optional(),
        liveAt: string().optional(),
        pausedAt: string().optional(),
        pausedUntil: string().optional(),
        // A map, not `any`: written whole ($set), where an object given for `any` is merged attribute by attribute.
        subscription: map({
          id: string(),
          customerId: string(),
          planId: nullableString(),
          priceId: string(),
          status: string(),
          currentPeriodStart: string(),
          currentPeriodEnd: string(),
          cancelAtPeriodEnd: boolean(),
          startedAt: string().optional(),
          trialEnd: string().optional(),
          order: string(),
        }).optional(),
        billingCustomerId: string().optional(),
        vatNumber: string().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.profileSk,
        what: 'the salon: its owner, business and hours, its number (and a claim on one, or its wait for one), the forwarding check, live and paused, and its subscription',
        access: `by key; gsi1 \`${keys.owner('<userId>')}\` / \`${keys.salonSk}\` finds an owner's salon; each write conditional on the profile existing`,
      } satisfies ItemKindDoc,
    }),
);
