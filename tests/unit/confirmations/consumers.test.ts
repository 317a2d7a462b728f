import '../../../local/server/quiet-sdk-notices.js';
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTable, type Table } from '../booking/harness.js';
import { resetConfig } from '../../../functions/config.js';
import { deps, resetDeps } from '../../../functions/composition-root.js';
import { setLogSink } from '../../../functions/logger.js';
import { useConfigEnv } from '../../support/config-env.js';
import { keys } from '../../../functions/store/keys.js';
import { createDeliveryClaims, CLAIM_STALE_AFTER_MS } from '../../../functions/store/delivery-claims.js';
import { createOutboxStore, OUTBOX_TTL_DAYS } from '../../../functions/store/outbox-store.js';
import { deliverOnce } from '../../../functions/core/confirmations/deliver-once.js';
import { inviteUid } from '../../../functions/core/confirmations/invite.js';
import { EVENT_SOURCE, type EventDetail } from '../../../functions/contracts/events.js';
import { handler as sendSms } from '../../../events/consumers/send-booking-sms.js';
import { handler as sendEmail } from '../../../events/consumers/send-booking-email.js';
import { handler as notifyOwner } from '../../../events/consumers/notify-owner.js';
import { handler as sendDepositSms } from '../../../events/consumers/send-deposit-sms.js';
import { handler as sendReminderSms } from '../../../events/consumers/send-reminder-sms.js';
import { phoneKey } from '../../../functions/core/booking/context.js';
import type { SmsMessage } from '../../../functions/core/ports/sms.js';
import type { Appointment } from '../../../functions/contracts/appointments.js';
import { appointment as baseAppointment } from './fixtures.js';

/**
 * The three booking-message consumers against the real DynamoDB wire API (DynamoDB Local), with the
 * sandbox providers the composition root picks when nothing is configured: exactly what `npm start`
 * runs, minus the bus (tests/api/confirmations.test.ts covers the bus).
 */
let shared: Table;
let tableName = '';
const saved = { ...process.env };
const logs: string[] = [];
/** A client of our own, to look at items and build stores with their own clock. */
let table: DynamoDBDocumentClient;

beforeAll(async () => {
  shared = await startTable();
  tableName = shared.tableName;
  table = shared.client;
  useConfigEnv({
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: shared.endpoint,
    UPLOADS_BUCKET: 'b',
    EVENT_BUS_NAME: 'e',
    USER_POOL_ID: 'local_pool',
    USER_POOL_CLIENT_ID: 'c',
    SITE_URL: 'http://localhost:3000',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
  setLogSink((line) => logs.push(line), 'debug');
}, 60_000);

afterAll(async () => {
  setLogSink((line) => process.stdout.write(`${line}\n`), 'info');
  process.env = { ...saved };
  resetConfig();
  resetDeps();
  await shared?.close();
});

const NOW = Date.now();
const inDays = (days: number, hours = 0) => new Date(NOW + days * 86_400_000 + hours * 3_600_000).toISOString().replace('Z', '+00:00');

let salonId = '';
beforeEach(async () => {
  salonId = `sal_${randomUUID().slice(0, 8)}`;
  await deps().salons.createIfAbsent({
    id: salonId,
    ownerId: `owner-${salonId}`,
    ownerEmail: null,
    name: 'Bláth Hair',
    phone: '+35312345678',
    assignedNumber: null,
    liveAt: null,
    createdAt: new Date().toISOString(),
    business: { address_line: '12 Shop Street', town_city: 'Galway', county: 'Galway', eircode: '', directions: '', owner_mobile: '+353871112222' },
    hours: null,
  });
});

function booking(overrides: Partial<Appointment> = {}): Appointment {
  return baseAppointment({ id: `bk_${randomUUID().slice(0, 12)}`, salonId, start: inDays(3), end: inDays(3, 1), ...overrides });
}

function event<T extends 'booking.confirmed' | 'booking.cancelled'>(type: T, appointment: Appointment, ownerEmail: string | null = 'owner@blath.ie') {
  const detail: EventDetail<T> = { appointment, salonName: 'Bláth Hair', ownerEmail } as EventDetail<T>;
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': type,
    source: EVENT_SOURCE,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'eu-west-1',
    resources: [],
    detail,
  } as EventBridgeEvent<string, unknown>;
}

async function outboxOf(bookingSalon = salonId) {
  return (await deps().outbox.listRecent(500)).filter((entry) => entry.salonId === bookingSalon);
}

async function claimItem(type: string, bookingId: string, channel: string) {
  const result = await table.send(
    new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.deliveryClaimSk(type, bookingId, channel) } }),
  );
  return result.Item;
}

