import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioTelephony } from '../../../functions/providers/twilio-telephony.js';
import { hangUpScript, sayAndHangUpScript } from '../../../functions/core/telephony/call-script.js';
import {
  createSandboxTelephony,
  ensureLocalTwilioAuthToken,
  readLocalTwilioAuthToken,
  SANDBOX_TWIML_APP_SID,
} from '../../../local/sandboxes/sandbox-telephony.js';
import { TelephonyError } from '../../../functions/core/ports/telephony.js';
import { twilioSignature } from '../../../functions/providers/twilio-signature.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A local fake of Twilio's Calls and IncomingPhoneNumbers resources; the real twilio SDK talks to it. */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const CALL = `CA${'c'.repeat(32)}`;
const ENDED_CALL = `CA${'e'.repeat(32)}`;
const NUMBER_SID = `PN${'d'.repeat(32)}`;
const CLIENT = 'client:salon_73616c5f31';
const seen: { method: string; path: string; query: URLSearchParams; form: URLSearchParams }[] = [];

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const LIVE_CALL = `CA${'f'.repeat(32)}`;
/** The Call resource as Twilio's API answers it (strings for durations, RFC 2822 for times); an ended call has its end. */
const callResource = (sid: string, status: string) => ({
  sid,
  account_sid: ACCOUNT,
  from: CLIENT,
  to: '',
  status,
  start_time: 'Fri, 20 Nov 2026 10:00:00 +0000',
  end_time: status === 'completed' ? 'Fri, 20 Nov 2026 10:03:05 +0000' : null,
  duration: status === 'completed' ? '185' : null,
});

const server = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const form = new URLSearchParams(await read(request));
    seen.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, form });
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const base = `/2010-04-01/Accounts/${ACCOUNT}`;
    if (url.pathname === `${base}/Calls/${CALL}.json`)
      return json(200, callResource(CALL, request.method === 'POST' ? (form.get('Status') ?? 'in-progress') : 'in-progress'));
    if (url.pathname === `${base}/Calls/${ENDED_CALL}.json`) return json(200, callResource(ENDED_CALL, 'completed'));
    if (url.pathname === `${base}/Calls/${LIVE_CALL}.json`) return json(200, callResource(LIVE_CALL, 'in-progress'));
    if (url.pathname.startsWith(`${base}/Calls/`)) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (url.pathname === `${base}/IncomingPhoneNumbers.json`) {
      const owned = url.searchParams.get('PhoneNumber') === '+35315550000';
      return json(200, {
        incoming_phone_numbers: owned ? [{ sid: NUMBER_SID, account_sid: ACCOUNT, phone_number: '+35315550000' }] : [],
        page: 0,
        page_size: 1,
        next_page_uri: null,
      });
    }
    if (url.pathname === `${base}/IncomingPhoneNumbers/${NUMBER_SID}.json`)
      return json(200, { sid: NUMBER_SID, account_sid: ACCOUNT, phone_number: '+35315550000', voice_url: form.get('VoiceUrl') });
    json(500, { code: 20500, message: 'unexpected', status: 500 });
  })();
});
let root = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const options = () => ({
  accountSid: ACCOUNT,
  authToken: 'auth-token-1',
  apiKeySid: `SK${'5'.repeat(32)}`,
  apiKeySecret: 'api-key-secret',
  twimlAppSid: `AP${'6'.repeat(32)}`,
  apiRoot: root,
});

function decode(token: string) {
  const [header, payload] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  return { header, payload };
}

