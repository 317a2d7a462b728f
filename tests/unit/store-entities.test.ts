import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayItem } from '../../functions/core/booking/records.js';
import { conditionally } from '../../functions/store/dynamo.js';
import { countAddUpdate, countRemoveUpdate } from '../../functions/store/booking/booking-count-store.js';
import { callerPut, toCallerRecord } from '../../functions/store/booking/caller-store.js';
import { dayKey, dayPut, toDay } from '../../functions/store/booking/day-store.js';
import { salonItemsQuery } from '../../functions/store/entities/query.js';
import { itemKinds } from '../../functions/store/entities/registry.js';
import { createCalendarMirrorStore } from '../../functions/store/calendar-mirror-store.js';
import { createNumberStore } from '../../functions/store/number-store.js';
import { createSetupStore } from '../../functions/store/setup-store.js';
import { createSubscriptionStore } from '../../functions/store/subscription-store.js';
import { startTable, type Table } from './booking/harness.js';

/**
 * The typed entities (functions/store/entities/, docs/architecture.md "Typed items") against
 * DynamoDB Local: they write the items the stores wrote before them, attribute for attribute, and
 * their conditions are the ones the booking transaction relies on. Condition semantics are
 * DynamoDB's (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html);
 * the library's options are dynamodb-toolbox's
 * (https://www.dynamodbtoolbox.com/docs/entities/internal-attributes: `entityAttribute`, `timestamps`).
 */
let table: Table;
beforeAll(async () => {
  table = await startTable();
});
afterAll(() => table.close());

const SALON = 'sal_entities';
const day = (version: number, bookingId = 'bk_1'): DayItem => ({
  stylistId: 'sty_1',
  date: '2026-12-05',
  intervals: [{ bookingId, start: '2026-12-05T10:00:00.000Z', end: '2026-12-05T10:30:00.000Z' }],
  ended: [],
  version,
});
const put = (params: { TableName?: string; Item?: Record<string, unknown> }) =>
  table.client.send(new PutCommand({ ...params, TableName: table.tableName, Item: params.Item! }));
const stored = async (key: { pk: string; sk: string }) =>
  (await table.client.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }))).Item;

describe('typed entities (RELIABILITY 141, 142, 144)', () => {
  it('write no attribute of the library’s own: every entity is plain, and a day is stored exactly as before', async () => {
    for (const entity of itemKinds) {
      expect([entity.entityName, entity.entityAttribute, entity.timestamps]).toEqual([entity.entityName, false, false]);
    }
    await put(dayPut(table.tableName, SALON, day(0)));
    const item = await stored(dayKey(SALON, day(0)));
    expect(Object.keys(item!).sort()).toEqual(['date', 'ended', 'intervals', 'pk', 'sk', 'stylistId', 'version']);
    expect(item).toMatchObject({ pk: `SALON#${SALON}`, sk: 'DAY#sty_1#2026-12-05', version: 1 });
  });

  it('read an item written before the entities as the stores did (a day without `ended`, an ended reservation without `movedTo`)', () => {
    const legacy = { pk: `SALON#${SALON}`, sk: 'DAY#sty_2#2026-12-06', stylistId: 'sty_2', date: '2026-12-06', intervals: [], version: 4 };
    expect(toDay({ stylistId: 'sty_2', date: '2026-12-06' }, legacy)).toEqual({ stylistId: 'sty_2', date: '2026-12-06', intervals: [], ended: [], version: 4 });
    const ended = { ...legacy, ended: [{ bookingId: 'bk_9', start: 'a', end: 'b', at: 'c' }] };
    expect(toDay({ stylistId: 'sty_2', date: '2026-12-06' }, ended).ended).toEqual([{ bookingId: 'bk_9', start: 'a', end: 'b', at: 'c', movedTo: null }]);
    expect(toDay({ stylistId: 'sty_2', date: '2026-12-06' }, undefined)).toMatchObject({ intervals: [], ended: [], version: 0 });
  });

  it('write a day only at the version read: a first write only where none exists, a stale version refused', async () => {
    const fresh = { ...day(0), stylistId: 'sty_3' };
    expect(await conditionally(put(dayPut(table.tableName, SALON, fresh)))).toBe(true);
    expect(await conditionally(put(dayPut(table.tableName, SALON, fresh))), 'a second first write').toBe(false);
    expect(await conditionally(put(dayPut(table.tableName, SALON, { ...fresh, version: 1 })))).toBe(true);
    expect(await conditionally(put(dayPut(table.tableName, SALON, { ...fresh, version: 1 }))), 'the version read is gone').toBe(false);
    expect(toDay(fresh, await stored(dayKey(SALON, fresh))).version).toBe(2);
  });

  it("write a caller's record only at the version read, and read it back typed", async () => {
    const record = { recent: [{ bookingId: 'bk_1', at: 1_700_000_000_000 }], bookings: [{ bookingId: 'bk_1', start: 1_700_000_360_000 }], version: 0 };
    expect(await conditionally(put(callerPut(table.tableName, SALON, 'hash_1', record)))).toBe(true);
    expect(await conditionally(put(callerPut(table.tableName, SALON, 'hash_1', record)))).toBe(false);
    const item = await stored({ pk: `SALON#${SALON}`, sk: 'CALLER#hash_1' });
    expect(toCallerRecord(item)).toEqual({ ...record, version: 1 });
  });

  it('count a booking in its month once, and take it out only when counted', async () => {
    const add = () => conditionally(table.client.send(new UpdateCommand(countAddUpdate(table.tableName, SALON, '2026-12', 'bk_count'))));
    const remove = () => conditionally(table.client.send(new UpdateCommand(countRemoveUpdate(table.tableName, SALON, '2026-12', 'bk_count'))));
    expect([await add(), await add()]).toEqual([true, false]);
    expect([await remove(), await remove()]).toEqual([true, false]);
    expect(await add()).toBe(true);
  });

  it('name the refused item in a cancelled transaction, as booking-change.ts maps it to its kind', async () => {
    const taken = { ...day(0), stylistId: 'sty_4' };
    await put(dayPut(table.tableName, SALON, taken));
    const error = (await table.client
      .send(
        new TransactWriteCommand({
          TransactItems: [{ Update: countAddUpdate(table.tableName, SALON, '2026-11', 'bk_tx') }, { Put: dayPut(table.tableName, SALON, taken) }],
        }),
      )
      .catch((caught: unknown) => caught)) as { name: string; CancellationReasons: { Code?: string }[] };
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.CancellationReasons.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
  });

  it('refuse a stored value of the wrong type rather than coerce it', () => {
    const broken = { pk: `SALON#${SALON}`, sk: 'CALLER#hash_2', recent: [], bookings: [], version: '3' };
    expect(() => toCallerRecord(broken)).toThrow();
  });
});