describe('send-booking-sms', () => {
  it('texts the caller once, however often the event arrives (also concurrently)', async () => {
    const appointment = booking();
    const confirmed = event('booking.confirmed', appointment);
    await sendSms(confirmed);
    await sendSms({ ...confirmed, id: randomUUID() });
    await Promise.all(Array.from({ length: 8 }, () => sendSms(confirmed)));
    const sent = await outboxOf();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', to: '+353871234567' });
    expect(sent[0]!.body).toMatch(
      /^You're booked at Bláth Hair for Cut and blow-dry on \w+ \d{1,2} \w+ at \d\d:\d\d with Aoife\. Reply or call 01 234 5678 to change\.$/,
    );
    expect(await claimItem('booking.confirmed', appointment.id, 'sms')).toMatchObject({ status: 'sent', messageId: expect.stringMatching(/^sandbox-sms-/) });
  });

  it('texts the cancellation separately from the confirmation', async () => {
    const appointment = booking();
    await sendSms(event('booking.confirmed', appointment));
    await sendSms(event('booking.cancelled', { ...appointment, status: 'cancelled' }));
    await sendSms(event('booking.cancelled', { ...appointment, status: 'cancelled' }));
    const bodies = (await outboxOf()).map((entry) => entry.body);
    expect(bodies).toHaveLength(2);
    expect(bodies.filter((body) => body.includes('is cancelled. Call 01 234 5678 to book again.'))).toHaveLength(1);
  });

  it('throws when the send fails and leaves no claim, so the retry can send', async () => {
    const appointment = booking({ callerPhone: '087 not a number' });
    await expect(sendSms(event('booking.confirmed', appointment))).rejects.toMatchObject({ name: 'SmsError', kind: 'rejected' });
    expect(await claimItem('booking.confirmed', appointment.id, 'sms')).toBeUndefined();
    expect(await outboxOf()).toEqual([]);
  });

  it('sends nothing for a salon that is gone or an appointment that is over', async () => {
    await sendSms(event('booking.confirmed', booking({ salonId: 'sal_deleted' })));
    expect(await outboxOf('sal_deleted')).toEqual([]);
    await sendSms(event('booking.cancelled', booking({ start: inDays(-2), end: inDays(-2, 1), status: 'cancelled' })));
    expect(await outboxOf()).toEqual([]);
  });

  it('refuses an event that is not a valid booking event (the bus retries, then dead-letters it)', async () => {
    await expect(sendSms({ ...event('booking.confirmed', booking()), detail: { appointment: { id: 'x' } } })).rejects.toThrow();
    await expect(sendSms({ ...event('booking.confirmed', booking()), 'detail-type': 'salon.deleted' })).rejects.toThrow(/Not a booking event/);
  });
});

