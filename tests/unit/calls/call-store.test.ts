import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedDetail } from '../../../functions/core/calls/complete-call.js';
import { createCallStore } from '../../../functions/store/call-store.js';
import { type CallStore } from '../../../functions/core/ports/call-store.js';
import type { CallConversation, CallEnd, CallRecord, CallStart } from '../../../functions/core/ports/call-types.js';
import { startTable, type Table } from '../booking/harness.js';

/** Reliability 39: a call's parts arrive from three sources, in any order, any number of times; the record comes out the same. */
let table: Table;
let calls: CallStore;
let counter = 0;

beforeAll(async () => {
  table = await startTable();
  calls = createCallStore(table.client, table.tableName);
});
afterAll(() => table.close());

/** `call.completed` as completeCall builds it from the record the end leaves. */
const completed = (ended: CallRecord) => completedDetail(ended, { durationSeconds: 0 });
const newSalon = () => `sal_calls${String((counter += 1)).padStart(5, '0')}`;
const sid = (n: number) => `CA${n.toString(16).padStart(32, '0')}`;

function parts(salonId: string, callSid: string) {
  const start: CallStart = { salonId, callSid, callerPhone: '+353871234567', startedAt: '2026-11-20T10:00:00.000Z', route: 'agent', test: false };
  // The end's own idea of the start is a second later: the record keeps the first start it hears of.
  const end: CallEnd = {
    salonId,
    callSid,
    startedAt: '2026-11-20T10:00:01.000Z',
    endedAt: '2026-11-20T10:03:05.000Z',
    durationSeconds: 185,
    finalStatus: 'completed',
  };
  const conversation: CallConversation = {
    salonId,
    callSid,
    startedAt: '2026-11-20T10:00:02.000Z',
    conversationId: 'conv_abc',
    summary: 'Booked a cut for Saturday.',
    evaluation: 'success',
    transcript: [
      { role: 'agent', text: 'Hello, you are speaking to an AI assistant.', at: 0 },
      { role: 'caller', text: 'A cut on Saturday please.', at: 4 },
    ],
    transcriptExpiresAt: Math.floor(Date.parse('2027-02-20T00:00:00Z') / 1000),
  };
  return { start, end, conversation };
}

