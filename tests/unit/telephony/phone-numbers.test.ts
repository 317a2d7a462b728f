import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignNumber, listNumbers, releaseNumber, type NumbersDeps } from '../../../functions/admin/phone-numbers.js';
import { parseConfig } from '../../../functions/config.js';
import { createSandboxTelephony } from '../../../functions/providers/sandbox-telephony.js';
import { createTwilioTelephony } from '../../../functions/providers/twilio-telephony.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { startTable, type Table } from '../booking/harness.js';

/** Support's numbers: assign (pointing a real Twilio number's voice URL at the stage), list, release. */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const OWNED = '+35315550000';
const NUMBER_SID = `PN${'d'.repeat(32)}`;
const seen: { method: string; path: string; query: URLSearchParams; form: URLSearchParams }[] = [];
const published: { type: string; detail: unknown }[] = [];

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const twilio = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', 'http://fake');
    seen.push({ method: request.method ?? '', path: url.pathname, query: url.searchParams, form: new URLSearchParams(await read(request)) });
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname.endsWith('/IncomingPhoneNumbers.json')) {
      const owned = url.searchParams.get('PhoneNumber') === OWNED;
      return json(200, { incoming_phone_numbers: owned ? [{ sid: NUMBER_SID, phone_number: OWNED }] : [], page: 0, page_size: 1, next_page_uri: null });
    }
    if (url.pathname.endsWith(`/IncomingPhoneNumbers/${NUMBER_SID}.json`)) return json(200, { sid: NUMBER_SID, phone_number: OWNED });
    json(500, { code: 20500, message: 'unexpected', status: 500 });
  })();
});

let table: Table;
let counter = 0;
const config = parseConfig({
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'eu-west-1_x',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'https://dev.salon.example.ie',
});

beforeAll(async () => {
  table = await startTable();
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', () => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
  await table.close();
});
beforeEach(() => {
  seen.length = 0;
  published.length = 0;
});

async function world(provider: 'twilio' | 'sandbox') {
  const salons = createSalonStore(table.client, table.tableName);
  const telephony =
    provider === 'twilio'
      ? createTwilioTelephony({ accountSid: ACCOUNT, authToken: 'token', apiRoot: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}` })
      : createSandboxTelephony({});
  const events = { publish: async (type: string, detail: unknown) => void published.push({ type, detail }) } as NumbersDeps['events'];
  const deps: NumbersDeps = { salons, telephony, config, events, now: () => new Date('2026-11-25T10:00:00.000Z') };
  counter += 1;
  const salonId = `sal_numbers${String(counter).padStart(6, '0')}${Date.now()}`;
  await salons.createIfAbsent({ id: salonId, ownerId: `o-${counter}`, ownerEmail: null, name: `Salon ${counter}`, phone: null, assignedNumber: null, liveAt: null, createdAt: new Date().toISOString(), business: null, hours: null });
  return { deps, salons, salonId };
}

describe('assign-number with a Twilio account', () => {
  it("points the number's voice URL at the stage's webhook, then assigns it", async () => {
    const { deps, salons, salonId } = await world('twilio');
    expect(await assignNumber(deps, { action: 'assign-number', salonId, phoneNumber: '01 555 0000' })).toEqual({
      ok: true,
      salonId,
      phoneNumber: OWNED,
      voiceUrl: 'https://dev.salon.example.ie/api/twilio/voice',
    });
    expect(seen.map((request) => `${request.method} ${request.path.replace(`/2010-04-01/Accounts/${ACCOUNT}`, '')}`)).toEqual([
      'GET /IncomingPhoneNumbers.json',
      `POST /IncomingPhoneNumbers/${NUMBER_SID}.json`,
    ]);
    expect(seen[0]!.query.get('PhoneNumber')).toBe(OWNED);
    expect(Object.fromEntries(seen[1]!.form)).toEqual({
      VoiceUrl: 'https://dev.salon.example.ie/api/twilio/voice',
      VoiceMethod: 'POST',
      StatusCallback: 'https://dev.salon.example.ie/api/twilio/voice?stage=status',
      StatusCallbackMethod: 'POST',
    });
    expect(await salons.salonForNumber(OWNED)).toBe(salonId);
    await releaseNumber(deps, { action: 'release-number', salonId });
  });

  it('refuses a number the account does not own, and assigns nothing', async () => {
    const { deps, salons, salonId } = await world('twilio');
    expect(await assignNumber(deps, { action: 'assign-number', salonId, phoneNumber: '+35315559999' })).toEqual({ ok: false, error: '+35315559999 is not a number of this Twilio account' });
    expect(await salons.salonForNumber('+35315559999')).toBeNull();
    expect((await salons.get(salonId))!.assignedNumber).toBeNull();
    expect(published).toEqual([]);
  });
});

describe('support numbers in the sandbox', () => {
  it('assigns without Twilio, lists every number with its salon, and releases one', async () => {
    const first = await world('sandbox');
    const second = await world('sandbox');
    const [a, b] = [`+3531${String(Date.now()).slice(-7)}`, `+3539${String(Date.now()).slice(-7)}`];
    expect(await assignNumber(first.deps, { action: 'assign-number', salonId: first.salonId, phoneNumber: a })).toEqual({ ok: true, salonId: first.salonId, phoneNumber: a });
    expect(await assignNumber(second.deps, { action: 'assign-number', salonId: second.salonId, phoneNumber: b })).toEqual({ ok: true, salonId: second.salonId, phoneNumber: b });
    expect(seen).toEqual([]);
    // Each owner is told their number (the email consumer sends it once).
    expect(published).toEqual([
      { type: 'salon.number-assigned', detail: { salonId: first.salonId, phoneNumber: a, assignedAt: '2026-11-25T10:00:00.000Z' } },
      { type: 'salon.number-assigned', detail: { salonId: second.salonId, phoneNumber: b, assignedAt: '2026-11-25T10:00:00.000Z' } },
    ]);
    await first.salons.markLive(first.salonId, new Date().toISOString());

    const listed = await listNumbers(first.deps);
    expect(listed.numbers).toEqual(
      expect.arrayContaining([
        { phoneNumber: a, salonId: first.salonId, salonName: expect.stringMatching(/^Salon /), live: true },
        { phoneNumber: b, salonId: second.salonId, salonName: expect.stringMatching(/^Salon /), live: false },
      ]),
    );
    const order = listed.numbers.map((number) => number.phoneNumber);
    expect(order).toEqual([...order].sort());

    expect(await releaseNumber(first.deps, { action: 'release-number', salonId: first.salonId })).toEqual({ ok: true, salonId: first.salonId, released: a });
    expect(await first.salons.salonForNumber(a)).toBeNull();
    expect((await first.salons.get(first.salonId))!.assignedNumber).toBeNull();
    expect((await listNumbers(first.deps)).numbers.map((number) => number.phoneNumber)).not.toContain(a);
    expect(await releaseNumber(first.deps, { action: 'release-number', salonId: first.salonId })).toEqual({ ok: false, error: `Salon ${first.salonId} has no number` });
    expect(await releaseNumber(first.deps, { action: 'release-number', salonId: 'sal_nobody-here-000' })).toEqual({ ok: false, error: 'No salon sal_nobody-here-000' });

    // A released number can go to another salon.
    expect(await assignNumber(second.deps, { action: 'assign-number', salonId: second.salonId, phoneNumber: a })).toMatchObject({ ok: true });
    expect(await second.salons.salonForNumber(b)).toBeNull();
  });
});
