import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '../../../functions/contracts/setup.js';
import { book } from '../../../functions/core/booking/book.js';
import { cancel } from '../../../functions/core/booking/cancel.js';
import { checkAvailability } from '../../../functions/core/booking/check-availability.js';
import { startConversation, takeTurn } from '../../../local/receptionist/receptionist.js';
import { answerText, type ReplyDeps } from '../../../functions/core/replies/sms-reply.js';
import { answerOffer } from '../../../functions/core/waitlist/offer-reply.js';
import { joinWaitlist, offerFreedSlot } from '../../../functions/core/waitlist/waitlist.js';
import { FLOOD_LIMITS } from '../../../functions/contracts/agent-tools.js';
import { ToolError } from '../../../functions/core/booking/errors.js';
import { setLogSink } from '../../../functions/logger.js';
import type { SmsMessage } from '../../../functions/core/ports/sms.js';
import type { Appointment } from '../../../functions/contracts/appointments.js';
import { createConversationStore } from '../../../functions/store/conversation-store.js';
import { createDeliveryClaims } from '../../../functions/store/delivery-claims.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createSmsReplyStore } from '../../../functions/store/sms-reply-store.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/** The waiting list and freed times (docs/reminders.md, RELIABILITY 74). */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

/** Mondays open 09:00-10:00 only, one stylist: one 45-minute cut fills the day. */
const SHORT_MONDAY = { ...DEFAULT_HOURS, monday: { open: '09:00', close: '10:00', closed: false } };

async function fullMonday() {
  const clock = { value: at('2026-11-22T10:00') }; // Sunday morning, the day before
  const salon = await makeSalon(table, { now: clock, hours: SHORT_MONDAY, stylists: ['Aoife'] });
  const replies = createSmsReplyStore(table.client, table.tableName);
  const sent: SmsMessage[] = [];
  const deps: ReplyDeps & { conversations: ReturnType<typeof createConversationStore> } = {
    ...salon.deps,
    rateLimits: createRateLimits(table.client, table.tableName),
    smsReplies: replies,
    conversations: createConversationStore(table.client, table.tableName),
  };
  const booked = await book(salon.deps, salon.salonId, {
    service: 'Cut & blow-dry',
    start: '2026-11-23T09:00',
    callerName: 'Mary Murphy',
    callerPhone: '+353871000001',
  });
  const offerDeps = {
    ...deps,
    sms: {
      sender: async () => ({ from: '+353830000000', twoWay: true, optOutScope: 'service:test' }),
      send: async (message: SmsMessage) => (sent.push(message), { id: `sms-${sent.length}` }),
    },
    deliveryClaims: createDeliveryClaims(table.client, table.tableName),
  };
  return { clock, salon, deps, offerDeps, sent, bookedId: (booked as unknown as { booking: { id: string } }).booking.id };
}

