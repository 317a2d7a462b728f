import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';
import { completeCall } from '../../../functions/core/calls/complete-call.js';
import { callWorld, type CallWorld } from '../calls/call-world.js';

/**
 * Issue 17 #16: the usage consumer meters a `call.completed` from our record of the call, so an
 * event forged with the bus's key (or simply wrong) counts nothing the record does not hold.
 */
const START = Date.parse('2026-11-20T10:00:00.000Z');
const clock = { value: START };
let table: Table;
let world: CallWorld;
let counter = 0;
const newSid = () => `CA${(counter += 1).toString(16).padStart(32, 'f')}`;

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
  world = callWorld(table, clock);
});
afterAll(() => table.close());

async function endedCall(durationSeconds: number) {
  const salonId = await world.salon();
  const callSid = newSid();
  const startedAt = new Date(START).toISOString();
  await world.deps.calls.recordStart({ salonId, callSid, callerPhone: '+353871234567', startedAt, route: 'agent', test: false });
  await world.deps.calls.noteLegs(salonId, callSid, { agentConnected: true });
  await completeCall(world.deps, {
    salonId,
    callSid,
    startedAt,
    endedAt: new Date(START + durationSeconds * 1000).toISOString(),
    durationSeconds,
    finalStatus: 'completed',
  });
  return { salonId, callSid, startedAt };
}

describe('metering a completed call', () => {
  it("counts the call record's minutes, not a forged event's 6,000,000 seconds", async () => {
    const { salonId, callSid, startedAt } = await endedCall(61);
    world.published.push({ salonId, callSid, startedAt, durationSeconds: 6_000_000, outcome: 'answered', test: false });
    expect(await world.metered(salonId)).toEqual({ minutes: 2, testMinutes: 0, calls: 1 });
  });

  it('counts nothing for a call we never recorded, or one that has not ended', async () => {
    const salonId = await world.salon();
    world.published.push({ salonId, callSid: newSid(), startedAt: new Date(START).toISOString(), durationSeconds: 600, outcome: 'answered', test: false });
    const open = newSid();
    await world.deps.calls.recordStart({
      salonId,
      callSid: open,
      callerPhone: '+353871234567',
      startedAt: new Date(START).toISOString(),
      route: 'agent',
      test: false,
    });
    world.published.push({ salonId, callSid: open, startedAt: new Date(START).toISOString(), durationSeconds: 600, outcome: 'answered', test: false });
    expect(await world.metered(salonId)).toEqual({ minutes: 0, testMinutes: 0, calls: 0 });
  });

  it('takes the outcome from the record: a forwarded call said to be answered uses no minutes', async () => {
    const salonId = await world.salon();
    const callSid = newSid();
    const startedAt = new Date(START).toISOString();
    await world.deps.calls.recordStart({ salonId, callSid, callerPhone: '+353871234567', startedAt, route: 'forwarded', test: false });
    await world.deps.calls.noteLegs(salonId, callSid, { salonAnswered: true });
    await completeCall(world.deps, {
      salonId,
      callSid,
      startedAt,
      endedAt: new Date(START + 300_000).toISOString(),
      durationSeconds: 300,
      finalStatus: 'completed',
    });
    world.published.push({ salonId, callSid, startedAt, durationSeconds: 300, outcome: 'answered', test: false });
    expect(await world.metered(salonId)).toMatchObject({ minutes: 0 });
  });
});
