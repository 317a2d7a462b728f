import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { intentOf } from '../../../functions/core/replies/keywords.js';
import { OPTED_OUT_MESSAGE_ID, respectingOptOuts } from '../../../functions/core/replies/opt-outs.js';
import { rememberingSubjects } from '../../../functions/core/replies/last-text.js';
import { answerText, type ReplyDeps } from '../../../functions/core/replies/sms-reply.js';
import { setLogSink } from '../../../functions/logger.js';
import { SmsError, type SmsMessage } from '../../../functions/core/ports/sms.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createSmsReplyStore } from '../../../functions/store/sms-reply-store.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/** Callers' texts to the salon (docs/reminders.md, RELIABILITY 72-73). */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

describe('what a text says', () => {
  // STOP, START and HELP are exactly the keywords our Advanced Opt-Out acts on: one word, any case
  // (https://help.twilio.com/articles/223134027-Twilio-support-for-opt-out-keywords-SMS-STOP-filtering-:
  // "Only single-word messages will trigger the block"); CANCEL and YES are taken out of Twilio's
  // defaults (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out), so they are ours.
  it.each([
    ['C', 'cancel'],
    ['c.', 'cancel'],
    ['Cancel', 'cancel'],
    ['CANCEL', 'cancel'],
    ['Cancel please', 'cancel'],
    ['cancel my appointment', 'cancel'],
    ['YES', 'yes'],
    ['Yes please!', 'yes'],
    ['no thanks', 'no'],
    ['STOP', 'stop'],
    [' stop ', 'stop'],
    ['Unsubscribe', 'stop'],
    ['STOPALL', 'stop'],
    ['start', 'start'],
    ['UNSTOP', 'start'],
    ['HELP', 'help'],
    ['info', 'help'],
    ['stop please', 'other'],
    ['opt out', 'other'],
    ['Can I come at 3 instead of 2?', 'other'],
    ['Cancel the 3pm and book me for 4', 'other'],
  ] as const)('%s → %s', (body, intent) => {
    expect(intentOf(body)).toBe(intent);
  });
});

const SENDER = { from: 'MG00000000000000000000000000000001', twoWay: true, optOutScope: 'service:MG00000000000000000000000000000001' };