describe('the waiting list', () => {
  it('check-availability offers it for a full day the salon is open, never for a closed one', async () => {
    const { salon } = await fullMonday();
    const full = await checkAvailability(salon.deps, salon.salonId, { service: 'cut', date: '2026-11-23' });
    expect(full.say).toMatch(
      /^Sorry, there's nothing free for a Cut & blow-dry tomorrow\. The next day I have is .+\. Or I can put you on the waiting list for tomorrow: if a time comes free, we'll text you\.$/,
    );
    expect(full.waitlist).toEqual({ date: '2026-11-23' });
    const closed = await checkAvailability(salon.deps, salon.salonId, { service: 'cut', date: '2026-11-29' });
    expect(closed.waitlist).toBeUndefined();
  });

  it('the sandbox receptionist offers it when the day is full and keeps the name, number, service and day', async () => {
    const { salon, deps } = await fullMonday();
    const { conversationId } = await startConversation(deps, { salonId: salon.salonId, test: false, callerPhone: '+353871000002' });
    const say = async (text: string) => (await takeTurn(deps, { salonId: salon.salonId, conversationId, text })).say;
    expect(await say("I'd like a cut and blow-dry tomorrow please")).toContain('Or I can put you on the waiting list for tomorrow');
    expect(await say('Yes, put me on the waiting list')).toBe('Lovely. Can I take your name?');
    expect(await say("It's Nóra Daly")).toBe(
      "You're on the waiting list for tomorrow. If a time comes free we'll text you, and the first to reply gets it. Is there anything else I can help with?",
    );
    expect(await deps.bookings.waitlist.forDay(salon.salonId, '2026-11-23')).toEqual([
      expect.objectContaining({
        callerName: 'Nóra Daly',
        callerPhone: '+353871000002',
        serviceName: 'Cut & blow-dry',
        date: '2026-11-23',
        durationMinutes: 45,
      }),
    ]);
  });

  it("a cancellation within 48 hours texts the day's list once each; of two YES replies at once exactly one gets the time", async () => {
    const { salon, deps, offerDeps, sent, bookedId } = await fullMonday();
    for (const [name, phone] of [
      ['Nóra Daly', '+353871000003'],
      ['Ciarán Moore', '+353871000004'],
    ]) {
      await deps.bookings.waitlist.add(salon.salonId, {
        id: `w-${phone}`,
        date: '2026-11-23',
        serviceId: 'svc_cut',
        serviceName: 'Cut & blow-dry',
        durationMinutes: 45,
        callerName: name!,
        callerPhone: phone!,
        createdAt: new Date().toISOString(),
      });
    }
    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const freed = salon.published.find((event) => event.type === 'booking.slot-freed');
    expect(freed).toBeDefined();
    const appointment = (freed!.detail as { appointment: Appointment }).appointment;
    expect(appointment.id).toBe(bookedId);
    expect(await offerFreedSlot(offerDeps, appointment, 'Cuts by Ciara')).toBe(2);
    await offerFreedSlot(offerDeps, appointment, 'Cuts by Ciara');
    expect(sent.map((message) => message.to).sort()).toEqual(['+353871000003', '+353871000004']);
    expect(sent[0]!.body).toBe(
      'Cuts by Ciara: a time has come free for your Cut & blow-dry with Aoife on Monday 23 November at 09:00. Reply YES to take it: the first to reply gets it.',
    );

    const answers = await Promise.all(
      ['+353871000003', '+353871000004'].map((from) => answerText(deps, { salonId: salon.salonId, from, body: 'YES' }, answerOffer)),
    );
    expect(answers.filter((answer) => answer.reply === null)).toHaveLength(1);
    expect(answers.filter((answer) => answer.reply?.includes('sorry, that time has just been taken'))).toHaveLength(1);
    const monday = await salon.deps.bookings.days.get(salon.salonId, { stylistId: 'sty_aoife0', date: '2026-11-23' });
    expect(monday.intervals.map((interval) => interval.record?.callerPhone)).toHaveLength(1);
  });

  // An alphanumeric sender ID takes no replies (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id): the offer says to call.
  it('from a one-way sender, a freed time is offered by phone, never "Reply YES"', async () => {
    const { salon, deps, offerDeps, sent } = await fullMonday();
    await deps.bookings.waitlist.add(salon.salonId, {
      id: 'w-oneway',
      date: '2026-11-23',
      serviceId: 'svc_cut',
      serviceName: 'Cut & blow-dry',
      durationMinutes: 45,
      callerName: 'Nóra Daly',
      callerPhone: '+353871000009',
      createdAt: new Date().toISOString(),
    });
    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const freed = salon.published.find((event) => event.type === 'booking.slot-freed')!;
    const oneWay = { ...offerDeps, sms: { ...offerDeps.sms, sender: async () => ({ from: 'SalonDesk', twoWay: false, optOutScope: 'sender:SalonDesk' }) } };
    expect(await offerFreedSlot(oneWay, (freed.detail as { appointment: Appointment }).appointment, 'Cuts by Ciara')).toBe(1);
    expect(sent[0]!.body).toBe(
      'Cuts by Ciara: a time has come free for your Cut & blow-dry with Aoife on Monday 23 November at 09:00. Call us to take it: the first to ask gets it.',
    );
  });

  it('offers only a time that can still be booked, and a YES too late for it hears why, not that it was taken', async () => {
    const waiting = {
      id: 'w-late',
      date: '2026-11-23',
      serviceId: 'svc_cut',
      serviceName: 'Cut & blow-dry',
      durationMinutes: 45,
      callerName: 'Nóra Daly',
      callerPhone: '+353871000005',
      createdAt: new Date().toISOString(),
    };
    // Cancelled ten minutes before it starts: too soon for anyone to book (15 minutes' notice), so nobody is texted.
    const late = await fullMonday();
    await late.deps.bookings.waitlist.add(late.salon.salonId, waiting);
    late.clock.value = at('2026-11-23T08:50');
    await cancel(late.salon.deps, late.salon.salonId, { callerPhone: '+353871000001' });
    expect(late.salon.published.filter((event) => event.type === 'booking.slot-freed')).toEqual([]);
    const ended = (await late.salon.deps.bookings.appointments.get(late.salon.salonId, late.bookedId))!;
    expect(await offerFreedSlot(late.offerDeps, ended, 'Cuts by Ciara')).toBe(0);
    expect(late.sent).toEqual([]);

    // Offered twenty minutes ahead; the YES comes when it is ten minutes off.
    const { clock, salon, deps, offerDeps } = await fullMonday();
    await deps.bookings.waitlist.add(salon.salonId, waiting);
    clock.value = at('2026-11-23T08:40');
    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const freed = salon.published.find((event) => event.type === 'booking.slot-freed')!;
    expect(await offerFreedSlot(offerDeps, (freed.detail as { appointment: Appointment }).appointment, 'Cuts by Ciara')).toBe(1);
    clock.value = at('2026-11-23T08:50');
    const answer = await answerText(deps, { salonId: salon.salonId, from: '+353871000005', body: 'YES' }, answerOffer);
    expect(answer.reply).toBe("Cuts by Ciara: sorry, that time is too soon to book now. You're still on the waiting list for that day.");
  });

  it('texts a freed time only to those waiting for a service its stylist does (who does what, RELIABILITY 157)', async () => {
    const clock = { value: at('2026-11-22T10:00') };
    const salon = await makeSalon(table, { now: clock, hours: SHORT_MONDAY, stylists: ['Aoife'], team: { Aoife: { services: ['svc_cut'] } } });
    await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-23T09:00', callerName: 'Mary Murphy', callerPhone: '+353871000001' });
    const waiting = (id: string, serviceId: string, serviceName: string, callerPhone: string) =>
      salon.deps.bookings.waitlist.add(salon.salonId, {
        id,
        date: '2026-11-23',
        serviceId,
        serviceName,
        durationMinutes: 15,
        callerName: 'Nóra Daly',
        callerPhone,
        createdAt: '',
      });
    await waiting('a'.repeat(32), 'svc_cut', 'Cut & blow-dry', '+353871000002');
    await waiting('b'.repeat(32), 'svc_fringe', 'Fringe trim', '+353871000003');
    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const { appointment } = salon.published.find((event) => event.type === 'booking.slot-freed')!.detail as { appointment: Appointment };
    const sent: SmsMessage[] = [];
    const offerDeps = {
      ...salon.deps,
      smsReplies: createSmsReplyStore(table.client, table.tableName),
      sms: {
        sender: async () => ({ from: '+353830000000', twoWay: true, optOutScope: 'service:test' }),
        send: async (message: SmsMessage) => (sent.push(message), { id: `sms-${sent.length}` }),
      },
      deliveryClaims: createDeliveryClaims(table.client, table.tableName),
    };
    expect(await offerFreedSlot(offerDeps, appointment, 'Cuts by Ciara')).toBe(1);
    expect(sent.map((message) => message.to)).toEqual(['+353871000002']);
  });

  // The promise callers hear ("if a time comes free we'll text you") holds however far off the day is (issue 45: a 48-hour limit texted nobody).
  it('a cancellation a week before the day still texts the waiting list, as the receptionist promised', async () => {
    const { clock, salon, deps, offerDeps, sent } = await fullMonday();
    await joinWaitlist(deps, salon.salonId, { service: 'cut', date: '2026-11-23', callerName: 'Nóra Daly', callerPhone: '+353871000002' });
    clock.value = at('2026-11-16T09:00');
    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const freed = salon.published.filter((event) => event.type === 'booking.slot-freed');
    expect(freed).toHaveLength(1);
    const { appointment } = freed[0]!.detail as { appointment: Appointment };
    expect(await offerFreedSlot(offerDeps, appointment, 'Cuts by Ciara')).toBe(1);
    expect(sent.map((message) => message.to)).toEqual(['+353871000002']);
  });
});