describe("what a caller's reply is about (RELIABILITY 72)", () => {
  it('the booking text and the reminder each leave their booking as the one a reply refers to; the later text wins', async () => {
    const subject = (appointment: Appointment) => deps().smsReplies.subject(salonId, phoneKey(salonId, appointment.callerPhone));
    const [first, second] = [booking(), booking({ start: inDays(4), end: inDays(4, 1) })];
    await sendSms(event('booking.confirmed', first));
    expect(await subject(first)).toBe(first.id);
    await sendSms(event('booking.confirmed', second));
    expect(await subject(first)).toBe(second.id);
    await sendReminderSms({
      ...event('booking.confirmed', first),
      'detail-type': 'booking.reminder-due',
      detail: { appointment: first, salonName: 'Bláth Hair', language: 'en' },
    });
    expect((await outboxOf()).filter((entry) => entry.body.includes('Reply C to cancel'))).toHaveLength(1);
    expect(await subject(first)).toBe(first.id);
  });
});

describe('send-deposit-sms', () => {
  it('texts the payment link with its expiry, so the provider drops it once the link cannot be paid', async () => {
    const sent: SmsMessage[] = [];
    const sms = deps().sms;
    deps().sms = { provider: sms.provider, sender: sms.sender, send: async (message) => (sent.push(message), { id: 'SM1' }) };
    try {
      const appointment = booking({ status: 'awaiting_deposit' });
      const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
      const detail: EventDetail<'booking.deposit-requested'> = {
        appointment,
        salonName: 'Bláth Hair',
        depositCents: 2000,
        payUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
        expiresAt,
      };
      await sendDepositSms({ ...event('booking.confirmed', appointment), 'detail-type': 'booking.deposit-requested', detail });
      expect(sent).toEqual([expect.objectContaining({ to: appointment.callerPhone, expiresAt: new Date(expiresAt) })]);
    } finally {
      deps().sms = sms;
    }
  });
});

describe('send-booking-email', () => {
  it('emails the caller once with a REQUEST invite, then a CANCEL for the same UID', async () => {
    const appointment = booking();
    await sendEmail(event('booking.confirmed', appointment));
    await sendEmail(event('booking.confirmed', appointment));
    await sendEmail(event('booking.cancelled', { ...appointment, status: 'cancelled' }));
    const sent = (await outboxOf()).reverse();
    expect(sent.map((entry) => [entry.channel, entry.to])).toEqual([
      ['email', 'niamh@example.ie'],
      ['email', 'niamh@example.ie'],
    ]);
    const [request, cancel] = sent.map((entry) => entry.attachments[0]!);
    expect(sent[0]!.subject).toMatch(/^Booking confirmed: Cut and blow-dry at Bláth Hair, /);
    expect(sent[1]!.subject).toMatch(/^Booking cancelled: /);
    expect(request!.content).toContain('METHOD:REQUEST');
    expect(cancel!.content).toContain('METHOD:CANCEL');
    for (const invite of [request!, cancel!]) expect(invite.content).toContain(`UID:${inviteUid(appointment.id)}`);
    expect(sent[0]!.html).toContain('<!doctype html>');
  });

  it('sends nothing when the caller gave no email, or one that is not an address', async () => {
    await sendEmail(event('booking.confirmed', booking({ callerEmail: null })));
    await sendEmail(event('booking.confirmed', booking({ callerEmail: 'niamh at example dot ie' })));
    expect(await outboxOf()).toEqual([]);
  });
});

