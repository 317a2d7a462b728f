import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { resetConfig } from '../../functions/config.js';
import { deps, resetDeps } from '../../functions/composition-root.js';
import { handler } from '../../functions/api/elevenlabs-post-call.js';
import type { ApiEvent } from '../../functions/http/handler.js';
import { setLogSink } from '../../functions/logger.js';
import { signElevenLabsPayload } from '../../functions/providers/elevenlabs-webhook-signature.js';
import { identityForSalon } from '../../functions/core/telephony/client-identity.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { postVoiceWebhook } from '../support/twilio-webhook.js';

/**
 * Reliability 12 and 39: ElevenLabs' post-call webhook, through its handler against the stand-ins.
 * The signature is checked over the raw body before anything is read; the same delivery ten times
 * at once, or before the call's other parts, leaves one record and one rating.
 */
const SECRET = `wsec_${randomBytes(16).toString('hex')}`;
let previous: string | undefined;

beforeAll(() => {
  setLogSink(() => {}, 'error');
  Object.assign(process.env, inject('productEnv'));
  previous = process.env.ELEVENLABS_WEBHOOK_SECRET;
  process.env.ELEVENLABS_WEBHOOK_SECRET = SECRET;
  resetConfig();
  resetDeps();
});
afterAll(() => {
  if (previous === undefined) delete process.env.ELEVENLABS_WEBHOOK_SECRET;
  else process.env.ELEVENLABS_WEBHOOK_SECRET = previous;
  resetConfig();
  resetDeps();
});

function payload(salonId: string, callSid: string, overrides: { successful?: string; agentId?: string } = {}) {
  return JSON.stringify({
    type: 'post_call_transcription',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: {
      agent_id: overrides.agentId ?? agentOf(salonId),
      conversation_id: `conv_${randomUUID()}`,
      status: 'done',
      transcript: [
        { role: 'agent', message: 'Hello, you are speaking to the AI assistant at Headroom.', time_in_call_secs: 0 },
        { role: 'user', message: 'Can I get a cut on Saturday?', time_in_call_secs: 4.6, tool_calls: [] },
        { role: 'agent', message: null, time_in_call_secs: 6 },
      ],
      metadata: {
        start_time_unix_secs: Math.floor(Date.now() / 1000) - 200,
        call_duration_secs: 185,
        phone_call: { type: 'twilio', call_sid: callSid, external_number: '+353871234567' },
      },
      analysis: { call_successful: overrides.successful ?? 'success', transcript_summary: 'The caller booked a cut for Saturday.' },
      conversation_initiation_client_data: { dynamic_variables: { salon_id: salonId, system__call_sid: callSid } },
    },
  });
}

function deliver(body: string, signature: string | undefined, options: { base64?: boolean } = {}) {
  const event = {
    rawPath: '/api/elevenlabs/post-call',
    body: options.base64 ? Buffer.from(body).toString('base64') : body,
    isBase64Encoded: Boolean(options.base64),
    headers: { 'content-type': 'application/json', ...(signature ? { 'elevenlabs-signature': signature } : {}) },
    requestContext: { http: { method: 'POST', sourceIp: '203.0.113.9' } },
  } as unknown as ApiEvent;
  return (handler as unknown as (event: ApiEvent, context: unknown) => Promise<{ statusCode: number; body: string }>)(event, {});
}

const now = () => Math.floor(Date.now() / 1000);

/** The hosted agent Go Live made for a salon: what the webhook's `agent_id` must be. */
const agentOf = (salonId: string) => `agent_${salonId.slice(-12)}`;

async function salonWithCall(): Promise<{ owner: TestOwner; salonId: string; callSid: string }> {
  const owner = await signUpOwner('post-call');
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  const at = new Date();
  await deps().agents.claimProvisioning(salonId, 'lease', at, 60_000);
  await deps().agents.saveHostedAgent(salonId, 'lease', {
    agentId: agentOf(salonId),
    secretId: null,
    tools: {},
    provider: 'elevenlabs',
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  });
  const callSid = `CA${randomBytes(16).toString('hex')}`;
  return { owner, salonId, callSid };
}

