import '../../local/server/quiet-sdk-notices.js';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EVENT_SOURCE } from '../../functions/contracts/events.js';
import type { Appointment } from '../../functions/contracts/appointments.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { inviteUid } from '../../functions/core/confirmations/invite.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { eventsIdle, eventually, localAwsCredentials } from '../support/stand-ins.js';

/**
 * Booking messages end to end on `npm start`'s stand-ins: an event published with the real
 * EventBridge SDK reaches the local bus, whose rules run the SMS, email and owner consumers with
 * the sandbox providers; what they "sent" is listed at /_local/outbox(.json).
 */
interface OutboxMessage {
  id: string;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  salonId?: string;
}

let events: EventBridgeClient;
let owner: TestOwner;
let salonId = '';

beforeAll(async () => {
  const env = inject('productEnv');
  events = new EventBridgeClient({ endpoint: env.EVENTBRIDGE_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() });
  owner = await signUpOwner('confirm');
  const step = await api('/api/setup/step', {
    method: 'POST',
    token: owner.accessToken,
    body: JSON.stringify({
      step: 1,
      business: {
        name: 'Bláth Hair',
        phone: '01 234 5678',
        address_line: '12 Shop Street',
        town_city: 'Galway',
        county: 'Galway',
        eircode: '',
        directions: '',
      },
      hours: DEFAULT_HOURS,
      currentStep: 2,
    }),
  });
  expect(step.status, step.text).toBe(200);
  salonId = (await api('/api/salon', { token: owner.accessToken })).body.id;
});
afterAll(() => events?.destroy());