describe('a test booking (made on a test call)', () => {
  it('texts and emails the owner, labelled, never the phone or address typed on the call', async () => {
    const appointment = booking({ source: 'test-call' });
    await sendSms(event('booking.confirmed', appointment));
    await sendEmail(event('booking.confirmed', appointment));
    const sent = await outboxOf();
    expect(sent.map((entry) => [entry.channel, entry.to]).sort()).toEqual([
      ['email', 'owner@blath.ie'],
      ['sms', '+353871112222'],
    ]);
    expect(sent.find((entry) => entry.channel === 'sms')!.body).toMatch(/^\[Test booking\] You're booked at Bláth Hair/);
    expect(sent.find((entry) => entry.channel === 'email')!.subject).toMatch(/^\[Test booking\] Booking confirmed: /);
  });

  it("texts nobody without the owner's mobile: never the salon's line, which is often a landline", async () => {
    const salon = (await deps().salons.get(salonId))!;
    await deps().salons.deleteAll(salonId);
    await deps().salons.createIfAbsent({ ...salon, business: { ...salon.business!, owner_mobile: '' } });
    await sendSms(event('booking.confirmed', booking({ source: 'test-call' })));
    expect(await outboxOf()).toEqual([]);
  });

  it("reads the salon once per message, though its text needs the owner's mobile and its email the owner's address", async () => {
    const salon = (await deps().salons.get(salonId))!;
    await deps().salons.deleteAll(salonId);
    await deps().salons.createIfAbsent({ ...salon, ownerEmail: 'owner@blath.ie' });
    const reads = vi.spyOn(deps().salons, 'get');
    try {
      await sendSms(event('booking.confirmed', booking({ source: 'test-call' })));
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockClear();
      await sendEmail(event('booking.confirmed', booking({ source: 'test-call' }), null));
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    expect((await outboxOf()).map((entry) => [entry.channel, entry.to]).sort()).toEqual([
      ['email', 'owner@blath.ie'],
      ['sms', '+353871112222'],
    ]);
  });

  it('sends no email without an owner address', async () => {
    await sendEmail(event('booking.confirmed', booking({ source: 'test-call' }), null));
    expect(await outboxOf()).toEqual([]);
  });
});

describe('notify-owner', () => {
  it("emails the salon's owner once per booking event", async () => {
    const appointment = booking();
    await notifyOwner(event('booking.confirmed', appointment));
    await notifyOwner(event('booking.confirmed', appointment));
    const sent = await outboxOf();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'email',
      to: 'owner@blath.ie',
      subject: expect.stringMatching(/^New booking: Niamh, Cut and blow-dry with Aoife, /),
    });
    expect(sent[0]!.body).toContain('Phone: +353871234567');
    expect(sent[0]!.body).toContain('http://localhost:3000/dashboard');
  });

  it('sends nothing without an owner email', async () => {
    await notifyOwner(event('booking.confirmed', booking(), null));
    expect(await outboxOf()).toEqual([]);
  });
});

describe('what the consumers log', () => {
  it('carries ids only: no phone numbers, names, addresses or message text', () => {
    const text = logs.join('\n');
    expect(logs.length).toBeGreaterThan(5);
    expect(text).toContain('"bookingId":"bk_');
    // Random ids and timestamps (".087Z") may happen to contain "087": their values are not what is being checked.
    const withoutIds = text.replace(/"(\w*Id|time)":"[^"]*"/g, '"$1":""');
    for (const secret of ['+353', '087', '871234567', 'Niamh', 'Bhriain', 'niamh@', 'owner@blath', 'Bláth', 'Aoife', 'booked at', 'Shop Street']) {
      expect(withoutIds, secret).not.toContain(secret);
    }
  });
});

describe('delivery claims (conditional writes on DynamoDB)', () => {
  const key = () => ({ salonId, eventType: 'booking.confirmed', subjectId: `bk_${randomUUID()}`, channel: 'sms' });
  const claims = () => deps().deliveryClaims;

  it('of 20 concurrent claims, exactly one wins', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => claims().claim(k, new Date())));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('a released claim can be claimed again; only its holder can release it', async () => {
    const k = key();
    const first = (await claims().claim(k, new Date()))!;
    await claims().release({ ...first, token: 'someone-else' });
    expect(await claims().claim(k, new Date())).toBeNull();
    await claims().release(first);
    expect(await claims().claim(k, new Date())).not.toBeNull();
  });

  it('a claim left sending by a consumer that died is taken over once stale; a sent one never is', async () => {
    const now = Date.now();
    const dead = key();
    await claims().claim(dead, new Date(now));
    expect(await claims().claim(dead, new Date(now + CLAIM_STALE_AFTER_MS - 1000))).toBeNull();
    expect(await claims().claim(dead, new Date(now + CLAIM_STALE_AFTER_MS + 1000))).not.toBeNull();
    const done = key();
    const claim = (await claims().claim(done, new Date(now)))!;
    await claims().markSent(claim, 'SM1', new Date(now));
    expect(await claims().claim(done, new Date(now + 10 * CLAIM_STALE_AFTER_MS))).toBeNull();
  });

  it('deliverOnce: a failed send can be retried and then sends exactly once', async () => {
    const k = key();
    let attempts = 0;
    const sends: string[] = [];
    const send = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('provider down');
      sends.push('sent');
      return { id: `m${attempts}` };
    };
    const d = { claims: createDeliveryClaims(table, tableName), now: () => new Date() };
    await expect(deliverOnce(d, k, send)).rejects.toThrow('provider down');
    expect(await deliverOnce(d, k, send)).toEqual({ sent: true, messageId: 'm2' });
    expect(await deliverOnce(d, k, send)).toEqual({ sent: false });
    expect(sends).toEqual(['sent']);
  });
});

