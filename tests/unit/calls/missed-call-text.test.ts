import '../../../local/server/quiet-sdk-notices.js';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTable, type Table } from '../booking/harness.js';
import { EVENT_SOURCE, type EventDetail } from '../../../functions/contracts/events.js';
import { handler as sendMissedCallText } from '../../../events/consumers/send-missed-call-text.js';
import { resetConfig } from '../../../functions/config.js';
import { deps, resetDeps } from '../../../functions/composition-root.js';
import type { CallOutcome } from '../../../functions/contracts/calls.js';
import { missedCallText, type MissedCall, type MissedCallSalon } from '../../../functions/core/calls/missed-call-text.js';
import { setLogSink } from '../../../functions/logger.js';
import { useConfigEnv } from '../../support/config-env.js';

const CALLER = '+353861112222';
/** 14:00 in Dublin in winter (UTC) and in summer (IST, UTC+1). */
const WINTER_AFTERNOON = new Date('2026-11-24T14:00:00Z');

const missed = (overrides: Partial<MissedCall> = {}): MissedCall => ({ outcome: 'missed', test: false, callerPhone: CALLER, ...overrides });
const salon = (overrides: Partial<MissedCallSalon> = {}): MissedCallSalon => ({
  name: 'Bláth Hair',
  callBackNumber: '+35315550100',
  textMissedCallers: true,
  receptionistAnswers: true,
  ...overrides,
});

