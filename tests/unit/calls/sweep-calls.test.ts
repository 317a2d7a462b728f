import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callOutcome } from '../../../functions/core/calls/call-outcome.js';
import { billableMinutes, receptionistSeconds } from '../../../functions/core/usage/meter-usage.js';
import { completeCall } from '../../../functions/core/calls/complete-call.js';
import { deleteCall } from '../../../functions/core/calls/call-log.js';
import { createBookingStore } from '../../../functions/store/booking-store.js';
import { createUsageStore } from '../../../functions/store/usage-store.js';
import { OPEN_CALL_LIMIT_MS, sweepCalls } from '../../../functions/core/calls/sweep-calls.js';
import { SWEEP_GRACE_MS } from '../../../functions/jobs/sweep-schedule.js';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';
import { callWorld, type CallWorld } from './call-world.js';

/**
 * RELIABILITY 68: the call sweep finishes every call a crash or a lost callback left unfinished,
 * from the provider's own record, and each call is metered once whatever order the sweep and a
 * late callback come in.
 */
const START = Date.parse('2026-11-20T10:00:00.000Z');
const at = (minutes: number, seconds = 0) => START + minutes * 60_000 + seconds * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
let counter = 0;
const newSid = () => `CA${(counter += 1).toString(16).padStart(32, '0')}`;

let table: Table;
let world: CallWorld;
const clock = { value: START };

beforeAll(() => setLogSink(() => {}, 'error'));
beforeEach(async () => {
  clock.value = START;
  table = await startTable();
  world = callWorld(table, clock);
});
afterEach(() => table.close());

const sweep = () => sweepCalls(world.deps, { graceMs: SWEEP_GRACE_MS, limit: 100 });
const nothing = { published: 0, closed: 0, waiting: 0, dropped: 0, failed: 0 };
const markers = async () =>
  ((await table.client.send(new ScanCommand({ TableName: table.tableName }))).Items ?? []).filter((item) => String(item.sk).startsWith('CALLSWEEP#'));

async function ring(options: { test?: boolean } = {}) {
  const salonId = await world.salon();
  const callSid = newSid();
  const test = options.test ?? false;
  await world.deps.calls.recordStart({
    salonId,
    callSid,
    callerPhone: test ? null : '+353871234567',
    startedAt: iso(clock.value),
    route: test ? 'test' : 'agent',
    test,
  });
  await world.deps.calls.noteLegs(salonId, callSid, { agentConnected: true });
  return { salonId, callSid };
}

/** The sweep's first look at an open call (a few minutes in), then the clock past the longest call. */
async function pastTheLongestCall(openCalls = 1) {
  clock.value = at(5);
  expect(await sweep()).toEqual({ ...nothing, waiting: openCalls });
  clock.value = START + OPEN_CALL_LIMIT_MS + SWEEP_GRACE_MS + 60_000;
}

