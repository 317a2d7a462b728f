import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addNumber,
  assignNumber,
  freeNumber,
  holdNumber,
  listNumbers,
  poolStatus,
  releaseNumber,
  retireNumber,
  stockPool,
  type NumbersDeps,
} from '../../../functions/admin/phone-numbers.js';
import { parseConfig } from '../../../functions/config.js';
import { giveSalonANumber } from '../../../functions/core/numbers/give-number.js';
import { RELEASED_NUMBER_DAYS } from '../../../functions/core/numbers/release-number.js';
import { createSandboxTelephony } from '../../../local/sandboxes/sandbox-telephony.js';
import { createTwilioTelephony } from '../../../functions/providers/twilio-telephony.js';
import { createNumberStore } from '../../../functions/store/number-store.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { createSetupStore } from '../../../functions/store/setup-store.js';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';

/**
 * The number pool (docs/operations.md): operators stock it (Irish numbers bought with Twilio's
 * regulatory bundle and address), a salon takes one the moment its setup is done, support can
 * assign one by hand, a released number spends 30 days in quarantine saying whose it was, and
 * salons that found the pool empty are served in order once it is stocked.
 */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const BUNDLE = `BU${'b'.repeat(32)}`;
const ADDRESS = `AD${'a'.repeat(32)}`;
const OWNED = '+35315550000';
const NUMBER_SID = `PN${'d'.repeat(32)}`;
const seen: { method: string; path: string; query: URLSearchParams; form: URLSearchParams }[] = [];
const published: { type: string; detail: unknown }[] = [];
let available: string[] = [];

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Twilio's number resources, as its REST API answers them (https://www.twilio.com/docs/phone-numbers/api). */
const twilio = createServer((request, response) => {
  void (async () => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const form = new URLSearchParams(await read(request));
    seen.push({ method: request.method ?? '', path: url.pathname.replace(`/2010-04-01/Accounts/${ACCOUNT}`, ''), query: url.searchParams, form });
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname.endsWith('/AvailablePhoneNumbers/IE/Local.json')) {
      return json(200, {
        available_phone_numbers: available.map((phone_number) => ({ phone_number, iso_country: 'IE', capabilities: { voice: true } })),
        uri: url.pathname,
      });
    }
    if (url.pathname.endsWith('/IncomingPhoneNumbers.json') && request.method === 'POST') {
      // A regulated number without its bundle or address is refused (errors 21649 and 21631).
      if (!form.get('BundleSid')) return json(400, { code: 21649, message: 'Bundle required', status: 400 });
      if (!form.get('AddressSid')) return json(400, { code: 21631, message: 'Address required', status: 400 });
      return json(201, { sid: `PN${'e'.repeat(32)}`, phone_number: form.get('PhoneNumber') });
    }
    if (url.pathname.endsWith('/IncomingPhoneNumbers.json')) {
      const owned = url.searchParams.get('PhoneNumber') === OWNED;
      return json(200, { incoming_phone_numbers: owned ? [{ sid: NUMBER_SID, phone_number: OWNED }] : [], page: 0, page_size: 1, next_page_uri: null });
    }
    if (url.pathname.endsWith(`/IncomingPhoneNumbers/${NUMBER_SID}.json`))
      return request.method === 'DELETE' ? response.writeHead(204).end() : json(200, { sid: NUMBER_SID, phone_number: OWNED });
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
  NUMBER_POOL_LOW: '2',
});
const NOW = new Date('2026-11-25T10:00:00.000Z');

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', () => resolve()));
});
afterAll(async () => {
  setLogSink((line) => process.stdout.write(`${line}\n`), 'info');
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
  await table.close();
});
beforeEach(() => {
  seen.length = 0;
  published.length = 0;
  available = [];
});

