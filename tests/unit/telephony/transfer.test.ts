import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toolSay } from '../../../functions/contracts/agent-tools.js';
import { toolRegistry } from '../../../functions/core/agent-tools/registry.js';
import { transfer, TRANSFER_DELAY_MS } from '../../../functions/core/booking/salon-tools.js';
import { createDiallingStore } from '../../../functions/store/dialling-store.js';
import { callerLines } from '../../../functions/core/telephony/call-script.js';
import { createTwilioTelephony } from '../../../functions/providers/twilio-telephony.js';
import { createCallStore } from '../../../functions/store/call-store.js';
import { type CallStore } from '../../../functions/core/ports/call-store.js';
import { createNumberStore } from '../../../functions/store/number-store.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { makeSalon, startTable, type Table } from '../booking/harness.js';

/** The transfer tool moves the live call through Twilio's REST API: a local fake Twilio sees what it sends. */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const CALL = `CA${'c'.repeat(32)}`;
const GONE = `CA${'0'.repeat(32)}`;
const updates: { path: string; form: URLSearchParams }[] = [];
/** The agent's line is not waited for where a test is not about it. */
const noWait = async () => {};
/** The harness's site: the voice webhook told how the transfer's <Dial> ended. */
const AFTER_DIAL = 'http://127.0.0.1:5173/api/twilio/voice?stage=after-forward';
/** Who picks up hears who is calling and presses a key (functions/core/telephony/whisper.ts). */
const whisper = (salonId: string) => `http://127.0.0.1:5173/api/twilio/voice?stage=whisper&amp;salon=${salonId}&amp;call=${CALL}`;
let numbered = 0;

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const twilio = createServer((request, response) => {
  void (async () => {
    const form = new URLSearchParams(await read(request));
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    updates.push({ path, form });
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path.endsWith(`/Calls/${CALL}.json`)) return json(200, { sid: CALL, account_sid: ACCOUNT, status: 'in-progress' });
    json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  })();
});

