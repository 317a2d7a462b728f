import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTestCall, startTestCall } from '../../../local/receptionist/test-call.js';
import { testCallSid } from '../../../local/receptionist/tool-call.js';
import { sweepCalls } from '../../../functions/core/calls/sweep-calls.js';
import { recordCallStatus } from '../../../functions/core/telephony/call-record.js';
import { billableMinutes } from '../../../functions/core/usage/meter-usage.js';
import { SWEEP_GRACE_MS } from '../../../functions/jobs/sweep-schedule.js';
import { setLogSink } from '../../../functions/logger.js';
import { createCallStore } from '../../../functions/store/call-store.js';
import { createConversationStore } from '../../../functions/store/conversation-store.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createTestCallStore } from '../../../functions/store/test-call-store.js';
import { createUsageStore } from '../../../functions/store/usage-store.js';
import { dyingClient } from '../../support/dying-client.js';
import { makeSalon, startTable, type Table } from '../booking/harness.js';
import { callWorld, type CallWorld } from './call-world.js';

/**
 * RELIABILITY 68, 42 and 105: a crash after any write of a call's end (Twilio's status callback,
 * the end of the owner's test call) leaves, once the sweep has run, the call ended, `call.completed`
 * in the outbox (relayed) and its minutes counted exactly once, with nothing left for the sweep to do.
 * The crash is a DynamoDB client that lets N writes through, then fails every call
 * (tests/support/dying-client.ts); N runs from 0 until the end completes without reaching it.
 */
const START = Date.parse('2026-11-20T10:00:00.000Z');
const at = (minutes: number, seconds = 0) => START + minutes * 60_000 + seconds * 1000;
let table: Table;

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

/**
 * The sweep as the schedule runs it, long after the crash: its first look at a call left open, and
 * the next past the longest call; the bus delivers what each run publishes.
 */
async function sweepsLater(world: CallWorld, clock: { value: number }) {
  for (const minutes of [10, 30, 40]) {
    clock.value = at(minutes);
    expect(await sweepCalls(world.deps, { graceMs: SWEEP_GRACE_MS, limit: 100 })).toMatchObject({ failed: 0 });
    await world.deliver();
  }
}

async function expectFinished(world: CallWorld, salonId: string, callSid: string) {
  const record = (await world.deps.calls.get(salonId, callSid))!;
  expect(record).toMatchObject({ completedPublished: true, endedAt: expect.any(String) });
  const items = (await table.client.send(new ScanCommand({ TableName: table.tableName }))).Items ?? [];
  expect(items.filter((item) => String(item.sk).startsWith('CALLSWEEP#'))).toEqual([]);
  return record;
}