/**
 * dynamodb-toolbox updates a list or an object attribute element by element unless told `$set`
 * (https://www.dynamodbtoolbox.com/docs/entities/actions/update-item, "Updating nested
 * attributes"): the billing items' lists and the profile's subscription are replaced whole.
 */
describe('billing items written whole (RELIABILITY 188)', () => {
  const account = { id: 'acct_1', chargesEnabled: false, detailsSubmitted: true, pastDue: [], pendingVerification: [], disabledReason: null };
  const subscription = {
    id: 'sub_1',
    customerId: 'cus_1',
    planId: 'starter' as const,
    priceId: 'price_1',
    status: 'trialing' as const,
    currentPeriodStart: '2026-12-01T00:00:00.000Z',
    currentPeriodEnd: '2027-01-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    trialEnd: '2026-12-15T00:00:00.000Z',
    order: '0001',
  };

  it("a payment account's shorter list replaces a longer one, and only a later event changes it", async () => {
    const store = createSubscriptionStore(table.client, table.tableName);
    await store.keepPaymentAccount('sal_billing', { ...account, currentlyDue: ['a', 'b', 'c'] });
    expect(await store.applyPaymentAccount('sal_billing', { ...account, currentlyDue: ['b'] }, '0002')).toBe(true);
    expect(await store.applyPaymentAccount('sal_billing', { ...account, currentlyDue: [] }, '0001'), 'an earlier event').toBe(false);
    expect((await store.getPaymentAccount('sal_billing'))?.currentlyDue).toEqual(['b']);
  });

  it("a profile's subscription is replaced whole, forward in order only, and the overage ledger places a call once", async () => {
    const store = createSubscriptionStore(table.client, table.tableName);
    await put({ Item: { pk: 'SALON#sal_billing', sk: 'PROFILE', id: 'sal_billing', ownerId: 'own_1' } });
    expect(await store.applySubscription('sal_billing', subscription)).toBe('applied');
    const { trialEnd: _trial, ...active } = { ...subscription, status: 'active' as const, order: '0002' };
    expect(await store.applySubscription('sal_billing', active)).toBe('applied');
    expect(await store.applySubscription('sal_billing', { ...subscription, order: '0001' })).toBe('stale');
    expect((await stored({ pk: 'SALON#sal_billing', sk: 'PROFILE' }))?.subscription).toEqual(active);
    expect(await store.placeCall('sal_billing', 'p1', 'CA1', 3)).toEqual({ before: 0 });
    expect(await store.placeCall('sal_billing', 'p1', 'CA2', 2)).toEqual({ before: 3 });
    expect(await store.placeCall('sal_billing', 'p1', 'CA1', 3), 'placed already').toEqual({ before: 0 });
    expect(await stored({ pk: 'SALON#sal_billing', sk: 'OVERAGE#p1' })).toMatchObject({ total: 5, version: 2, calls: { CA1: 0, CA2: 3 } });
  });
});