/** A unique caller per test, so each finds its own messages in the shared outbox. */
function appointment(overrides: Partial<Appointment> = {}): Appointment {
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(30, 0, 0);
  return {
    id: `bk_${randomUUID()}`,
    salonId,
    stylistId: 'sty_aoife',
    stylistName: 'Aoife',
    service: { id: 'svc_cut', name: 'Cut and blow-dry', durationMinutes: 45, priceCents: 4500, priceMinCents: null, priceMaxCents: null },
    start: start.toISOString().replace('.000Z', '+00:00'),
    end: new Date(start.getTime() + 45 * 60_000).toISOString().replace('.000Z', '+00:00'),
    callerName: 'Niamh Byrne',
    callerPhone: `+35387${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    callerEmail: `caller-${randomUUID().slice(0, 8)}@example.ie`,
    status: 'confirmed',
    source: 'phone-agent',
    createdAt: new Date().toISOString(),
    calendarEventId: null,
    ...overrides,
  };
}

async function publish(type: 'booking.confirmed' | 'booking.cancelled', booking: Appointment, ownerEmail: string | null = owner.email) {
  const result = await events.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: inject('productEnv').EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: type,
          Detail: JSON.stringify({ appointment: booking, salonName: 'Bláth Hair', ownerEmail }),
        },
      ],
    }),
  );
  expect(result.FailedEntryCount).toBe(0);
}

async function outbox(): Promise<OutboxMessage[]> {
  const answer = await api('/_local/outbox.json');
  expect(answer.status).toBe(200);
  return answer.body as OutboxMessage[];
}

const about = (booking: Appointment) => (messages: OutboxMessage[]) =>
  messages.filter(
    (message) =>
      message.to === booking.callerPhone ||
      message.to === booking.callerEmail ||
      (message.to === owner.email && message.salonId === salonId && message.body.includes(booking.callerPhone)),
  );

describe('booking.confirmed on the local bus', () => {
  it('texts and emails the caller (with the invite) and emails the owner', async () => {
    const booking = appointment();
    await publish('booking.confirmed', booking);
    const sent = about(booking)(await eventually(outbox, (messages) => about(booking)(messages).length >= 3));
    const sms = sent.find((message) => message.channel === 'sms');
    expect(sms?.body).toMatch(
      /^You're booked at Bláth Hair for Cut and blow-dry on \w+ \d{1,2} \w+ at \d\d:30 with Aoife\. Reply or call 01 234 5678 to change\.$/,
    );
    const email = sent.find((message) => message.to === booking.callerEmail)!;
    expect(email.subject).toMatch(/^Booking confirmed: Cut and blow-dry at Bláth Hair, /);
    expect(email.attachments?.[0]).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST' });
    expect(email.attachments?.[0]?.content).toContain(`UID:${inviteUid(booking.id)}`);
    const notice = sent.find((message) => message.to === owner.email)!;
    expect(notice.subject).toMatch(/^New booking: Niamh, Cut and blow-dry with Aoife, /);
  });

  it('sends one SMS (and one of each email) when the same event arrives twice', async () => {
    const booking = appointment();
    await Promise.all([publish('booking.confirmed', booking), publish('booking.confirmed', booking)]);
    await eventually(outbox, (messages) => about(booking)(messages).length >= 3);
    await eventsIdle();
    const sent = about(booking)(await outbox());
    expect(sent.filter((message) => message.channel === 'sms')).toHaveLength(1);
    expect(sent.filter((message) => message.to === booking.callerEmail)).toHaveLength(1);
    expect(sent.filter((message) => message.to === owner.email)).toHaveLength(1);
  });

  it('cancels with a text and a CANCEL invite for the same event UID', async () => {
    const booking = appointment();
    await publish('booking.confirmed', booking);
    await eventually(outbox, (messages) => about(booking)(messages).length >= 3);
    await publish('booking.cancelled', { ...booking, status: 'cancelled' });
    const sent = about(booking)(await eventually(outbox, (messages) => about(booking)(messages).length >= 6));
    expect(sent.filter((message) => message.channel === 'sms').map((message) => message.body)).toContainEqual(
      expect.stringMatching(/is cancelled\. Call 01 234 5678 to book again\.$/),
    );
    const invites = sent.filter((message) => message.to === booking.callerEmail).map((message) => message.attachments![0]!.content);
    expect(invites.filter((invite) => invite.includes('METHOD:CANCEL'))).toHaveLength(1);
    for (const invite of invites) expect(invite).toContain(`UID:${inviteUid(booking.id)}`);
  });

  it('emails nobody but the owner when the caller gave no email address', async () => {
    const booking = appointment({ callerEmail: null });
    await publish('booking.confirmed', booking);
    await eventually(outbox, (messages) => about(booking)(messages).length >= 2);
    await eventsIdle();
    expect(
      about(booking)(await outbox())
        .map((message) => message.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
  });

  it('moves an event whose SMS keeps failing to the dead letters, after retries, and sends nothing for it', async () => {
    const booking = appointment({ callerPhone: 'not-a-number', callerEmail: null });
    await publish('booking.confirmed', booking, null);
    const file = join(inject('dataDir'), 'dead-letters.jsonl');
    const deadLetters = () =>
      Promise.resolve(
        existsSync(file)
          ? readFileSync(file, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line))
          : [],
      );
    const letters = await eventually(deadLetters, (lines) => lines.some((line) => line.event?.detail?.appointment?.id === booking.id));
    const letter = letters.find((line) => line.event.detail.appointment.id === booking.id);
    expect(letter).toMatchObject({ rule: 'booking-sms', event: { 'detail-type': 'booking.confirmed' } });
    expect(letter.error).not.toContain('not-a-number');
    expect((await outbox()).filter((message) => message.to === 'not-a-number')).toEqual([]);
  });
});

describe('a booking made and cancelled through the agent tools', () => {
  it('texts and emails the caller and tells the owner, each time once', async () => {
    const booker = await signUpOwner('toolbook');
    const { secret } = await bookableSalon(booker);
    const callerEmail = `tools-${randomUUID().slice(0, 8)}@example.ie`;
    const callerPhone = `+35386${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const start = `${nextOpenDay()}T11:00`;
    const booked = await agentTool(
      secret,
      'book',
      { service: 'Cut and blow-dry', stylist: 'Aoife', start, callerName: 'Orla Walsh', callerPhone, callerEmail },
      'tools-book-1',
    );
    expect(booked.status, booked.text).toBe(200);
    const mine = (messages: OutboxMessage[]) =>
      messages.filter((message) => message.to === callerPhone || message.to === callerEmail || message.to === booker.email);
    const afterBooking = mine(await eventually(outbox, (messages) => mine(messages).filter((m) => m.to !== booker.email).length >= 2));
    expect(afterBooking.find((message) => message.to === callerPhone)?.body).toMatch(
      /^You're booked at Bláth Hair for Cut and blow-dry on .+ at 11:00 with Aoife\. Reply or call 01 234 5678 to change\.$/,
    );
    expect(afterBooking.find((message) => message.to === callerEmail)?.attachments?.[0]?.content).toContain('METHOD:REQUEST');

    const cancelled = await agentTool(secret, 'cancel', { callerPhone, date: start.slice(0, 10) });
    expect(cancelled.status, cancelled.text).toBe(200);
    const afterCancel = mine(await eventually(outbox, (messages) => mine(messages).filter((m) => m.to !== booker.email).length >= 4));
    expect(afterCancel.filter((message) => message.to === callerPhone).map((message) => message.body)).toContainEqual(
      expect.stringMatching(/is cancelled\. Call 01 234 5678 to book again\.$/),
    );
    const invites = afterCancel.filter((message) => message.to === callerEmail).map((message) => message.attachments![0]!.content);
    expect(invites.some((invite) => invite.includes('METHOD:CANCEL'))).toBe(true);
    expect(new Set(invites.map((invite) => /UID:(\S+)/.exec(invite.replace(/\r?\n[ \t]/g, ''))?.[1])).size).toBe(1);
    await eventsIdle();
    const all = mine(await outbox());
    expect(all.filter((message) => message.to === callerPhone)).toHaveLength(2);
    expect(all.filter((message) => message.to === callerEmail)).toHaveLength(2);
    // The owner hears of both (the booking core puts the owner's address on the event).
    expect(all.filter((message) => message.to === booker.email)).toHaveLength(2);
  });
});

describe('the local outbox page', () => {
  it('lists the sandbox messages, says nothing was really sent, and offers the invite', async () => {
    const booking = appointment();
    await publish('booking.confirmed', booking);
    await eventually(outbox, (messages) => about(booking)(messages).length >= 3);
    const page = await api('/_local/outbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sandbox: nothing here was really sent.');
    expect(page.text).toContain(`to ${booking.callerPhone}`);
    expect(page.text).toContain('download="invite.ics"');
  });
});