describe('the outbox store', () => {
  it('lists one salon’s entries newest first, however many other salons sent since', async () => {
    let clock = Date.parse('2029-01-01T10:00:00Z');
    const store = createOutboxStore(table, tableName, () => new Date(clock));
    const salon = `sal_own_${Date.now()}`;
    const own = [];
    for (const body of ['first', 'second']) {
      own.push(await store.add({ salonId: salon, channel: 'sms', to: '+353870000009', body, attachments: [] }));
      clock += 1000;
    }
    for (let index = 0; index < 3; index += 1) {
      await store.add({ salonId: 'sal_busy', channel: 'sms', to: '+353870000010', body: `busy ${index}`, attachments: [] });
      clock += 1000;
    }
    // Every salon's newest three are the busy salon's: the salon's own are past that window, not lost.
    expect((await store.listRecent(3)).map((entry) => entry.salonId)).toEqual(['sal_busy', 'sal_busy', 'sal_busy']);
    expect(await store.listForSalon(salon, 3)).toEqual([own[1], own[0]]);
  });

  it('lists every entry sent since an instant, oldest first, however many (the local phone’s answers)', async () => {
    let clock = Date.parse('2029-06-01T10:00:00Z');
    const store = createOutboxStore(table, tableName, () => new Date(clock));
    await store.add({ salonId: 'sal_before', channel: 'sms', to: '+353870000011', body: 'before', attachments: [] });
    clock += 1000;
    const since = new Date(clock).toISOString();
    const after = [];
    for (let index = 0; index < 60; index += 1) {
      after.push(await store.add({ salonId: `sal_after_${index % 3}`, channel: 'sms', to: '+353870000012', body: `after ${index}`, attachments: [] }));
      clock += 10;
    }
    expect((await store.listSince(since)).map((entry) => entry.id)).toEqual(after.map((entry) => entry.id));
  });

  it('lists every salon’s entries newest first, each kept for 30 days', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z');
    const store = createOutboxStore(table, tableName, () => new Date(clock));
    const first = await store.add({ salonId, channel: 'sms', to: '+353870000001', body: 'one', attachments: [] });
    clock += 1000;
    const second = await store.add({
      salonId: 'sal_other',
      channel: 'email',
      to: 'a@b.ie',
      subject: 's',
      body: 'two',
      html: '<p>two</p>',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    const listed = (await store.listRecent(10)).filter((entry) => [first.id, second.id].includes(entry.id));
    expect(listed.map((entry) => entry.body)).toEqual(['two', 'one']);
    expect(listed[0]).toEqual(second);
    const item = await table.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.outboxSk(first.sentAt, first.id) } }));
    expect(item.Item).toMatchObject({
      gsi1pk: 'OUTBOX',
      gsi1sk: `${first.sentAt}#${first.id}`,
      ttl: Date.parse('2030-01-01T10:00:00Z') / 1000 + OUTBOX_TTL_DAYS * 86_400,
    });
  });
});
