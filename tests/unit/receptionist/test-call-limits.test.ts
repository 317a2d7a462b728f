import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCallLimits } from '../../../functions/contracts/receptionist.js';
import { endTestCall, startTestCall, testCallTurn } from '../../../local/receptionist/test-call.js';
import { billingPeriodAt } from '../../../functions/core/usage/billing-period.js';
import { setLogSink } from '../../../functions/logger.js';
import { createCallStore } from '../../../functions/store/call-store.js';
import { createConversationStore } from '../../../functions/store/conversation-store.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createTestCallStore } from '../../../functions/store/test-call-store.js';
import { createUsageStore } from '../../../functions/store/usage-store.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/**
 * The sandbox test call's limits, over the real stores (DynamoDB Local) and an injected clock: one at a
 * time per salon, only within the free test minutes (10 a billing period), ended when they run
 * out, and a call left open (browser closed) stops blocking once its minutes would be up.
 */
let table: Table;
const MINUTE = 60_000;

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

async function testingSalon() {
  const clock = { value: at('2026-11-23T10:00') };
  const salon = await makeSalon(table, { now: clock });
  const usage = createUsageStore(table.client, table.tableName);
  const deps = {
    ...salon.deps,
    rateLimits: createRateLimits(table.client, table.tableName),
    conversations: createConversationStore(table.client, table.tableName),
    calls: createCallStore(table.client, table.tableName),
    testCalls: createTestCallStore(table.client, table.tableName),
    usage,
  };
  const profile = (await salon.deps.salons.get(salon.salonId))!;
  const testMinutes = async () => (await usage.totals(salon.salonId, billingPeriodAt(profile, new Date(clock.value)).id)).testMinutes;
  /** Earlier test calls of this period: `minutes` of them used. */
  const used = (minutes: number) =>
    usage.count(salon.salonId, billingPeriodAt(profile, new Date(clock.value)).id, { callSid: `SBearlier${minutes}`, day: '2026-11-23', minutes, test: true });
  const later = (ms: number) => void (clock.value += ms);
  return { ...salon, deps, clock, later, testMinutes, used };
}

async function refusal(promise: Promise<unknown>): Promise<{ kind: string; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { kind: string; code: string; message: string };
  }
  throw new Error('expected a refusal');
}

describe('one test call at a time', () => {
  it('refuses a second start while one is open, 20 starts at once open one; after hanging up the next may start', async () => {
    const salon = await testingSalon();
    const starts = await Promise.allSettled(Array.from({ length: 20 }, () => startTestCall(salon.deps, salon.salonId)));
    const opened = starts.filter((start) => start.status === 'fulfilled');
    expect(opened).toHaveLength(1);
    for (const start of starts)
      if (start.status === 'rejected') expect(start.reason).toMatchObject({ kind: 'conflict', code: 'test_call_open', message: testCallLimits.alreadyOpen });

    salon.later(MINUTE);
    const again = await refusal(startTestCall(salon.deps, salon.salonId));
    expect([again.code, again.message]).toEqual(['test_call_open', testCallLimits.alreadyOpen]);
    await endTestCall(salon.deps, salon.salonId, opened[0]!.value.conversationId);
    expect(await salon.testMinutes()).toBe(1);
    expect((await startTestCall(salon.deps, salon.salonId)).ended).toBe(false);
  });

  it('a call left open (the browser closed) blocks only until its minutes would be up, and counts until the last turn', async () => {
    const salon = await testingSalon();
    await salon.used(6);
    const { conversationId } = await startTestCall(salon.deps, salon.salonId);
    salon.later(90_000);
    await testCallTurn(salon.deps, salon.salonId, conversationId, 'How much is a cut and blow-dry?');
    salon.later(2 * MINUTE);
    expect((await refusal(startTestCall(salon.deps, salon.salonId))).code).toBe('test_call_open');
    // Four minutes were left when it started (three and a half have passed): past them, the next
    // start ends it at its last turn.
    salon.later(MINUTE / 2 + 1_000);
    const next = await startTestCall(salon.deps, salon.salonId);
    expect(next.ended).toBe(false);
    const left = await salon.deps.calls.get(salon.salonId, `SB${conversationId.replace(/^sbx_/, '').replaceAll('-', '')}`);
    expect(left).toMatchObject({ durationSeconds: 90, test: true, endedAt: expect.any(String) });
    expect(await salon.testMinutes()).toBe(8);
    await expect(testCallTurn(salon.deps, salon.salonId, conversationId, 'hello?')).rejects.toThrow('That call has ended.');
  });
});

describe('the free test minutes', () => {
  it('refuses a test call once they are used up, with a clear message', async () => {
    const salon = await testingSalon();
    await salon.used(10);
    const refused = await refusal(startTestCall(salon.deps, salon.salonId));
    expect(refused).toMatchObject({ kind: 'conflict', code: 'test_minutes_used', message: testCallLimits.minutesUsed });
    expect(refused.message).toBe("You've used all 10 free test minutes for this billing period, so there are no test calls left until the next one.");
  });

  it('ends a running test call when they run out, counting no more than were left', async () => {
    const salon = await testingSalon();
    await salon.used(7);
    const { conversationId } = await startTestCall(salon.deps, salon.salonId);
    salon.later(2 * MINUTE);
    const before = await testCallTurn(salon.deps, salon.salonId, conversationId, 'What time do you close on Saturday?');
    expect(before.ended).toBe(false);
    salon.later(5 * MINUTE);
    expect(await testCallTurn(salon.deps, salon.salonId, conversationId, 'And on Sunday?')).toEqual({
      conversationId,
      say: testCallLimits.timeUp,
      ended: true,
    });
    expect(await salon.testMinutes()).toBe(10);
    // call.completed left with the end, in the outbox (functions/store/event-outbox.ts).
    const written = (await table.items(salon.salonId)).filter((item) => String(item.sk).startsWith('EVENTOUT#call.completed#'));
    expect(written.map((item) => JSON.parse(String(item.detail)))).toEqual([expect.objectContaining({ durationSeconds: 180, test: true })]);
    expect((await refusal(startTestCall(salon.deps, salon.salonId))).code).toBe('test_minutes_used');
  });
});