describe('who gets a missed-call text', () => {
  it('a caller nobody answered, with how to book', () => {
    expect(missedCallText(missed(), salon(), WINTER_AFTERNOON)).toEqual({
      send: true,
      to: CALLER,
      day: '2026-11-24',
      body: 'Sorry we missed your call to Bláth Hair. Ring us back on 01 555 0100 any time: our receptionist answers day and night and can book you in.',
    });
    expect(missedCallText(missed({ outcome: 'abandoned' }), salon(), WINTER_AFTERNOON)).toMatchObject({ send: true });
  });

  it('promises no receptionist while the salon is not live', () => {
    expect(missedCallText(missed(), salon({ receptionistAnswers: false }), WINTER_AFTERNOON)).toMatchObject({
      body: 'Sorry we missed your call to Bláth Hair. Ring us back on 01 555 0100 to book.',
    });
  });

  it.each<[string, Partial<MissedCall>, Partial<MissedCallSalon>, string]>([
    ['an answered call', { outcome: 'answered' }, {}, 'answered'],
    ['a forwarded call the salon picked up', { outcome: 'forwarded' }, {}, 'answered'],
    ['a transferred call', { outcome: 'transferred' }, {}, 'answered'],
    ['a test call', { test: true }, {}, 'test'],
    ['a salon that did not turn it on', {}, { textMissedCallers: false }, 'off'],
    ['a withheld number', { callerPhone: null }, {}, 'no-caller'],
    ['a salon with no number to ring back', {}, { callBackNumber: null }, 'no-number'],
  ])('never texts %s', (_label, call, settings, reason) => {
    expect(missedCallText(missed(call), salon(settings), WINTER_AFTERNOON)).toEqual({ send: false, reason });
  });

  it('never at night, Irish time, winter and summer', () => {
    const at = (iso: string) => missedCallText(missed(), salon(), new Date(iso)).send;
    // Winter: Dublin is UTC.
    expect([at('2026-11-24T08:59:00Z'), at('2026-11-24T09:00:00Z'), at('2026-11-24T20:59:00Z'), at('2026-11-24T21:00:00Z')]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // Summer: Dublin is UTC+1, so 09:00 there is 08:00 UTC.
    expect([at('2026-07-01T07:59:00Z'), at('2026-07-01T08:00:00Z'), at('2026-07-01T19:59:00Z'), at('2026-07-01T20:00:00Z')]).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

/** The consumer against the real DynamoDB wire API (DynamoDB Local) with the sandbox SMS, as `npm start` runs it. */
describe('send-missed-call-text', () => {
  let table: Table;
  const saved = { ...process.env };
  let salonId = '';

  beforeAll(async () => {
    table = await startTable();
    useConfigEnv({
      TABLE_NAME: table.tableName,
      DYNAMODB_ENDPOINT: table.endpoint,
      UPLOADS_BUCKET: 'b',
      EVENT_BUS_NAME: 'e',
      USER_POOL_ID: 'local_pool',
      USER_POOL_CLIENT_ID: 'c',
      SITE_URL: 'http://localhost:3000',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    setLogSink(() => {}, 'error');
  }, 60_000);

  afterAll(async () => {
    setLogSink((line) => process.stdout.write(`${line}\n`), 'info');
    process.env = { ...saved };
    resetConfig();
    resetDeps();
    await table?.close();
  });

  beforeEach(async () => {
    // Only Date is faked: the stand-in's sockets and timers keep real time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(WINTER_AFTERNOON);
    salonId = `sal_${randomUUID().slice(0, 12)}`;
    await deps().salons.createIfAbsent({
      id: salonId,
      ownerId: `owner-${salonId}`,
      ownerEmail: null,
      name: 'Bláth Hair',
      phone: '+35312345678',
      assignedNumber: null,
      liveAt: null,
      createdAt: new Date().toISOString(),
      business: null,
      hours: null,
    });
    await textMissedCallers(true);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  async function textMissedCallers(on: boolean) {
    await deps().setup.saveVoice(
      salonId,
      {
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hi',
        agentPhone: '',
        escalationPhone: '',
        ringSalonFirstSeconds: 0,
        textMissedCallers: on,
      },
      { phoneOption: 'new', forwardNumber: '', forwardWhen: 'unanswered' },
    );
  }

  /** A call that ended now, recorded as the telephony webhooks record it, and its call.completed event. */
  async function endedCall(outcome: CallOutcome, options: { callerPhone?: string | null; test?: boolean } = {}) {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const startedAt = new Date(Date.now() - 30_000).toISOString();
    const test = options.test ?? false;
    await deps().calls.recordStart({
      salonId,
      callSid,
      callerPhone: options.callerPhone === undefined ? CALLER : options.callerPhone,
      startedAt,
      route: test ? 'test' : 'forwarded',
      test,
    });
    const detail: EventDetail<'call.completed'> = { salonId, callSid, startedAt, durationSeconds: 30, outcome, test };
    return {
      version: '0',
      id: randomUUID(),
      'detail-type': 'call.completed',
      source: EVENT_SOURCE,
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'eu-west-1',
      resources: [],
      detail,
    } as EventBridgeEvent<'call.completed', unknown>;
  }

  const texts = async () => (await deps().outbox.listRecent(500)).filter((entry) => entry.salonId === salonId && entry.channel === 'sms');

  it('texts the caller once a day, however often the event arrives and however often they were missed', async () => {
    const first = await endedCall('missed');
    await Promise.all(Array.from({ length: 5 }, () => sendMissedCallText(first)));
    await sendMissedCallText(await endedCall('abandoned'));
    expect(await texts()).toMatchObject([{ to: CALLER, body: 'Sorry we missed your call to Bláth Hair. Ring us back on 01 234 5678 to book.' }]);

    vi.setSystemTime(new Date(WINTER_AFTERNOON.getTime() + 24 * 3_600_000));
    await sendMissedCallText(await endedCall('missed'));
    expect(await texts()).toHaveLength(2);
  });

  it('sends nothing when the salon has not turned it on, for test calls, withheld numbers, answered calls or at night', async () => {
    await sendMissedCallText(await endedCall('missed', { test: true }));
    await sendMissedCallText(await endedCall('missed', { callerPhone: null }));
    await sendMissedCallText(await endedCall('answered'));
    vi.setSystemTime(new Date('2026-11-24T22:30:00Z'));
    await sendMissedCallText(await endedCall('missed'));
    vi.setSystemTime(WINTER_AFTERNOON);
    await textMissedCallers(false);
    await sendMissedCallText(await endedCall('missed'));
    expect(await texts()).toEqual([]);
  });
});