describe("a salon's items queried by kind (entities/query.ts, RELIABILITY 189)", () => {
  it('finds the kind by its prefix, or the whole partition, and brings back only the attributes asked for', async () => {
    await put({ Item: { pk: 'SALON#sal_query', sk: 'USAGE#p1#d1', minutes: 3, calls: 1, callIds: new Set(['CA1']) } });
    await put({ Item: { pk: 'SALON#sal_query', sk: 'OTHER#1', note: 'x' } });
    const send = (input: QueryCommandInput) => table.client.send(new QueryCommand(input)).then((result) => result.Items ?? []);
    expect(await send(salonItemsQuery(table.tableName, 'sal_query', 'USAGE#', { consistent: true, attributes: ['minutes', 'calls'] }))).toEqual([
      { minutes: 3, calls: 1 },
    ]);
    expect((await send(salonItemsQuery(table.tableName, 'sal_query', null, { attributes: ['pk', 'sk'] }))).map((item) => Object.keys(item).sort())).toEqual([
      ['pk', 'sk'],
      ['pk', 'sk'],
    ]);
  });
});

describe('the remaining stores on entities (issue 44 point 3, RELIABILITY 203, 204)', () => {
  it("an `any` attribute given replacedWhole is written whole: setup's business and a mirror's busy times lose what the new value lacks", async () => {
    const setup = createSetupStore(table.client, table.tableName);
    const mirrors = createCalendarMirrorStore(table.client, table.tableName);
    await put({
      Item: { pk: 'SALON#sal_whole', sk: 'PROFILE', id: 'sal_whole', ownerId: 'own_1', business: { address_line: 'old', caller_notes: 'old notes' } },
    });
    const business = { name: 'Cuts', phone: '+35311234567', address_line: '1 Main St', town_city: 'Cork', county: 'Cork', eircode: 'T12 AB34', directions: '' };
    await setup.saveBusiness('sal_whole', business, {} as never);
    const profile = await stored({ pk: 'SALON#sal_whole', sk: 'PROFILE' });
    expect(profile?.business, 'the old caller_notes are gone').toEqual({
      address_line: '1 Main St',
      town_city: 'Cork',
      county: 'Cork',
      eircode: 'T12 AB34',
      directions: '',
    });
    expect(profile?.hours).toEqual({});

    const mirror = { salonId: 'sal_whole', calendarId: 'cal_1', busy: { ev1: ['a', 'b'] as [string, string], ev2: ['c', 'd'] as [string, string] } };
    const first = { ...mirror, syncToken: null, syncedAt: null, notifiedAt: null, failure: null, channel: null, ownWrites: {}, dueAt: '0000', version: 1 };
    expect(await mirrors.save(first)).toBe(true);
    expect(await mirrors.noteOwnWrite('sal_whole', 'cal_1', 'ev.3-x', 'at')).toBe(true);
    expect(await mirrors.save({ ...first, busy: { ev2: ['c', 'd'] }, version: 2 }, ['ev.3-x'])).toBe(true);
    expect(await mirrors.save({ ...first, version: 2 }), 'the version read is gone').toBe(false);
    const [kept] = await mirrors.list('sal_whole');
    expect(kept).toMatchObject({ busy: { ev2: ['c', 'd'] }, ownWrites: {}, version: 2 });
    expect(await mirrors.dropOwnWrite('sal_whole', 'cal_1', 'ev.3-x'), 'forgotten already').toBe(false);
  });

  it('the stores read what they wrote before the entities, and refuse a stored value of the wrong type', async () => {
    const numbers = createNumberStore(table.client, table.tableName);
    // A number assigned before the pool existed: only its salon.
    await put({ Item: { pk: 'PHONE#+35315550000', sk: 'SALON', salonId: 'sal_old' } });
    expect(await numbers.get('+35315550000')).toEqual({
      phoneNumber: '+35315550000',
      state: 'assigned',
      salonId: 'sal_old',
      since: '',
      until: null,
      former: null,
    });
    await put({ Item: { pk: 'PHONE#+35315550001', sk: 'SALON', salonId: 42 } });
    await expect(numbers.get('+35315550001')).rejects.toThrow();
  });
});