describe('STOP holds on every send path', () => {
  // A STOP to a Messaging Service blocks every sender in it, so every salon texting through it
  // (https://help.twilio.com/articles/223181748-Customizing-HELP-STOP-messages-for-SMS-filtering:
  // "Advanced Opt-Out changes apply to all phone number members of a Messaging Service").
  it('a number that texted STOP to our Messaging Service gets nothing more from any salon until START', async () => {
    const store = createSmsReplyStore(table.client, table.tableName);
    const sent: SmsMessage[] = [];
    const sms = respectingOptOuts(
      { provider: async () => 'sandbox', sender: async () => SENDER, send: async (message) => (sent.push(message), { id: `sms-${sent.length}` }) },
      store,
    );
    await store.optOut(SENDER.optOutScope, '+353851110000', new Date().toISOString());
    expect(await sms.send({ salonId: 'sal_a', to: '+353851110000', body: 'reminder' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    expect(await sms.send({ salonId: 'sal_b', to: '+353851110000', body: 'reminder' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    // Another sender's block is not this one's.
    expect(await store.isOptedOut('sender:+353830000001', '+353851110000')).toBe(false);
    await store.optIn(SENDER.optOutScope, '+353851110000');
    expect(await sms.send({ salonId: 'sal_b', to: '+353851110000', body: 'reminder' })).toEqual({ id: 'sms-1' });
  });

  // Twilio refuses a text to a number that opted out with error 21610 (https://www.twilio.com/docs/api/errors/21610).
  it("Twilio's 21610 for a STOP we never saw is kept, and the text answers as not sent (no retry)", async () => {
    const store = createSmsReplyStore(table.client, table.tableName);
    let attempts = 0;
    const refusing = {
      provider: async () => 'twilio' as const,
      sender: async () => SENDER,
      send: async (): Promise<{ id: string }> => {
        attempts += 1;
        throw new SmsError('rejected', 'Twilio answered 400 (error 21610)', 400, 21610);
      },
    };
    const sms = respectingOptOuts(refusing, store);
    expect(await sms.send({ salonId: 'sal_a', to: '+353851110009', body: 'reminder' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    expect(await store.isOptedOut(SENDER.optOutScope, '+353851110009')).toBe(true);
    expect(await sms.send({ salonId: 'sal_b', to: '+353851110009', body: 'reminder' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    expect(attempts).toBe(1);
    const other = respectingOptOuts(
      {
        ...refusing,
        send: async () => {
          throw new SmsError('rejected', 'Twilio answered 400 (error 21211)', 400, 21211);
        },
      },
      store,
    );
    await expect(other.send({ salonId: 'sal_a', to: '+353851110010', body: 'reminder' })).rejects.toThrow('21211');
  });
});

describe('answering a text', () => {
  it('"C" asks about the next booking and says what happens to its deposit; "YES" cancels it through the cancel path; a stale question cancels nothing', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock, deposits: true });
    const deps: ReplyDeps = {
      ...salon.deps,
      rateLimits: createRateLimits(table.client, table.tableName),
      smsReplies: createSmsReplyStore(table.client, table.tableName),
    };
    const from = '+353871230001';
    await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-26T10:00', callerName: 'Mary Murphy', callerPhone: from });
    await book(salon.deps, salon.salonId, { service: 'Balayage', start: '2026-11-25T10:00', callerName: 'Mary Murphy', callerPhone: from, stylist: 'Aoife' });
    const text = (body: string) => answerText(deps, { salonId: salon.salonId, from, body });

    const asked = await text('c');
    expect(asked).toEqual({
      outcome: 'asked-to-confirm',
      reply:
        'Cuts by Ciara: cancel your Balayage with Aoife on Wednesday 25 November at 10:00? The deposit link we sent will stop working. Reply YES to cancel it.',
    });
    clock.value += 61 * 60_000;
    // An hour later the question is closed: "yes" alone is a message, nothing is cancelled.
    expect((await text('yes')).outcome).toBe('message');
    expect((await text('C')).outcome).toBe('asked-to-confirm');
    expect(await text('YES')).toEqual({ outcome: 'cancelled', reply: null });
    expect(salon.published.filter((event) => event.type === 'booking.cancelled')).toHaveLength(1);

    const next = await text('cancel');
    expect(next.reply).toMatch(/^Cuts by Ciara: cancel your Cut & blow-dry with \w+ on Thursday 26 November at 10:00\? Reply YES to cancel it\.$/);
    expect(await text('no')).toEqual({ outcome: 'kept', reply: 'Cuts by Ciara: no problem, your booking stays as it is. See you then!' });
    expect(salon.published.filter((event) => event.type === 'booking.cancelled')).toHaveLength(1);
  });

  it('"C" answers the booking the last text named: reminded of the 30th with a booking on the 28th too, the question and the cancel are for the 30th', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock });
    const smsReplies = createSmsReplyStore(table.client, table.tableName);
    const deps: ReplyDeps = { ...salon.deps, rateLimits: createRateLimits(table.client, table.tableName), smsReplies };
    const from = '+353871230003';
    const booking = async (start: string) =>
      (
        (await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start, callerName: 'Mary Murphy', callerPhone: from, stylist: 'Aoife' }))
          .booking as { id: string }
      ).id;
    const [first, reminded] = [await booking('2026-11-28T10:00'), await booking('2026-11-30T10:00')];
    // Every text goes out through the port the composition root wraps; the reminder names its booking.
    const sent: SmsMessage[] = [];
    const sms = respectingOptOuts(
      rememberingSubjects(
        { provider: async () => 'sandbox', sender: async () => SENDER, send: async (message) => (sent.push(message), { id: `sms-${sent.length}` }) },
        smsReplies,
      ),
      smsReplies,
    );
    await sms.send({ salonId: salon.salonId, to: from, body: 'Reminder: your Cut & blow-dry on Monday 30 November', about: { bookingId: reminded } });
    const text = (body: string) => answerText(deps, { salonId: salon.salonId, from, body });

    expect((await text('C')).reply).toBe('Cuts by Ciara: cancel your Cut & blow-dry with Aoife on Monday 30 November at 10:00? Reply YES to cancel it.');
    expect(await text('YES')).toEqual({ outcome: 'cancelled', reply: null });
    expect(await salon.deps.bookings.appointments.get(salon.salonId, reminded)).toMatchObject({ status: 'cancelled' });
    expect(await salon.deps.bookings.appointments.get(salon.salonId, first)).toMatchObject({ status: 'confirmed' });
    // The booking that text named is gone: the next "C" is about the next booking.
    expect((await text('C')).reply).toMatch(/^Cuts by Ciara: cancel your Cut & blow-dry with Aoife on Saturday 28 November at 10:00\?/);
  });

  it('three YES at once to one question: one cancellation, and no YES becomes a message for the salon', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock });
    const deps: ReplyDeps = {
      ...salon.deps,
      rateLimits: createRateLimits(table.client, table.tableName),
      smsReplies: createSmsReplyStore(table.client, table.tableName),
    };
    const from = '+353871230004';
    await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-26T10:00', callerName: 'Mary Murphy', callerPhone: from });
    const text = (body: string) => answerText(deps, { salonId: salon.salonId, from, body });
    expect((await text('C')).outcome).toBe('asked-to-confirm');
    const answers = await Promise.all([text('YES'), text('Yes'), text('yes')]);
    expect(answers.filter((answer) => answer.outcome === 'cancelled')).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === 'message')).toEqual([]);
    expect(answers.filter((answer) => answer.reply !== null)).toEqual([]);
    expect(salon.published.filter((event) => event.type === 'booking.cancelled')).toHaveLength(1);
    expect(salon.published.filter((event) => event.type === 'message.left')).toEqual([]);
    expect((await salon.deps.bookings.messages.list(salon.salonId, { limit: 10 })).messages).toEqual([]);
    // A YES a moment later, the question answered: still nothing for the salon to read.
    expect(await text('YES')).toEqual({ outcome: 'repeat', reply: null });
  });

  it('a number with no booking is told to call; STOP, START and HELP get no words of ours (Twilio answers them)', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock });
    const deps: ReplyDeps = {
      ...salon.deps,
      rateLimits: createRateLimits(table.client, table.tableName),
      smsReplies: createSmsReplyStore(table.client, table.tableName),
    };
    const text = (body: string) => answerText(deps, { salonId: salon.salonId, from: '+353871230002', body });
    expect(await text('C')).toEqual({
      outcome: 'no-booking',
      reply: "Cuts by Ciara: we can't find an upcoming booking for this number. Please call us on 01 234 5678 if you need to change something.",
    });
    for (const keyword of ['STOP', 'START', 'HELP']) expect(await text(keyword)).toEqual({ outcome: 'keyword', reply: null });
    expect((await salon.deps.bookings.messages.list(salon.salonId, { limit: 10 })).messages).toEqual([]);
  });
});
