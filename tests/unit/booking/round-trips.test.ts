import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { checkAvailability } from '../../../functions/core/booking/check-availability.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, makeSalon, startTable, type Table } from './harness.js';

/**
 * Store round trips per tool call, counted (each is one DynamoDB request in AWS, and a caller is
 * waiting on it): a change that adds one to check-availability or book fails here and says which.
 * bench/store-round-trips.ts counts the whole Lambda (the agent secret's lookup included) and
 * names every request. Counted on a warm instance (the salon's profile, setup and calendar
 * connection cached) and without a connected calendar, so every request is the product's own.
 */
let table: Table;
const clock = { value: at('2026-11-23T08:00') };

function countingClient() {
  const sent: string[] = [];
  const base = new DynamoDBClient({ endpoint: table.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } });
  base.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'countRequests' },
  );
  return { client: DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } }), sent };
}

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

describe('store round trips per tool call (warm instance)', () => {
  it('check-availability: one batch read of the stylists’ days', async () => {
    const salon = await makeSalon(table, { now: clock });
    const { client, sent } = countingClient();
    const deps = salon.depsOn(client);
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24' });
    sent.length = 0;
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-25', time: '11:00' });
    expect(sent).toEqual(['BatchGetItem']);
  });

  it('book: claim the key, one read, the cap and the marker, the commit, then the projections', async () => {
    const salon = await makeSalon(table, { now: clock });
    const { client, sent } = countingClient();
    const deps = salon.depsOn(client);
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24' });
    sent.length = 0;
    const answer = await book(deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-24T10:00', callerName: 'Mary Murphy', callerPhone: '087 123 4567' }, { idempotencyKey: 'conversation-1' });
    expect(answer.ok).toBe(true);
    expect([...sent].sort()).toEqual(
      [
        'PutItem', // the idempotency key claimed
        'BatchGetItem', // the caller's record and the stylists' days, in one read
        'BatchWriteItem', // the settle marker, before the day changes
        'PutItem', // the caller's record (the hourly cap)
        'PutItem', // the commit: the stylist's day
        'PutItem', // the appointment
        'UpdateItem', // this month's booking count
        'PutItem', // the booking's reminder (beside the count, not after it)
        'BatchWriteItem', // the settle marker cleared
        'UpdateItem', // the idempotency key completed with the answer
      ].sort(),
    );
  });
});