/** What a refused tool call was told (its code), or 'joined'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'joined';
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

describe('the waiting list under abuse (RELIABILITY 74)', () => {
  const join = (deps: ReplyDeps, salonId: string, callerPhone: string, date = '2026-11-23') =>
    joinWaitlist(deps, salonId, { service: 'cut', date, callerName: 'Nóra Daly', callerPhone });

  it('joins only for a full day the salon is open, and only with a mobile (not a landline, nor a number whose plan cannot tell one)', async () => {
    const { salon, deps } = await fullMonday();
    expect(await outcome(join(deps, salon.salonId, '+353871000010', '2026-11-24'))).toBe('day_not_full');
    expect(await outcome(join(deps, salon.salonId, '+353871000010', '2026-11-29'))).toBe('closed');
    for (const landline of ['+35312345678', '+35391123456', '+442079460000', '+12025550123'])
      expect(await outcome(join(deps, salon.salonId, landline)), landline).toBe('not_mobile');
    expect(await deps.bookings.waitlist.forDay(salon.salonId, '2026-11-23')).toEqual([]);
    for (const mobile of ['+353871000010', '+447400123456', '+33612345678']) expect(await outcome(join(deps, salon.salonId, mobile)), mobile).toBe('joined');
    expect(await deps.bookings.waitlist.forDay(salon.salonId, '2026-11-23')).toHaveLength(3);
  });

  it("joins for one day at once (12 from one number, 56 from others, past the salon's cap): one entry per number, the caps per caller and per salon hold, and one cancellation texts each number once", async () => {
    const { salon, deps, offerDeps, sent } = await fullMonday();
    const repeated = '+353871000020';
    const others = Array.from({ length: 56 }, (_, index) => `+35386${String(1000000 + index)}`);
    const phones = [...Array.from({ length: 12 }, () => repeated), ...others];
    const outcomes = await Promise.all(phones.map((phone) => outcome(join(deps, salon.salonId, phone))));
    const entries = await deps.bookings.waitlist.forDay(salon.salonId, '2026-11-23');
    expect(entries.filter((entry) => entry.callerPhone === repeated)).toHaveLength(1);
    expect(new Set(entries.map((entry) => entry.callerPhone)).size).toBe(entries.length);
    expect(entries.length).toBeLessThanOrEqual(FLOOD_LIMITS.waitlistJoinsPerSalonPerHour);
    expect(outcomes.slice(0, 12).filter((each) => each === 'too_many_waitlist_joins').length).toBeGreaterThanOrEqual(
      12 - FLOOD_LIMITS.waitlistJoinsPerCallerPerHour,
    );
    expect(outcomes.filter((each) => each === 'waitlist_full').length).toBeGreaterThan(0);

    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const freed = salon.published.find((event) => event.type === 'booking.slot-freed')!;
    await offerFreedSlot(offerDeps, (freed.detail as { appointment: Appointment }).appointment, 'Cuts by Ciara');
    expect(sent.length).toBe(entries.length);
    expect(new Set(sent.map((message) => message.to)).size).toBe(sent.length);
  });

  it('a freed time is texted once to each number, and only to mobiles, whatever the list holds (entries kept before these rules)', async () => {
    const { salon, deps, offerDeps, sent } = await fullMonday();
    const entry = (id: string, callerPhone: string) => ({
      id,
      date: '2026-11-23',
      serviceId: 'svc_cut',
      serviceName: 'Cut & blow-dry',
      durationMinutes: 45,
      callerName: 'Nóra Daly',
      callerPhone,
      createdAt: new Date().toISOString(),
    });
    for (const [id, phone] of [
      ['a', '+353871000030'],
      ['b', '+353871000030'],
      ['c', '+35312345678'],
      ['d', '+12025550123'],
    ] as const)
      await deps.bookings.waitlist.add(salon.salonId, entry(id, phone));
    await cancel(salon.deps, salon.salonId, { callerPhone: '+353871000001' });
    const freed = salon.published.find((event) => event.type === 'booking.slot-freed')!;
    expect(await offerFreedSlot(offerDeps, (freed.detail as { appointment: Appointment }).appointment, 'Cuts by Ciara')).toBe(1);
    expect(sent.map((message) => message.to)).toEqual(['+353871000030']);
  });
});