/** A fresh table per world would be slow: each world's numbers are its own (a number range per world). */
async function world(provider: 'twilio' | 'sandbox', options: { purchase?: boolean; now?: () => Date } = {}) {
  const salons = createSalonStore(table.client, table.tableName);
  const telephony =
    provider === 'twilio'
      ? createTwilioTelephony({
          accountSid: ACCOUNT,
          authToken: 'token',
          apiRoot: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
          ...(options.purchase === false ? {} : { numberPurchase: { bundleSid: BUNDLE, addressSid: ADDRESS } }),
        })
      : createSandboxTelephony({});
  const events = { publish: async (type: string, detail: unknown) => void published.push({ type, detail }) } as NumbersDeps['events'];
  const deps: NumbersDeps = {
    salons,
    numbers: createNumberStore(table.client, table.tableName),
    setup: createSetupStore(table.client, table.tableName),
    telephony,
    config,
    events,
    now: options.now ?? (() => NOW),
  };
  const salon = async (phone: string | null = null) => {
    counter += 1;
    const salonId = `sal_numbers${String(counter).padStart(6, '0')}${Date.now()}`;
    await salons.createIfAbsent({
      id: salonId,
      ownerId: `o-${counter}`,
      ownerEmail: null,
      name: `Salon ${counter}`,
      phone,
      assignedNumber: null,
      liveAt: null,
      createdAt: NOW.toISOString(),
      business: null,
      hours: null,
    });
    return salonId;
  };
  return { deps, salons, salon };
}

/** The pool drained of whatever earlier tests left, so each test knows what a salon will take. */
async function emptyPool(deps: NumbersDeps) {
  for (const number of await deps.numbers.available(new Date('2100-01-01T00:00:00.000Z'), 100)) await deps.numbers.forget(number);
}

describe('stocking the pool', () => {
  it("buys Irish local numbers with the account's regulatory bundle and address, each pointed at the stage's webhook", async () => {
    const { deps } = await world('twilio');
    await emptyPool(deps);
    available = ['+35315550101', '+35315550102'];
    const stocked = await stockPool(deps, { action: 'stock-numbers', count: 2, areaCode: '1' });
    expect(stocked).toEqual({ ok: true, bought: ['+35315550101', '+35315550102'], served: [], pool: { free: 2, quarantined: 0 } });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /AvailablePhoneNumbers/IE/Local.json',
      'POST /IncomingPhoneNumbers.json',
      'POST /IncomingPhoneNumbers.json',
    ]);
    expect(Object.fromEntries(seen[0]!.query)).toEqual({ VoiceEnabled: 'true', PageSize: '2', AreaCode: '1' });
    expect(Object.fromEntries(seen[1]!.form)).toEqual({
      PhoneNumber: '+35315550101',
      BundleSid: BUNDLE,
      AddressSid: ADDRESS,
      VoiceUrl: 'https://dev.salon.example.ie/api/twilio/voice',
      VoiceMethod: 'POST',
      StatusCallback: 'https://dev.salon.example.ie/api/twilio/voice?stage=status',
      StatusCallbackMethod: 'POST',
      SmsUrl: 'https://dev.salon.example.ie/api/twilio/sms',
      SmsMethod: 'POST',
    });
    await emptyPool(deps);
  });

  it('refuses to buy without the bundle and address, before asking Twilio', async () => {
    const { deps } = await world('twilio', { purchase: false });
    expect(await stockPool(deps, { action: 'stock-numbers', count: 1 })).toEqual({
      ok: false,
      error: 'Buying Irish numbers needs the approved regulatory bundle and address (twilioBundleSid, twilioAddressSid)',
    });
    expect(seen).toEqual([]);
  });

  it('takes a number the account already owns into the pool, and refuses one it does not', async () => {
    const { deps } = await world('twilio');
    await emptyPool(deps);
    expect(await addNumber(deps, { action: 'add-number', phoneNumber: '01 555 0000' })).toEqual({ ok: true, phoneNumber: OWNED, state: 'free' });
    expect(await addNumber(deps, { action: 'add-number', phoneNumber: '+35315559999' })).toEqual({
      ok: false,
      error: '+35315559999 is not a number of this Twilio account',
    });
    expect(await retireNumber(deps, { action: 'retire-number', phoneNumber: OWNED })).toEqual({ ok: true, phoneNumber: OWNED, state: 'retired' });
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', path: `/IncomingPhoneNumbers/${NUMBER_SID}.json` });
    expect(await deps.numbers.get(OWNED)).toBeNull();
  });
});