describe('the call sweep (RELIABILITY 68)', () => {
  it('writes call.completed with the end, so the sweep has nothing to publish; the usage consumer’s acknowledgement ends its care', async () => {
    const { salonId, callSid } = await ring();
    clock.value = at(3);
    await completeCall(world.deps, { salonId, callSid, startedAt: iso(START), endedAt: iso(at(3)), durationSeconds: 180, finalStatus: 'completed' });
    expect(await world.events()).toEqual([{ salonId, callSid, startedAt: iso(START), durationSeconds: 180, outcome: 'answered', test: false }]);
    clock.value = at(6);
    // Not delivered yet: the stream will carry it; the sweep only looks again later.
    expect(await sweep()).toEqual({ ...nothing, waiting: 1 });
    await world.deliver();
    clock.value = at(20);
    expect(await sweep()).toEqual(nothing);
    expect(await world.events()).toHaveLength(1);
    expect(await world.metered(salonId)).toEqual({ minutes: 3, testMinutes: 0, calls: 1 });
    expect(await markers()).toEqual([]);
  });

  it('gives an end recorded before the outbox (no event with it) its call.completed, once', async () => {
    const { salonId, callSid } = await ring();
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { pk: `SALON#${salonId}`, sk: `CALL#${callSid}` },
        UpdateExpression: 'SET endedAt = :end, durationSeconds = :seconds, finalStatus = :status, usagePending = :yes',
        ExpressionAttributeValues: { ':end': iso(at(3)), ':seconds': 180, ':status': 'completed', ':yes': true },
      }),
    );
    clock.value = at(6);
    expect(await sweep()).toEqual({ ...nothing, published: 1 });
    expect(await world.events()).toEqual([{ salonId, callSid, startedAt: iso(START), durationSeconds: 180, outcome: 'answered', test: false }]);
    expect(await world.metered(salonId)).toEqual({ minutes: 3, testMinutes: 0, calls: 1 });
    clock.value = at(20);
    expect(await sweep()).toEqual(nothing);
    expect(await markers()).toEqual([]);
  });

  it("closes a call whose end never came from Twilio's record, never on its first look nor before the longest call is over", async () => {
    const { salonId, callSid } = await ring();
    world.onRecord.calls.set(callSid, { state: 'ended', finalStatus: 'completed', durationSeconds: 245, endedAt: iso(at(4, 5)) });
    clock.value = at(5);
    expect(await sweep()).toEqual({ ...nothing, waiting: 1 });
    clock.value = at(12);
    expect(await sweep()).toEqual(nothing);
    clock.value = START + OPEN_CALL_LIMIT_MS + SWEEP_GRACE_MS + 1;
    expect(await sweep()).toEqual({ ...nothing, closed: 1 });
    expect(await world.deps.calls.get(salonId, callSid)).toMatchObject({
      endedAt: iso(at(4, 5)),
      durationSeconds: 245,
      finalStatus: 'completed',
      completedPublished: true,
    });
    expect(await world.events()).toMatchObject([{ callSid, outcome: 'answered', durationSeconds: 245 }]);
    expect(await world.metered(salonId)).toEqual({ minutes: 5, testMinutes: 0, calls: 1 });
    expect(await sweep()).toEqual(nothing);
    expect(await markers()).toEqual([]);
  });

  it('asks again later about a call its provider says is still going (put through to the salon)', async () => {
    const { salonId, callSid } = await ring();
    await pastTheLongestCall();
    world.onRecord.calls.set(callSid, { state: 'live' });
    expect(await sweep()).toEqual({ ...nothing, waiting: 1 });
    clock.value += 60_000;
    expect(await sweep()).toEqual(nothing);
    world.onRecord.calls.set(callSid, { state: 'ended', finalStatus: 'completed', durationSeconds: 1900, endedAt: null });
    clock.value += 10 * 60_000;
    expect(await sweep()).toEqual({ ...nothing, closed: 1 });
    expect(await world.deps.calls.get(salonId, callSid)).toMatchObject({ durationSeconds: 1900, endedAt: iso(clock.value) });
  });

  it("takes the agent's conversation when Twilio does not know the call", async () => {
    const { salonId, callSid } = await ring();
    await world.deps.calls.recordConversation({
      salonId,
      callSid,
      startedAt: iso(START),
      conversationId: 'conv_1',
      summary: null,
      evaluation: 'success',
      transcript: [],
      transcriptExpiresAt: 1_900_000_000,
    });
    world.onRecord.conversations.set('conv_1', { state: 'ended', finalStatus: 'completed', durationSeconds: 130, endedAt: iso(at(2, 10)) });
    await pastTheLongestCall();
    expect(await sweep()).toEqual({ ...nothing, closed: 1 });
    expect(await world.metered(salonId)).toEqual({ minutes: 3, testMinutes: 0, calls: 1 });
  });

  it('in the sandbox, where no provider knows the call, closes it as abandoned with no minutes, metered once; a test call stays a test call', async () => {
    const call = await ring();
    const testCall = await ring({ test: true });
    await pastTheLongestCall(2);
    expect(await sweep()).toEqual({ ...nothing, closed: 2 });
    expect((await world.events()).map((event) => [event.callSid, event.outcome, event.durationSeconds])).toEqual(
      expect.arrayContaining([
        [call.callSid, 'abandoned', 0],
        [testCall.callSid, 'test-call', 0],
      ]),
    );
    expect(await world.metered(call.salonId)).toEqual({ minutes: 0, testMinutes: 0, calls: 1 });
    expect(await world.metered(testCall.salonId)).toEqual({ minutes: 0, testMinutes: 0, calls: 1 });
  });

  it('counts a provider outage as a failure, keeps the call marked, and finishes it on the next run', async () => {
    const { callSid } = await ring();
    await pastTheLongestCall();
    world.onRecord.down = true;
    expect(await sweep()).toEqual({ ...nothing, failed: 1 });
    world.onRecord.down = false;
    world.onRecord.calls.set(callSid, { state: 'ended', finalStatus: 'no-answer', durationSeconds: 0, endedAt: null });
    expect(await sweep()).toEqual({ ...nothing, closed: 1 });
    expect(await world.events()).toMatchObject([{ callSid, outcome: 'missed' }]);
  });

  it('a late callback on a deleted call writes nothing, not even a marker, and publishes nothing', async () => {
    const { salonId, callSid } = await ring();
    const end = { salonId, callSid, startedAt: iso(START), endedAt: iso(at(2)), durationSeconds: 120, finalStatus: 'completed' };
    await completeCall(world.deps, end);
    await world.deliver();
    expect(await world.deps.calls.remove(salonId, callSid, { deletedAt: iso(at(3)), keepUntil: 1_900_000_000 })).toBe('removed');
    expect(await completeCall(world.deps, end)).toBeNull();
    clock.value = at(10);
    expect(await sweep()).toEqual(nothing);
    expect(await world.events()).toHaveLength(1);
    expect(await markers()).toEqual([]);
  });

  it.each(['the sweep first', 'the late callback first', 'both at once'] as const)(
    'meters a call once when its end comes from the sweep and from a late callback: %s',
    async (order) => {
      const { salonId, callSid } = await ring();
      await pastTheLongestCall();
      // The sandbox closes it as abandoned; the late callback says otherwise. The first end recorded is the call's end.
      const late = () =>
        completeCall(world.deps, { salonId, callSid, startedAt: iso(START), endedAt: iso(at(4)), durationSeconds: 240, finalStatus: 'completed' });
      if (order === 'the sweep first') await sweep().then(late);
      else if (order === 'the late callback first') await late().then(sweep);
      else await Promise.all([sweep(), late()]);
      const record = (await world.deps.calls.get(salonId, callSid))!;
      expect(record.completedPublished).toBe(true);
      expect(new Set((await world.events()).map((event) => JSON.stringify(event))).size).toBe(1);
      expect((await world.events())[0]).toMatchObject({ durationSeconds: record.durationSeconds });
      const minutes = billableMinutes(receptionistSeconds({ outcome: callOutcome(record)!, durationSeconds: record.durationSeconds! }));
      expect(await world.metered(salonId)).toEqual({ minutes, testMinutes: 0, calls: 1 });
    },
  );

  it('deleting a call whose call.completed the bus has not delivered counts its minutes first, once', async () => {
    const { salonId, callSid } = await ring();
    clock.value = at(2);
    await completeCall(world.deps, { salonId, callSid, startedAt: iso(START), endedAt: iso(at(2)), durationSeconds: 120, finalStatus: 'completed' });
    // In the outbox (the stream has it), not yet delivered to the usage consumer.
    expect(await world.events()).toHaveLength(1);
    const usage = createUsageStore(table.client, table.tableName);
    expect(await deleteCall({ ...world.deps, usage, bookings: createBookingStore(table.client, table.tableName) }, salonId, callSid)).toEqual({
      deleted: true,
    });
    expect(await world.metered(salonId)).toEqual({ minutes: 2, testMinutes: 0, calls: 1 });
    clock.value = at(10);
    expect(await sweep()).toEqual(nothing);
    expect(await world.events()).toHaveLength(1);
    expect(await markers()).toEqual([]);
  });
});
