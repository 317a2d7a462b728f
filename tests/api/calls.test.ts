import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import type { DashboardSummary } from '../../functions/contracts/calls.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { finishedCall, leftMessage } from '../support/calls.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * The owner's calls, messages and dashboard figures over HTTP, fed the way production feeds them:
 * call records in the table and `call.completed` / `message.left` on the local bus, whose
 * consumers keep the activity, the day figures and the minutes.
 */
beforeAll(useProductDeps);

async function ownerWithSalon(label: string): Promise<{ owner: TestOwner; salonId: string }> {
  const owner = await signUpOwner(label);
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  return { owner, salonId };
}

const dashboard = async (owner: TestOwner) => (await api('/api/dashboard', { token: owner.accessToken })).body as unknown as DashboardSummary;

describe('the dashboard figures', () => {
  it('are empty for a new salon, with the trial minutes', async () => {
    const { owner } = await ownerWithSalon('dash-empty');
    expect(await dashboard(owner)).toEqual({
      hasCalls: false,
      callsToday: 0,
      missedToday: 0,
      bookingsThisMonth: 0,
      satisfaction: null,
      activity: [],
      usage: expect.objectContaining({ phase: 'trial', plan: null, minutesUsed: 0, minutesIncluded: 100, testMinutesUsed: 0, testMinutesIncluded: 10 }),
      calendar: { state: 'none', waitingBookings: 0, oldestWaitingSince: null, lastFailure: null },
    });
  });

  it('count calls, missed calls, minutes and activity once each, however often the bus delivers', async () => {
    const { owner, salonId } = await ownerWithSalon('dash-calls');
    await finishedCall(salonId, { minutesAgo: 3, seconds: 125, summary: 'Booked a cut.' });
    const missed = await finishedCall(salonId, { minutesAgo: 2, seconds: 0, agent: false, status: 'no-answer' });
    expect(missed.outcome).toBe('missed');
    await finishedCall(salonId, { minutesAgo: 1, seconds: 61, test: true });
    // The same end delivered again: nothing counts twice.
    await deps().events.publish('call.completed', missed);
    const figures = await eventually(
      () => dashboard(owner),
      (summary) => summary.activity.length === 3 && summary.usage.testMinutesUsed === 2,
    );
    expect(figures).toMatchObject({ hasCalls: true, callsToday: 3, missedToday: 1, usage: { minutesUsed: 3, testMinutesUsed: 2 } });
    expect(figures.activity.map((line) => line.text)).toEqual([
      'You tested your receptionist (1 min).',
      'Missed call: nobody could answer.',
      'Your receptionist answered a call (2 min).',
    ]);
  });

  it('warn the owner by email once at 80% of the trial minutes, however often the events arrive', async () => {
    const { owner, salonId } = await ownerWithSalon('dash-warning');
    const calls = [];
    for (let n = 0; n < 4; n += 1) calls.push(await finishedCall(salonId, { minutesAgo: 10 - n, seconds: 20 * 60 }));
    // Every call's end delivered twice more, all at once.
    await Promise.all([...calls, ...calls].map((call) => deps().events.publish('call.completed', call)));
    const warnings = async () => (await deps().outbox.listForSalon(salonId, 200)).filter((entry) => entry.to === owner.email);
    const sent = await eventually(warnings, (entries) => entries.length > 0);
    expect((await dashboard(owner)).usage).toMatchObject({ minutesUsed: 80, minutesIncluded: 100 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: expect.stringMatching(/you've used 80% of your receptionist minutes$/) });
    expect(sent[0]!.body).toContain("has used 80% of your free trial's 100 minutes.");
    // The headline Billing and the dashboard's meter show, word for word (issue 46 #1).
    expect(sent[0]!.body).toContain((await dashboard(owner)).usage.headline);
    // A further call under 100% sends nothing more.
    await finishedCall(salonId, { minutesAgo: 1, seconds: 60 });
    await eventually(
      () => dashboard(owner),
      (summary) => summary.usage.minutesUsed === 81,
    );
    expect(await warnings()).toHaveLength(1);
  });

  it("never show another salon's figures", async () => {
    const { salonId } = await ownerWithSalon('dash-theirs');
    await finishedCall(salonId, { minutesAgo: 1, seconds: 30 });
    const { owner: mine } = await ownerWithSalon('dash-mine');
    await eventually(
      async () => (await deps().activity.latest(salonId, 1)).length,
      (count) => count === 1,
    );
    expect(await dashboard(mine)).toMatchObject({ hasCalls: false, callsToday: 0, activity: [] });
  });
});

describe('the call log', () => {
  it('pages newest first, opens a transcript, and deletes a call with it', async () => {
    const { owner, salonId } = await ownerWithSalon('call-log');
    const sids: string[] = [];
    for (let n = 0; n < 22; n += 1) sids.push((await finishedCall(salonId, { minutesAgo: 60 - n, seconds: 30 + n, summary: `Call ${n}` })).callSid);
    const first = await api('/api/calls', { token: owner.accessToken });
    expect(first.status).toBe(200);
    expect(first.body.calls).toHaveLength(20);
    expect(first.body.calls[0]).toMatchObject({
      callSid: sids[21],
      caller: '087 123 4567',
      outcome: 'answered',
      summary: 'Call 21',
      durationSeconds: 51,
      test: false,
    });
    const second = await api(`/api/calls?after=${encodeURIComponent(first.body.next)}`, { token: owner.accessToken });
    expect(second.body.calls.map((call: { callSid: string }) => call.callSid)).toEqual([sids[1], sids[0]]);

    const one = await api(`/api/calls?callSid=${sids[0]}`, { token: owner.accessToken });
    expect(one.body.transcript).toEqual([
      { role: 'agent', text: 'Hello, you are through to the AI assistant at Headroom.', at: 0 },
      { role: 'caller', text: 'Can I book a cut?', at: 3 },
    ]);
    const removed = await api('/api/calls/delete', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ callSid: sids[0] }) });
    expect(removed.body).toEqual({ deleted: true });
    expect((await api(`/api/calls?callSid=${sids[0]}`, { token: owner.accessToken })).status).toBe(404);
    expect(await deps().calls.transcript(salonId, sids[0]!)).toBeNull();
  });

  it('show what a phone call did through the tools: the booking it made and then moved, and its message', async () => {
    const owner = await signUpOwner('calls-actions');
    const { salonId, secret } = await bookableSalon(owner);
    const callSid = `CA${randomUUID().replaceAll('-', '')}`;
    await deps().calls.recordStart({ salonId, callSid, callerPhone: '+353871112222', startedAt: new Date().toISOString(), route: 'agent', test: false });
    const onCall = (tool: string, body: unknown) =>
      api(`/api/agent/tools?tool=${tool}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'x-call-sid': callSid },
        body: JSON.stringify(body),
      });
    const day = nextOpenDay();
    const booked = await onCall('book', { service: 'Cut and blow-dry', start: `${day}T10:00`, callerName: 'Nora Byrne', callerPhone: '+353871112222' });
    expect(booked.status, booked.text).toBe(200);
    const moved = await onCall('reschedule', { bookingId: booked.body.booking.id, callerPhone: '+353871112222', newStart: `${day}T11:00` });
    expect(moved.status, moved.text).toBe(200);
    expect((await onCall('take-message', { callerName: 'Nora Byrne', callerPhone: '+353871112222', message: 'Is there parking?' })).status).toBe(200);
    // Without the call's id, nothing is noted on it.
    await agentTool(secret, 'take-message', { callerName: 'Nora Byrne', callerPhone: '+353871112222', message: 'Again' });

    const [call] = (await api('/api/calls', { token: owner.accessToken })).body.calls as Record<string, unknown>[];
    expect(call).toMatchObject({
      callSid,
      outcome: null,
      actions: [
        { action: 'booked', id: booked.body.booking.id, booking: { service: 'Cut and blow-dry', status: 'cancelled' } },
        { action: 'moved', id: moved.body.booking.id, booking: { service: 'Cut and blow-dry', status: 'confirmed', start: moved.body.booking.start } },
        { action: 'message', id: expect.any(String), booking: null },
      ],
    });
  });

  it("refuses another salon's call and bad ids, changing nothing", async () => {
    const { salonId } = await ownerWithSalon('call-theirs');
    const { callSid: theirs } = await finishedCall(salonId, { minutesAgo: 1, seconds: 30 });
    const { owner: mine } = await ownerWithSalon('call-mine');
    expect((await api(`/api/calls?callSid=${theirs}`, { token: mine.accessToken })).status).toBe(404);
    expect((await api('/api/calls/delete', { method: 'POST', token: mine.accessToken, body: JSON.stringify({ callSid: theirs }) })).status).toBe(404);
    expect(await deps().calls.get(salonId, theirs)).not.toBeNull();
    for (const query of ['callSid=nope', 'after=%3Cscript%3E', 'limit=5']) {
      expect((await api(`/api/calls?${query}`, { token: mine.accessToken })).status).toBe(400);
    }
  });

  it('takes back only the cursors it gave out: anything else is a 400 (RELIABILITY 50)', async () => {
    const { owner, salonId } = await ownerWithSalon('call-cursor');
    for (let n = 0; n < 21; n += 1) await finishedCall(salonId, { minutesAgo: 30 - n, seconds: 30 });
    const first = await api('/api/calls', { token: owner.accessToken });
    const next = String(first.body.next);
    const forged = Buffer.from(JSON.stringify({ startedAt: 'ZZZ', callSid: 'CA' })).toString('base64url');
    for (const after of ['A', 'ZZZ', '2099-01-01T00:00:00.000Z#CA00', forged, `${next}x`]) {
      const answer = await api(`/api/calls?after=${encodeURIComponent(after)}`, { token: owner.accessToken });
      expect([after, answer.status]).toEqual([after, 400]);
    }
    const second = await api(`/api/calls?after=${encodeURIComponent(next)}`, { token: owner.accessToken });
    expect(second.body.calls).toHaveLength(1);
  });
});

describe('messages callers left', () => {
  it('list newest first and can be ticked off and back; activity shows them', async () => {
    const { owner, salonId } = await ownerWithSalon('messages');
    const left = [];
    for (let n = 0; n < 3; n += 1) left.push(await leftMessage(salonId, { minutesAgo: 10 - n, callerName: `Caller ${n}`, message: `Ring me (${n})` }));
    const listed = await api('/api/messages', { token: owner.accessToken });
    expect(listed.body.messages.map((message: { message: string }) => message.message)).toEqual(['Ring me (2)', 'Ring me (1)', 'Ring me (0)']);
    expect(listed.body.messages[0]).toMatchObject({ caller: '087 123 4567', doneAt: null });
    const done = await api('/api/messages/done', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ id: left[0]!.id, createdAt: left[0]!.createdAt, done: true }),
    });
    expect(done.status).toBe(200);
    expect(typeof done.body.doneAt).toBe('string');
    const undone = await api('/api/messages/done', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ id: left[0]!.id, createdAt: left[0]!.createdAt, done: false }),
    });
    expect(undone.body).toEqual({ doneAt: null });
    const unknown = await api('/api/messages/done', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ id: randomUUID(), createdAt: left[0]!.createdAt, done: true }),
    });
    expect(unknown.status).toBe(404);
    const activity = await eventually(
      () => dashboard(owner),
      (summary) => summary.activity.length === 3,
    );
    expect(activity.activity[0]).toMatchObject({ kind: 'message', text: 'Caller 2 left a message.' });
  });

  it('page by cursors they gave out, only through messages; any other cursor is a 400 (RELIABILITY 50)', async () => {
    const { owner, salonId } = await ownerWithSalon('message-cursor');
    const left = [];
    for (let n = 0; n < 21; n += 1) left.push(await leftMessage(salonId, { minutesAgo: 30 - n, callerName: `Caller ${n}`, message: `Ring me (${n})` }));
    const first = await api('/api/messages', { token: owner.accessToken });
    expect(first.body.messages).toHaveLength(20);
    const second = await api(`/api/messages?after=${encodeURIComponent(String(first.body.next))}`, { token: owner.accessToken });
    expect(second.body).toEqual({ messages: [expect.objectContaining({ id: left[0]!.id, message: 'Ring me (0)' })], next: null });
    const forged = Buffer.from(JSON.stringify({ createdAt: '2099-01-01T00:00:00.000Z', id: 'ZZZ' })).toString('base64url');
    for (const after of ['A', 'ZZZ', 'MSG#', `MSG#2099-01-01T00:00:00.000Z#${left[0]!.id}`, forged]) {
      const answer = await api(`/api/messages?after=${encodeURIComponent(after)}`, { token: owner.accessToken });
      expect([after, answer.status]).toEqual([after, 400]);
    }
  });
});