describe('a crash after any write of a call’s end, then the sweep (RELIABILITY 68)', () => {
  it('the status callback: published and metered once at every crash point', async () => {
    let completedAt: number | undefined;
    for (let writes = 0; completedAt === undefined && writes < 20; writes += 1) {
      const clock = { value: START };
      const world = callWorld(table, clock);
      const salonId = await world.salon();
      const number = `+3531555${String(writes).padStart(4, '0')}`;
      expect(await world.deps.numbers.assign(number, salonId, new Date(START))).toBe(true);
      const callSid = `CA${String(writes).padStart(32, 'c')}`;
      await world.deps.calls.recordStart({
        salonId,
        callSid,
        callerPhone: '+353871234567',
        startedAt: new Date(START).toISOString(),
        route: 'agent',
        test: false,
      });
      await world.deps.calls.noteLegs(salonId, callSid, { agentConnected: true });
      clock.value = at(4);
      world.onRecord.calls.set(callSid, { state: 'ended', finalStatus: 'completed', durationSeconds: 230, endedAt: new Date(at(4)).toISOString() });

      const dying = dyingClient(table, writes);
      const report = { callSid, from: '+353871234567', to: number, callStatus: 'completed', callDuration: '230', timestamp: new Date(at(4)).toUTCString() };
      await recordCallStatus(world.depsOn(dying.client), report).catch(() => undefined);
      if (!dying.state.dead) completedAt = writes;

      await sweepsLater(world, clock);
      expect(await expectFinished(world, salonId, callSid)).toMatchObject({ durationSeconds: 230, finalStatus: 'completed' });
      expect(await world.metered(salonId)).toEqual({ minutes: 4, testMinutes: 0, calls: 1 });
    }
    // The end, its sweep marker and its call.completed are one write (a transaction, RELIABILITY 105): all of it or none.
    expect(completedAt).toBe(1);
  });

  it('the end of the owner’s test call: published and metered once at every crash point', async () => {
    let completedAt: number | undefined;
    for (let writes = 0; completedAt === undefined && writes < 20; writes += 1) {
      const clock = { value: START };
      const world = callWorld(table, clock);
      const salon = await makeSalon(table, { now: clock });
      world.watch(salon.salonId);
      const rateLimits = createRateLimits(table.client, table.tableName);
      const on = (client: typeof table.client) => ({
        ...salon.deps,
        ...world.depsOn(client),
        rateLimits,
        conversations: createConversationStore(client, table.tableName),
        calls: createCallStore(client, table.tableName),
        usage: createUsageStore(client, table.tableName),
        testCalls: createTestCallStore(client, table.tableName),
      });
      const { conversationId } = await startTestCall(on(table.client), salon.salonId);
      clock.value = at(1, 35);

      const dying = dyingClient(table, writes);
      await endTestCall(on(dying.client), salon.salonId, conversationId).catch(() => undefined);
      if (!dying.state.dead) completedAt = writes;

      await sweepsLater(world, clock);
      const record = await expectFinished(world, salon.salonId, testCallSid(conversationId));
      // Ended by the owner (95 s), or, when that end was lost, closed by the sandbox sweep as abandoned.
      expect([95, 0]).toContain(record.durationSeconds);
      expect(await world.metered(salon.salonId)).toEqual({ minutes: 0, testMinutes: billableMinutes(record.durationSeconds!), calls: 1 });
    }
    expect(completedAt).toBeGreaterThan(2);
  });

  it('a kill -9 after the last status callbacks, before the bus delivered call.completed: the outbox still holds it, and after the restart its minutes are counted once', async () => {
    const clock = { value: START };
    const world = callWorld(table, clock);
    const salonId = await world.salon();
    const number = '+35315559999';
    expect(await world.deps.numbers.assign(number, salonId, new Date(START))).toBe(true);
    const sids = Array.from({ length: 8 }, (_, index) => `CA${String(index).padStart(32, 'k')}`);
    for (const callSid of sids) {
      await world.deps.calls.recordStart({
        salonId,
        callSid,
        callerPhone: '+353871234567',
        startedAt: new Date(START).toISOString(),
        route: 'agent',
        test: false,
      });
      await world.deps.calls.noteLegs(salonId, callSid, { agentConnected: true });
    }
    clock.value = at(1, 1);
    const report = (callSid: string) => ({
      callSid,
      from: '+353871234567',
      to: number,
      callStatus: 'completed',
      callDuration: '61',
      timestamp: new Date(at(1, 1)).toUTCString(),
    });
    for (const callSid of sids.slice(0, 7)) await recordCallStatus(world.deps, report(callSid));
    await world.deliver();
    expect(await world.metered(salonId)).toEqual({ minutes: 14, testMinutes: 0, calls: 7 });
    // The eighth call's callback answered: its end and its call.completed written together; then the kill, before any relay ran.
    await recordCallStatus(world.deps, report(sids[7]!));
    expect(await world.deps.calls.get(salonId, sids[7]!)).toMatchObject({ completedPublished: true, usagePending: true });

    // After the restart the relay carries what the outbox holds; the sweeps only look.
    await sweepsLater(world, clock);
    expect(await world.metered(salonId)).toEqual({ minutes: 16, testMinutes: 0, calls: 8 });
    for (const callSid of sids) await expectFinished(world, salonId, callSid);
    // Once counted, the sweep has nothing left: another run publishes nothing.
    const before = (await world.events()).length;
    expect(before).toBe(8);
    clock.value = at(60);
    expect(await sweepCalls(world.deps, { graceMs: SWEEP_GRACE_MS, limit: 100 })).toMatchObject({ published: 0, failed: 0 });
    expect(await world.events()).toHaveLength(before);
  });
});
