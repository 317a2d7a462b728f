import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { checkAvailability } from '../../../functions/core/booking/check-availability.js';
import { CONTEXT_TTL_MS } from '../../../functions/core/booking/context.js';
import { hashAgentSecret, identifyAgent } from '../../../functions/core/agent-secret.js';
import { runTool, type ToolDeps } from '../../../functions/core/agent-tools/registry.js';
import { setLogSink } from '../../../functions/logger.js';
import { createAgentStore } from '../../../functions/store/agent-store.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
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

interface Timed {
  sentAt: number;
  answeredAt: number;
}

/**
 * Counts the requests and the steps: a request's step is one more than the longest chain of
 * requests answered before it was sent (the round trips a caller waits through one after another).
 */
function countingClient() {
  const sent: string[] = [];
  const timed: Timed[] = [];
  let tick = 0;
  const base = new DynamoDBClient({ endpoint: table.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName).replace(/Command$/, ''));
      const entry: Timed = { sentAt: (tick += 1), answeredAt: Infinity };
      timed.push(entry);
      try {
        return await next(args);
      } finally {
        entry.answeredAt = tick += 1;
      }
    },
    { step: 'initialize', name: 'countRequests' },
  );
  const steps = () => {
    const depth: number[] = [];
    timed.forEach((request, index) => {
      let before = 0;
      for (let other = 0; other < index; other += 1) if (timed[other]!.answeredAt < request.sentAt) before = Math.max(before, depth[other]!);
      depth.push(before + 1);
    });
    return Math.max(0, ...depth);
  };
  const reset = () => {
    sent.length = 0;
    timed.length = 0;
  };
  return { client: DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } }), sent, steps, reset };
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
    const { client, sent, reset } = countingClient();
    const deps = salon.depsOn(client);
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24' });
    reset();
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-25', time: '11:00' });
    expect(sent).toEqual(['BatchGetItem']);
  });

  it('the salon context is kept for CONTEXT_TTL_MS by the injected clock, then read again', async () => {
    const salon = await makeSalon(table, { now: clock });
    const { client, sent, reset } = countingClient();
    const deps = salon.depsOn(client);
    const ask = () => checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24' });
    await ask();
    reset();
    clock.value += CONTEXT_TTL_MS - 1;
    await ask();
    expect(sent).toEqual(['BatchGetItem']);
    reset();
    clock.value += 2;
    await ask();
    expect([...sent].sort()).toEqual(['BatchGetItem', 'GetItem', 'Query']);
  });

  it('book: one consistent batch read, then one transaction with everything that agrees with the booking', async () => {
    const salon = await makeSalon(table, { now: clock });
    const { client, sent, steps, reset } = countingClient();
    const deps = salon.depsOn(client);
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24' });
    reset();
    const answer = await book(
      deps,
      salon.salonId,
      { service: 'Cut & blow-dry', start: '2026-11-24T10:00', callerName: 'Mary Murphy', callerPhone: '087 123 4567' },
      { idempotencyKey: 'conversation-1' },
    );
    expect(answer.ok).toBe(true);
    expect([...sent].sort()).toEqual(
      [
        'BatchGetItem', // the caller's record, the stylists' days and the idempotency key, in one read
        // one transaction: the stylist's day, the caller's record (the hourly cap), the appointment,
        // the key with its answer, the month's count, the reminder and the calendar write to do
        'TransactWriteItems',
      ].sort(),
    );
    // read → transaction: 2 requests in 2 steps (5 in 3 steps before transactions, 3 in 2 with a claim beside the read)
    expect(steps()).toBe(2);
  });

  it('book once the instance’s copies have expired: the calendar connection is read beside the booking’s read, not as a step after it', async () => {
    const salon = await makeSalon(table, { now: clock, connectCalendar: true, stylists: ['Aoife'], mappings: { Aoife: 'aoife@salon.ie' } });
    const { client, steps, reset } = countingClient();
    const deps = salon.depsOn(client);
    await checkAvailability(deps, salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24' });
    clock.value += CONTEXT_TTL_MS + 1;
    reset();
    const answer = await book(
      deps,
      salon.salonId,
      { service: 'Cut & blow-dry', start: '2026-11-24T14:00', callerName: 'Mary Murphy', callerPhone: '087 123 4567' },
      { idempotencyKey: 'conversation-3' },
    );
    expect(answer.ok).toBe(true);
    // profile ‖ setup → read ‖ connection → the calendar asked live (these deps keep no mirror: the
    // sandbox calendar's own item, a Google call in AWS) → the transaction. 5 when the connection
    // was read after the booking's read.
    expect(steps()).toBe(4);
  });

  it('the whole call, the agent secret included: a secret the instance found before is confirmed beside the first step (inside book’s own read), so book is still 2 steps', async () => {
    const salon = await makeSalon(table, { now: clock });
    const { client, sent, steps, reset } = countingClient();
    const agents = createAgentStore(client, table.tableName);
    const secret = 'a'.repeat(43);
    await agents.save({ salonId: salon.salonId, secretHash: hashAgentSecret(secret), createdAt: new Date(clock.value).toISOString(), rotatedAt: null }, null);
    const deps = { ...salon.depsOn(client), agents, rateLimits: createRateLimits(client, table.tableName) } as unknown as ToolDeps &
      Parameters<typeof identifyAgent>[0];
    const call = async (tool: 'check-availability' | 'book', input: unknown) => {
      const caller = (await identifyAgent(deps, `Bearer ${secret}`, '203.0.113.8'))!;
      return runTool(deps, tool, {
        salonId: caller.salonId,
        input,
        idempotencyKey: 'conversation-2',
        ...(caller.confirmation ? { confirmation: caller.confirmation } : {}),
      });
    };
    await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' });
    reset();
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24', time: '11:00' })).toMatchObject({ ok: true });
    expect([...sent].sort()).toEqual(['BatchGetItem', 'GetItem']);
    expect(steps()).toBe(1);
    reset();
    expect(await call('book', { service: 'Cut & blow-dry', start: '2026-11-24T11:00', callerName: 'Mary Murphy', callerPhone: '087 123 4567' })).toMatchObject({
      ok: true,
    });
    // The agent item comes in book's batch read: no GetItem of its own, no lookup.
    expect([...sent].sort()).toEqual(['BatchGetItem', 'TransactWriteItems']);
    expect(steps()).toBe(2);
  });
});