describe('a salon taking its number', () => {
  it('gets the oldest free number at once, announced to its owner; asking again changes nothing', async () => {
    const { deps, salons, salon } = await world('sandbox');
    await emptyPool(deps);
    await deps.numbers.stock('+35319000001', '2026-11-20T09:00:00.000Z');
    await deps.numbers.stock('+35319000002', '2026-11-21T09:00:00.000Z');
    const salonId = await salon();
    expect(await giveSalonANumber(deps, salonId)).toEqual({ outcome: 'assigned', number: '+35319000001' });
    expect(await giveSalonANumber(deps, salonId)).toEqual({ outcome: 'already', number: '+35319000001' });
    expect((await salons.get(salonId))!.assignedNumber).toBe('+35319000001');
    expect(await deps.numbers.salonFor('+35319000001')).toBe(salonId);
    expect(published).toEqual([{ type: 'salon.number-assigned', detail: { salonId, phoneNumber: '+35319000001', assignedAt: NOW.toISOString() } }]);
    await emptyPool(deps);
  });

  it('never gives one number to two salons, however many finish setup at once', async () => {
    const { deps, salons, salon } = await world('sandbox');
    await emptyPool(deps);
    for (const number of ['+35319000011', '+35319000012', '+35319000013']) await deps.numbers.stock(number, NOW.toISOString());
    const ids = await Promise.all(Array.from({ length: 8 }, () => salon()));
    const results = await Promise.all(ids.map((id) => giveSalonANumber(deps, id).catch(() => ({ outcome: 'retry' as const }))));
    const assigned = results.filter((result) => result.outcome === 'assigned').map((result) => (result as { number: string }).number);
    expect(assigned.sort()).toEqual(['+35319000011', '+35319000012', '+35319000013']);
    const holders = await Promise.all(ids.map(async (id) => (await salons.get(id))!.assignedNumber));
    expect(holders.filter(Boolean).sort()).toEqual(assigned);
    // The others wait, in the order they came, and are told of it once each.
    expect(results.filter((result) => result.outcome === 'waiting').length).toBe(8 - 3 - results.filter((result) => result.outcome === 'retry').length);
    for (const id of ids) await giveSalonANumber(deps, id);
    expect((await deps.numbers.waiting(100)).filter((waiting) => ids.includes(waiting.salonId))).toHaveLength(5);
    expect(published.filter((event) => event.type === 'salon.number-waiting')).toHaveLength(5);

    // Stocking serves them at once.
    available = [];
    const stocked = await stockPool(deps, { action: 'stock-numbers', count: 5 });
    expect(stocked.ok && stocked.served.map((served) => served.salonId).sort()).toEqual(ids.filter((_, index) => !holders[index]).sort());
    expect((await deps.numbers.waiting(100)).filter((waiting) => ids.includes(waiting.salonId))).toEqual([]);
    await emptyPool(deps);
  });

  it('tops the sandbox pool up when it runs dry, where no operator stocks it', async () => {
    const { deps, salon } = await world('sandbox');
    await emptyPool(deps);
    const salonId = await salon();
    let restocks = 0;
    const given = await giveSalonANumber(
      { ...deps, restock: async () => ((restocks += 1), (await stockPool(deps, { action: 'stock-numbers', count: 2 })).ok ? 2 : 0) },
      salonId,
    );
    expect(given).toMatchObject({ outcome: 'assigned', number: expect.stringMatching(/^\+35319\d{6}$/) });
    expect(restocks).toBe(1);
    await emptyPool(deps);
  });
});