describe('call records', () => {
  it('any order and any duplicates of start, end and post-call data give the same record', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.constantFrom('start', 'end', 'conversation'), { minLength: 3, maxLength: 9 })
          .filter((list) => ['start', 'end', 'conversation'].every((kind) => list.includes(kind as never))),
        async (order) => {
          const salonId = newSalon();
          const callSid = sid(counter);
          const { start, end, conversation } = parts(salonId, callSid);
          const deliver = (kind: string) =>
            kind === 'start' ? calls.recordStart(start) : kind === 'end' ? calls.recordEnd(end, completed) : calls.recordConversation(conversation);
          for (const kind of order) await deliver(kind);
          // And every delivery again, all at once.
          await Promise.all(order.map(deliver));
          const record = await calls.get(salonId, callSid);
          const startOf = { start: start.startedAt, end: end.startedAt, conversation: conversation.startedAt };
          expect(record).toMatchObject({
            startedAt: startOf[order[0]!],
            callerPhone: '+353871234567',
            route: 'agent',
            endedAt: '2026-11-20T10:03:05.000Z',
            durationSeconds: 185,
            finalStatus: 'completed',
            conversationId: 'conv_abc',
            summary: 'Booked a cut for Saturday.',
            evaluation: 'success',
          });
          expect(await calls.transcript(salonId, callSid)).toEqual(conversation.transcript);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('writes call.completed with the first end, in the same transaction; a later end changes neither', async () => {
    const salonId = newSalon();
    const { start, end } = parts(salonId, sid(9001));
    await calls.recordStart(start);
    await calls.noteLegs(salonId, start.callSid, { agentConnected: true });
    expect(await calls.recordEnd(end, completed)).toMatchObject({ completedPublished: true, usagePending: true, durationSeconds: 185 });
    const again = await calls.recordEnd({ ...end, durationSeconds: 999 }, completed);
    expect(again).toMatchObject({ completedPublished: true, durationSeconds: 185 });
    const events = (await table.items(salonId)).filter((item) => String(item.sk).startsWith('EVENTOUT#'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ sk: `EVENTOUT#call.completed#${start.callSid}`, detailType: 'call.completed' });
    expect(JSON.parse(events[0]!.detail as string)).toEqual({
      salonId,
      callSid: start.callSid,
      startedAt: start.startedAt,
      durationSeconds: 185,
      outcome: 'answered',
      test: false,
    });
  });

  it('lists newest first, page by page', async () => {
    const salonId = newSalon();
    for (let minute = 0; minute < 5; minute += 1) {
      await calls.recordStart({
        salonId,
        callSid: sid(100 + minute),
        callerPhone: null,
        startedAt: `2026-11-20T10:0${minute}:00.000Z`,
        route: 'agent',
        test: false,
      });
    }
    const first = await calls.list(salonId, { limit: 2 });
    expect(first.calls.map((call) => call.callSid)).toEqual([sid(104), sid(103)]);
    const second = await calls.list(salonId, { limit: 2, after: first.next! });
    expect(second.calls.map((call) => call.callSid)).toEqual([sid(102), sid(101)]);
    const third = await calls.list(salonId, { limit: 2, after: second.next! });
    expect(third.calls.map((call) => call.callSid)).toEqual([sid(100)]);
  });

  it('notes bookings made, moved and cancelled, messages and a transfer on a known call only, once each', async () => {
    const salonId = newSalon();
    const { start } = parts(salonId, sid(200));
    await calls.recordStart(start);
    await Promise.all([
      calls.noteAction(salonId, start.callSid, 'booked', 'bk_1'),
      calls.noteAction(salonId, start.callSid, 'booked', 'bk_1'),
      calls.noteAction(salonId, start.callSid, 'moved', 'bk_2'),
      calls.noteAction(salonId, start.callSid, 'cancelled', 'bk_3'),
      calls.noteAction(salonId, start.callSid, 'message', 'msg_1'),
      calls.noteTransfer(salonId, start.callSid),
    ]);
    expect(await calls.get(salonId, start.callSid)).toMatchObject({
      bookingIds: ['bk_1'],
      movedIds: ['bk_2'],
      cancelledIds: ['bk_3'],
      messageIds: ['msg_1'],
      transferred: true,
    });
    await calls.noteAction(salonId, sid(201), 'booked', 'bk_2');
    expect(await calls.get(salonId, sid(201))).toBeNull();
  });

  it('an expired transcript is gone even before DynamoDB removes it', async () => {
    const salonId = newSalon();
    const { start, conversation } = parts(salonId, sid(300));
    await calls.recordStart(start);
    await calls.recordConversation({ ...conversation, transcriptExpiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect(await calls.transcript(salonId, start.callSid)).toBeNull();
  });
});

describe('a deleted call (RELIABILITY 69)', () => {
  const tombstone = { deletedAt: '2026-11-21T09:00:00.000Z', keepUntil: 1_800_000_000 };

  async function finished(salonId: string, callSid: string) {
    const { start, end, conversation } = parts(salonId, callSid);
    await calls.recordStart(start);
    await calls.recordConversation(conversation);
    await calls.recordEnd(end, completed);
    await calls.markUsageMetered(salonId, callSid);
    return { start, end, conversation };
  }

  it('leaves only a tombstone, which no late or re-sent part of the call brings back', async () => {
    const salonId = newSalon();
    const callSid = sid(400);
    const { start, end, conversation } = await finished(salonId, callSid);
    expect(await calls.remove(salonId, callSid, tombstone)).toBe('removed');
    const left = [{ pk: `SALON#${salonId}`, sk: `CALL#${callSid}`, salonId, callSid, deletedAt: tombstone.deletedAt, ttl: tombstone.keepUntil }];
    expect(await table.items(salonId)).toEqual(left);

    await calls.recordStart(start);
    expect(await calls.recordEnd(end, completed)).toBeNull();
    expect(await calls.recordConversation(conversation)).toBeNull();
    await Promise.all([
      calls.noteLegs(salonId, callSid, { agentConnected: true }),
      calls.noteTransfer(salonId, callSid),
      calls.noteAction(salonId, callSid, 'booked', 'bk_1'),
      calls.noteAction(salonId, callSid, 'message', 'msg_1'),
    ]);

    expect(await calls.get(salonId, callSid)).toBeNull();
    expect(await calls.transcript(salonId, callSid)).toBeNull();
    expect((await calls.list(salonId, { limit: 10 })).calls).toEqual([]);
    // A late part marks the call for the sweep before it finds the tombstone: the sweep drops the marker.
    expect((await table.items(salonId)).filter((item) => !String(item.sk).startsWith('CALLSWEEP#'))).toEqual(left);
    expect(await calls.remove(salonId, callSid, tombstone)).toBe('missing');
  });

  it('a post-call delivery racing the deletion never leaves the transcript behind', async () => {
    for (let n = 0; n < 10; n += 1) {
      const salonId = newSalon();
      const callSid = sid(500 + n);
      const { conversation } = await finished(salonId, callSid);
      const [removed] = await Promise.all([
        calls.remove(salonId, callSid, tombstone),
        calls.recordConversation(conversation),
        calls.recordConversation(conversation),
      ]);
      expect(removed).toBe('removed');
      // As above, a delivery may mark the call for the sweep before it meets the tombstone (DynamoDB
      // Local interleaves the three so; dynalite never did): the sweep drops the marker.
      const left = (await table.items(salonId)).map((item) => String(item.sk)).filter((sk) => !sk.startsWith('CALLSWEEP#'));
      expect(left).toEqual([`CALL#${callSid}`]);
    }
  });

  it('waits while the call is unfinished: open, or ended and its minutes not yet counted', async () => {
    const salonId = newSalon();
    const { start, end } = parts(salonId, sid(600));
    await calls.recordStart(start);
    expect(await calls.remove(salonId, start.callSid, tombstone)).toBe('unfinished');
    await calls.recordEnd(end, completed);
    expect(await calls.remove(salonId, start.callSid, tombstone)).toBe('unmetered');
    await calls.markUsageMetered(salonId, start.callSid);
    // A re-sent end after the minutes were counted leaves them counted.
    await calls.recordEnd(end, completed);
    expect(await calls.remove(salonId, start.callSid, tombstone)).toBe('removed');
    expect(await calls.remove(sid(601), start.callSid, tombstone)).toBe('missing');
  });
});
