import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * Counters written by adding (functions/store/call-stats-store.ts, usage-store.ts): each keeps the
 * set of calls it has counted, and adds on condition that the call is not in it, so a redelivered
 * event counts nothing. A counter not added to yet is absent.
 */

export const callStatsEntity = onFirstUse(
  () =>
    new Entity({
      name: 'call-stats-day',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        day: string(),
        calls: number().optional(),
        missed: number().optional(),
        rated: number().optional(),
        satisfied: number().optional(),
        callSids: set(string()).optional(),
        ratedSids: set(string()).optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.callStatsSk('<day>'),
        what: "a day's call figures for the dashboard (calls, missed, rated, satisfied), with the calls and ratings counted",
        access: 'a range of days in one query (the figures only); each call and rating added once, by condition',
      } satisfies ItemKindDoc,
    }),
);

export const usageDayEntity = onFirstUse(
  () =>
    new Entity({
      name: 'usage-day',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        minutes: number().optional(),
        testMinutes: number().optional(),
        calls: number().optional(),
        callSids: set(string()).optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.usageSk('<periodId>', '<day>'),
        what: "a billing period's minutes (and free test minutes) on one local day, with the calls counted",
        access: "the period's prefix in one consistent query (the figures only); each call added once, by condition",
      } satisfies ItemKindDoc,
    }),
);

export const usageWarningEntity = onFirstUse(
  () =>
    new Entity({
      name: 'usage-warning',
      ...plainItems(),
      schema: item({ ...primaryKey(), state: string(), sentAt: string().optional() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.usageWarningSk('<periodId>', '<threshold>' as unknown as number),
        what: 'a usage warning (80%, 100% of the plan) written once per period, in the transaction of its event',
        access: 'by key; put on condition that it was not sent',
      } satisfies ItemKindDoc,
    }),
);