describe('the Twilio telephony adapter', () => {
  it("redirects a live call with core's call script as TwiML (the transfer)", async () => {
    const telephony = createTwilioTelephony(options());
    expect(await telephony.provider()).toBe('twilio');
    const twiml =
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Niamh-Neural" language="en-IE">Putting you through.</Say><Hangup/></Response>';
    await telephony.redirectCall(CALL, sayAndHangUpScript('Putting you through.'));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${ACCOUNT}/Calls/${CALL}.json` });
    expect(Object.fromEntries(seen[0]!.form)).toEqual({ Twiml: twiml });
  });

  it("ends the owner's own browser call, and only that", async () => {
    const telephony = createTwilioTelephony(options());
    expect(await telephony.endConference(CALL, { from: CLIENT })).toBe(true);
    expect(seen.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(Object.fromEntries(seen[1]!.form)).toEqual({ Status: 'completed' });

    seen.length = 0;
    expect(await telephony.endConference(CALL, { from: 'client:salon_6f74686572' })).toBe(false);
    expect(await telephony.endConference(`CA${'0'.repeat(32)}`, { from: CLIENT })).toBe(false);
    expect(seen.every((request) => request.method === 'GET')).toBe(true);

    seen.length = 0;
    expect(await telephony.endConference(ENDED_CALL, { from: CLIENT })).toBe(true);
    expect(seen.map((request) => request.method)).toEqual(['GET']);
  });

  it("reads a call's end from its Call resource as the SDK reads it, for the sweep: ended, still going, or unknown", async () => {
    const telephony = createTwilioTelephony(options());
    const sdk = new (createRequire(import.meta.url)('twilio/lib/rest/api/v2010/account/call.js').CallInstance)(
      {},
      callResource(ENDED_CALL, 'completed'),
      ACCOUNT,
    ) as { status: string; duration: string; endTime: Date };
    expect(await telephony.callState(ENDED_CALL)).toEqual({
      state: 'ended',
      finalStatus: sdk.status,
      durationSeconds: Number(sdk.duration),
      endedAt: sdk.endTime.toISOString(),
    });
    expect(await telephony.callState(ENDED_CALL)).toEqual({
      state: 'ended',
      finalStatus: 'completed',
      durationSeconds: 185,
      endedAt: '2026-11-20T10:03:05.000Z',
    });
    expect(await telephony.callState(LIVE_CALL)).toEqual({ state: 'live' });
    expect(await telephony.callState(`CA${'0'.repeat(32)}`)).toEqual({ state: 'unknown' });
    expect(seen.every((request) => request.method === 'GET')).toBe(true);
    await expect(createTwilioTelephony({ ...options(), apiRoot: 'http://127.0.0.1:9' }).callState(ENDED_CALL)).rejects.toMatchObject({
      name: 'TelephonyError',
    });
  });

  it("points an owned number's calls and texts at the webhooks, and says when the account has no such number", async () => {
    const telephony = createTwilioTelephony(options());
    expect(
      await telephony.pointNumberAt('+35315550000', {
        voiceUrl: 'https://api.example.ie/api/twilio/voice',
        statusCallbackUrl: 'https://api.example.ie/api/twilio/voice?stage=status',
        smsUrl: 'https://api.example.ie/api/twilio/sms',
      }),
    ).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json` });
    expect(seen[0]!.query.get('PhoneNumber')).toBe('+35315550000');
    expect(seen[1]).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers/${NUMBER_SID}.json` });
    expect(Object.fromEntries(seen[1]!.form)).toEqual({
      VoiceUrl: 'https://api.example.ie/api/twilio/voice',
      VoiceMethod: 'POST',
      StatusCallback: 'https://api.example.ie/api/twilio/voice?stage=status',
      StatusCallbackMethod: 'POST',
      // https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource (SmsUrl): replies to our texts come here.
      SmsUrl: 'https://api.example.ie/api/twilio/sms',
      SmsMethod: 'POST',
    });
    expect(
      await telephony.pointNumberAt('+35315559999', {
        voiceUrl: 'https://api.example.ie/api/twilio/voice',
        statusCallbackUrl: 'https://api.example.ie/api/twilio/voice?stage=status',
        smsUrl: 'https://api.example.ie/api/twilio/sms',
      }),
    ).toBe(false);
  });

  it('issues a short-lived access token whose only grant is outgoing calls through the TwiML app', async () => {
    const telephony = createTwilioTelephony(options());
    const token = await telephony.clientToken({ identity: 'salon_73616c5f31', ttlSeconds: 600 });
    const { header, payload } = decode(token);
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' });
    expect(payload.iss).toBe(options().apiKeySid);
    expect(payload.sub).toBe(ACCOUNT);
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(590);
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
    expect(payload.grants).toEqual({ identity: 'salon_73616c5f31', voice: { outgoing: { application_sid: options().twimlAppSid } } });
  });

  it('refuses to issue tokens without an API key and TwiML app', async () => {
    const telephony = createTwilioTelephony({ ...options(), apiKeySid: undefined, twimlAppSid: undefined });
    await expect(telephony.clientToken({ identity: 'salon_1', ttlSeconds: 600 })).rejects.toBeInstanceOf(TelephonyError);
  });

  it('checks webhooks with the account auth token', async () => {
    const telephony = createTwilioTelephony(options());
    const params = { CallSid: CALL, From: '+353871234567', To: '+35315550000' };
    const url = 'https://api.example.ie/api/twilio/voice';
    expect(await telephony.verifyWebhook({ url, params, signature: twilioSignature('auth-token-1', url, params) })).toBe(true);
    expect(await telephony.verifyWebhook({ url, params, signature: twilioSignature('other', url, params) })).toBe(false);
  });

  it('reports refusals and outages without quoting numbers', async () => {
    const down = createTwilioTelephony({ ...options(), apiRoot: 'http://127.0.0.1:9' });
    await expect(down.redirectCall(CALL, hangUpScript())).rejects.toMatchObject({
      name: 'TelephonyError',
      message: expect.stringMatching(/^Twilio could not be reached/),
    });
    const telephony = createTwilioTelephony(options());
    const refused = await telephony.redirectCall(`CA${'0'.repeat(32)}`, hangUpScript()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 404, message: 'Twilio answered 404 (error 20404)' });
  });
});

describe('the sandbox telephony', () => {
  it('checks webhooks with the local auth token npm start keeps, and refuses all without one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'twilio-token-')), 'twilio-auth-token.txt');
    ensureLocalTwilioAuthToken(file);
    const token = readLocalTwilioAuthToken(file);
    ensureLocalTwilioAuthToken(file);
    expect(readLocalTwilioAuthToken(file)).toBe(token);
    const params = { CallSid: CALL, From: '+353871234567', To: '+35315550000' };
    const url = 'http://localhost:3000/api/twilio/voice';
    const sandbox = createSandboxTelephony({ authTokenFile: file });
    expect(await sandbox.provider()).toBe('sandbox');
    expect(await sandbox.verifyWebhook({ url, params, signature: twilioSignature(token, url, params) })).toBe(true);
    expect(await sandbox.verifyWebhook({ url, params, signature: twilioSignature('guess', url, params) })).toBe(false);
    const keyless = createSandboxTelephony({});
    expect(await keyless.verifyWebhook({ url, params, signature: twilioSignature('', url, params) })).toBe(false);
  });

  it('knows no call: nothing is dialled, so the sweep closes a call whose end never came as abandoned', async () => {
    expect(await createSandboxTelephony({}).callState(CALL)).toEqual({ state: 'unknown' });
  });

  it('issues a Twilio-shaped token for the sandbox app', async () => {
    const token = await createSandboxTelephony({}).clientToken({ identity: 'salon_1', ttlSeconds: 600 });
    expect(decode(token).payload.grants.voice.outgoing.application_sid).toBe(SANDBOX_TWIML_APP_SID);
  });
});