describe('the post-call webhook', () => {
  it('refuses a missing, wrong, stale, future-dated or tampered signature with 403 and records nothing', async () => {
    const { salonId, callSid } = await salonWithCall();
    const body = payload(salonId, callSid);
    const tampered = body.replace('booked a cut', 'booked a colour');
    for (const [signature, sent] of [
      [undefined, body],
      [signElevenLabsPayload(body, 'wsec_wrong', now()), body],
      [signElevenLabsPayload(body, SECRET, now() - 31 * 60), body],
      // Dated ahead: within 30 minutes of now, but not made now (RELIABILITY 67).
      [signElevenLabsPayload(body, SECRET, now() + 29 * 60), body],
      [signElevenLabsPayload(body, SECRET, now()), tampered],
      ['t=abc,v0=def', body],
    ] as const) {
      const answer = await deliver(sent, signature);
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'forbidden' });
    }
    expect(await deps().calls.get(salonId, callSid)).toBeNull();
  });

  it('records the summary, the evaluation and the transcript once, from ten deliveries at once (base64 too)', async () => {
    const { salonId, callSid } = await salonWithCall();
    const body = payload(salonId, callSid);
    const signature = signElevenLabsPayload(body, SECRET, now());
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => deliver(body, signature, { base64: n % 2 === 0 })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(JSON.parse(answers[0]!.body)).toEqual({ received: true, outcome: 'recorded' });
    expect(await deps().calls.get(salonId, callSid)).toMatchObject({ summary: 'The caller booked a cut for Saturday.', evaluation: 'success', endedAt: null });
    expect(await deps().calls.transcript(salonId, callSid)).toEqual([
      { role: 'agent', text: 'Hello, you are speaking to the AI assistant at Headroom.', at: 0 },
      { role: 'caller', text: 'Can I get a cut on Saturday?', at: 5 },
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(new Date());
    const [day] = await deps().callStats.days(salonId, today, today);
    expect(day).toMatchObject({ rated: 1, satisfied: 1 });
  });

  it('acknowledges what it cannot use (another kind, no salon of ours) without recording it', async () => {
    const { callSid } = await salonWithCall();
    for (const body of [
      JSON.stringify({ type: 'post_call_audio', data: { agent_id: 'agent_test', conversation_id: 'conv_1', full_audio: 'AAAA' } }),
      payload('sal_nobody', callSid),
      payload('', callSid),
      '{"type":"post_call_transcription"}',
    ]) {
      const answer = await deliver(body, signElevenLabsPayload(body, SECRET, now()));
      expect(answer.statusCode).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: true, outcome: 'ignored' });
    }
  });

  it("takes the salon from the agent we made for it: another salon's id beside an agent's is refused, and nothing is written (RELIABILITY 3)", async () => {
    const mine = await salonWithCall();
    const theirs = await salonWithCall();
    for (const body of [
      payload(theirs.salonId, theirs.callSid, { agentId: agentOf(mine.salonId) }),
      payload(theirs.salonId, theirs.callSid, { agentId: 'agent_unknown' }),
    ]) {
      const answer = await deliver(body, signElevenLabsPayload(body, SECRET, now()));
      expect(answer.statusCode).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ received: true, outcome: 'refused' });
    }
    expect(await deps().calls.get(theirs.salonId, theirs.callSid)).toBeNull();
    expect(await deps().calls.get(mine.salonId, theirs.callSid)).toBeNull();
    expect(await deps().calls.transcript(theirs.salonId, theirs.callSid)).toBeNull();
  });

  it('answers malformed JSON with a signature that checks out as a 400, never a 5xx', async () => {
    const body = '{"type": "post_call_transcription", ';
    const answer = await deliver(body, signElevenLabsPayload(body, SECRET, now()));
    expect(answer.statusCode).toBe(400);
  });
});

describe('a deleted call (RELIABILITY 69)', () => {
  it('is not brought back by a re-sent signed status callback or a late post-call webhook, and is counted once', async () => {
    const { owner, salonId, callSid } = await salonWithCall();
    // The owner's browser test call: Twilio's status callback names the salon by its client.
    const ended = {
      CallSid: callSid,
      AccountSid: `AC${'0'.repeat(32)}`,
      From: `client:${identityForSalon(salonId)}`,
      To: '',
      CallStatus: 'completed',
      CallDuration: '95',
      Timestamp: new Date().toUTCString(),
    };
    expect((await postVoiceWebhook(ended, { query: '?stage=status' })).status).toBe(200);
    const body = payload(salonId, callSid);
    expect(JSON.parse((await deliver(body, signElevenLabsPayload(body, SECRET, now()))).body)).toMatchObject({ outcome: 'recorded' });
    const usage = async () => (await api('/api/dashboard', { token: owner.accessToken })).body.usage as { testMinutesUsed: number };
    expect(await eventually(usage, (figures) => figures.testMinutesUsed === 2)).toMatchObject({ testMinutesUsed: 2 });

    expect((await api('/api/calls/delete', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ callSid }) })).status).toBe(200);
    expect((await postVoiceWebhook(ended, { query: '?stage=status' })).status).toBe(200);
    const late = await deliver(body, signElevenLabsPayload(body, SECRET, now()));
    expect(JSON.parse(late.body)).toEqual({ received: true, outcome: 'ignored' });

    expect((await api(`/api/calls?callSid=${callSid}`, { token: owner.accessToken })).status).toBe(404);
    expect((await api('/api/calls', { token: owner.accessToken })).body.calls).toEqual([]);
    expect(await deps().calls.transcript(salonId, callSid)).toBeNull();
    expect(await usage()).toMatchObject({ testMinutesUsed: 2 });
  });

  it('waits until the call has finished: deleting one still going is a 409', async () => {
    const { owner, salonId, callSid } = await salonWithCall();
    await deps().calls.recordStart({ salonId, callSid, callerPhone: null, startedAt: new Date().toISOString(), route: 'agent', test: false });
    const answer = await api('/api/calls/delete', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ callSid }) });
    expect(answer.status).toBe(409);
    expect(await deps().calls.get(salonId, callSid)).not.toBeNull();
  });
});