let table: Table;
let telephony: ReturnType<typeof createTwilioTelephony>;
let calls: CallStore;
beforeAll(async () => {
  table = await startTable();
  calls = createCallStore(table.client, table.tableName);
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', () => resolve()));
  telephony = createTwilioTelephony({ accountSid: ACCOUNT, authToken: 'token', apiRoot: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
  await table.close();
});
beforeEach(() => {
  updates.length = 0;
});

/** The number of ours a salon's calls come in on: what the phone a transfer rings is shown. */
async function giveNumber(salonId: string): Promise<string> {
  numbered += 1;
  const number = `+3531555${String(numbered).padStart(4, '0')}`;
  expect(await createNumberStore(table.client, table.tableName).assign(number, salonId, new Date())).toBe(true);
  expect(await createSalonStore(table.client, table.tableName).setAssignedNumber(salonId, number)).toBeTruthy();
  return number;
}

/** A salon with the live call `sid` ringing on its number (as the voice webhook records it). */
async function salonWithCall(sid: string, options: { escalationPhone?: string } = {}) {
  const salon = await makeSalon(table, { now: { value: Date.now() }, ...options });
  const number = await giveNumber(salon.salonId);
  await calls.recordStart({
    salonId: salon.salonId,
    callSid: sid,
    callerPhone: '+353861234567',
    startedAt: new Date().toISOString(),
    route: 'agent',
    test: false,
  });
  return { ...salon, number };
}

describe('the transfer tool', () => {
  it('redirects the live call to a short line and a <Dial> of the escalation number, after the agent has spoken', async () => {
    const salon = await salonWithCall(CALL, { escalationPhone: '+353877654321' });
    const waits: { ms: number; redirectsBefore: number }[] = [];
    const wait = async (ms: number) => void waits.push({ ms, redirectsBefore: updates.length });
    const dialling = createDiallingStore(table.client, table.tableName);
    const answer = await transfer({ ...salon.deps, telephony, calls, dialling }, salon.salonId, CALL, { wait });
    expect(answer).toEqual({ ok: true, say: "I'll put you through to the salon now. One moment.", phoneNumber: '+353877654321', transferred: true });
    // The agent's line gets its time to play: the call is redirected only after the wait.
    expect(waits).toEqual([{ ms: TRANSFER_DELAY_MS, redirectsBefore: 0 }]);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Calls/${CALL}.json`);
    // The <Dial> reports back to the voice webhook, which ends the call: nothing follows it that a
    // caller the salon spoke to would hear once the salon hangs up.
    expect(updates[0]!.form.get('Twiml')).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Niamh-Neural" language="en-IE">${callerLines.transferring}</Say><Dial answerOnBridge="true" callerId="${salon.number}" action="${AFTER_DIAL}" method="POST"><Number url="${whisper(salon.salonId)}" method="POST">+353877654321</Number></Dial></Response>`,
    );
    // Should that number forward the call straight back to us, the voice webhook knows the call for ours (RELIABILITY 53).
    expect(await dialling.active(salon.salonId, new Date())).toEqual([
      { callSid: CALL, to: '+353877654321', caller: '+353861234567', expiresAt: expect.any(String) },
    ]);
  });

  it('never puts a caller through to a number that forwards to us (the same loop check as forwarding)', async () => {
    const voice = {
      selectedVoice: 'niamh',
      selectedLanguage: 'en',
      firstMessage: 'Hi',
      agentPhone: '',
      escalationPhone: '+353877654321',
      ringSalonFirstSeconds: 0,
      textMissedCallers: false,
    };
    // The escalation line forwards its calls to us: the salon's own phone is rung instead.
    const forwarding = await makeSalon(table, { now: { value: Date.now() } });
    await forwarding.deps.setup.saveVoice(forwarding.salonId, voice, { phoneOption: 'forward', forwardNumber: '+353877654321', forwardWhen: 'unanswered' });
    await giveNumber(forwarding.salonId);
    await calls.recordStart({
      salonId: forwarding.salonId,
      callSid: CALL,
      callerPhone: '+353861234567',
      startedAt: new Date().toISOString(),
      route: 'agent',
      test: false,
    });
    expect(await transfer({ ...forwarding.deps, telephony, calls }, forwarding.salonId, CALL, { wait: noWait })).toMatchObject({
      phoneNumber: '+35312345678',
      transferred: true,
    });
    // Both lead back here: nobody to put the caller through to, and nothing redirected.
    const looping = await makeSalon(table, { now: { value: Date.now() } });
    await looping.deps.setup.saveVoice(
      looping.salonId,
      { ...voice, escalationPhone: '+35312345678' },
      { phoneOption: 'forward', forwardNumber: '+35312345678', forwardWhen: 'unanswered' },
    );
    updates.length = 0;
    await calls.recordStart({
      salonId: looping.salonId,
      callSid: CALL,
      callerPhone: '+353861234567',
      startedAt: new Date().toISOString(),
      route: 'agent',
      test: false,
    });
    await expect(transfer({ ...looping.deps, telephony, calls }, looping.salonId, CALL, { wait: noWait })).rejects.toMatchObject({
      code: 'no_transfer_number',
    });
    expect(updates).toEqual([]);
  });

  it("dials the salon's own phone when there is no escalation number", async () => {
    const salon = await salonWithCall(CALL);
    await transfer({ ...salon.deps, telephony, calls }, salon.salonId, CALL, { wait: noWait });
    expect(updates[0]!.form.get('Twiml')).toContain(
      `<Dial answerOnBridge="true" callerId="${salon.number}" action="${AFTER_DIAL}" method="POST"><Number url="${whisper(salon.salonId)}" method="POST">+35312345678</Number></Dial>`,
    );
  });

  it('only answers the number when there is no live call to move (the sandbox receptionist, a call without a SID)', async () => {
    const salon = await makeSalon(table, { now: { value: Date.now() }, escalationPhone: '+353877654321' });
    expect(await transfer({ ...salon.deps, telephony, calls }, salon.salonId, undefined, { wait: noWait })).toEqual({
      ok: true,
      say: "I'll put you through to the salon now. One moment.",
      phoneNumber: '+353877654321',
    });
    expect(await transfer(salon.deps, salon.salonId, CALL, { wait: noWait })).not.toHaveProperty('transferred');
    expect(updates).toEqual([]);
  });

  it('tells the agent what to say when Twilio refuses the redirect (the call has ended)', async () => {
    const salon = await salonWithCall(GONE, { escalationPhone: '+353877654321' });
    await expect(transfer({ ...salon.deps, telephony, calls }, salon.salonId, GONE, { wait: noWait })).rejects.toMatchObject({
      kind: 'provider_failed',
      code: 'transfer_failed',
      say: toolSay.noTransferNumber,
    });
  });

  it("never redirects a call that is not one of this salon's calls (another salon's, or any sid at all)", async () => {
    await salonWithCall(CALL);
    const salon = await makeSalon(table, { now: { value: Date.now() }, escalationPhone: '+353877654321' });
    for (const sid of [CALL, `CA${'b'.repeat(32)}`]) {
      await expect(
        toolRegistry.transfer.run({ ...salon.deps, rateLimits: undefined as never, telephony, calls }, { salonId: salon.salonId, input: {}, callSid: sid }),
      ).rejects.toMatchObject({
        kind: 'not_found',
        code: 'unknown_call',
        say: toolSay.noTransferNumber,
      });
    }
    expect(updates).toEqual([]);
  });
});