describe('support and operators', () => {
  it("assigns a number by hand, pointing a Twilio number at the stage; the salon's old number goes into quarantine", async () => {
    const { deps, salons, salon } = await world('twilio');
    const salonId = await salon('+353915623456');
    await deps.numbers.stock('+35319000021', NOW.toISOString());
    expect(await giveSalonANumber(deps, salonId)).toMatchObject({ outcome: 'assigned' });
    const first = (await salons.get(salonId))!.assignedNumber!;
    expect(await assignNumber(deps, { action: 'assign-number', salonId, phoneNumber: '01 555 0000' })).toEqual({
      ok: true,
      salonId,
      phoneNumber: OWNED,
      voiceUrl: 'https://dev.salon.example.ie/api/twilio/voice',
      replaced: first,
    });
    expect(await deps.numbers.get(first)).toMatchObject({
      state: 'quarantined',
      former: { salonId, name: expect.stringMatching(/^Salon /), phone: '+353915623456' },
    });
    expect(await assignNumber(deps, { action: 'assign-number', salonId: await salon(), phoneNumber: OWNED })).toEqual({
      ok: false,
      error: `${OWNED} is already assigned to another salon`,
    });
    expect(await assignNumber(deps, { action: 'assign-number', salonId, phoneNumber: '+35315559999' })).toEqual({
      ok: false,
      error: '+35315559999 is not a number of this Twilio account',
    });
    await releaseNumber(deps, { action: 'release-number', salonId });
  });

  it('releases a number into 30 days of quarantine, after which another salon can take it', async () => {
    const clock = { now: NOW };
    const { deps, salons, salon } = await world('sandbox', { now: () => clock.now });
    await emptyPool(deps);
    await deps.numbers.stock('+35319000031', NOW.toISOString());
    const first = await salon();
    await giveSalonANumber(deps, first);
    await salons.markLive(first, NOW.toISOString());
    const listed = await listNumbers(deps);
    expect(listed.numbers).toContainEqual({
      phoneNumber: '+35319000031',
      state: 'assigned',
      salonId: first,
      salonName: expect.stringMatching(/^Salon /),
      live: true,
      until: null,
      formerSalon: null,
    });

    const until = new Date(NOW.getTime() + RELEASED_NUMBER_DAYS * 24 * 60 * 60 * 1000).toISOString();
    expect(await releaseNumber(deps, { action: 'release-number', salonId: first })).toEqual({
      ok: true,
      salonId: first,
      released: '+35319000031',
      quarantinedUntil: until,
    });
    expect(await deps.numbers.salonFor('+35319000031')).toBeNull();
    expect((await salons.get(first))!.assignedNumber).toBeNull();
    expect(await releaseNumber(deps, { action: 'release-number', salonId: first })).toEqual({ ok: false, error: `Salon ${first} has no number` });
    expect(await poolStatus(deps)).toMatchObject({ free: 0, quarantined: 1, low: true });

    const second = await salon();
    expect(await giveSalonANumber(deps, second)).toMatchObject({ outcome: 'waiting' });
    clock.now = new Date(Date.parse(until) + 1000);
    expect(await poolStatus(deps)).toMatchObject({ free: 1, quarantined: 0 });
    expect(await giveSalonANumber(deps, second)).toEqual({ outcome: 'assigned', number: '+35319000031' });
    expect(await deps.numbers.get('+35319000031')).toMatchObject({ state: 'assigned', salonId: second, former: null });
    await releaseNumber(deps, { action: 'release-number', salonId: second });
  });

  it('holds a free number out of use until freed, and never retires a number a salon holds', async () => {
    const { deps, salon } = await world('sandbox');
    await emptyPool(deps);
    await deps.numbers.stock('+35319000041', NOW.toISOString());
    expect(await holdNumber(deps, { action: 'quarantine-number', phoneNumber: '+35319000041' })).toEqual({
      ok: true,
      phoneNumber: '+35319000041',
      state: 'quarantined',
    });
    expect(await deps.numbers.available(new Date('2100-01-01T00:00:00.000Z'), 10)).not.toContain('+35319000041');
    expect(await freeNumber(deps, { action: 'free-number', phoneNumber: '+35319000041' })).toEqual({ ok: true, phoneNumber: '+35319000041', state: 'free' });
    const holder = await salon();
    await giveSalonANumber(deps, holder);
    expect(await retireNumber(deps, { action: 'retire-number', phoneNumber: '+35319000041' })).toEqual({
      ok: false,
      error: `+35319000041 belongs to salon ${holder}: release it first`,
    });
    expect(await holdNumber(deps, { action: 'quarantine-number', phoneNumber: '+35319000041' })).toMatchObject({ ok: false });
    await releaseNumber(deps, { action: 'release-number', salonId: holder });
  });
});
