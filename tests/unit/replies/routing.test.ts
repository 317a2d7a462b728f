import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { handleIncomingText, type IncomingDeps } from '../../../functions/core/replies/incoming-text.js';
import { rememberingSubjects } from '../../../functions/core/replies/last-text.js';
import { OPTED_OUT_MESSAGE_ID, respectingOptOuts } from '../../../functions/core/replies/opt-outs.js';
import { notingSenders } from '../../../functions/core/replies/texted-by.js';
import { WHICH_WITHIN_MS } from '../../../functions/core/replies/route-text.js';
import { setLogSink } from '../../../functions/logger.js';
import { createSandboxSms, SANDBOX_SMS_NUMBER } from '../../../local/sandboxes/sandbox-sms.js';
import type { SmsMessage } from '../../../functions/core/ports/sms.js';
import { createNumberStore } from '../../../functions/store/number-store.js';
import { createOutboxStore } from '../../../functions/store/outbox-store.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createSandboxSmsOptOuts } from '../../../local/sandboxes/sandbox-sms-store.js';
import { createSmsReplyStore } from '../../../functions/store/sms-reply-store.js';
import { createSmsRoutingStore } from '../../../functions/store/sms-routing-store.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/**
 * Which salon a reply is for (docs/reminders.md, "Which number texts come from"). Every salon's
 * texts come from the platform's Messaging Service, whose sticky sender keeps one number per
 * caller (https://www.twilio.com/docs/messaging/services: "Sticky Sender … the same From number is
 * selected when messaging a particular recipient"), so a reply names that number, not the salon:
 * it goes to the salon that texted the caller, or is asked back when several did. The SMS port
 * here is the sandbox (which keeps Twilio's block list and auto-replies) behind the composition
 * root's own wrappers.
 */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

let sids = 0;

async function world() {
  const clock = { value: at('2026-11-23T08:00') };
  const first = await makeSalon(table, { now: clock });
  const second = await makeSalon(table, { now: clock });
  const salonsStore = first.deps.salons;
  // Two salons with their own names, so "which salon?" can be told apart.
  const salons = {
    ...salonsStore,
    get: async (id: string, consistent?: boolean) => {
      const salon = await salonsStore.get(id, consistent);
      return salon && id === second.salonId ? { ...salon, name: 'Bláth Hair' } : salon;
    },
  };
  const outbox = createOutboxStore(table.client, table.tableName, () => new Date(clock.value));
  const sandbox = createSandboxSms({ outbox, optOuts: createSandboxSmsOptOuts(table.client, table.tableName), now: () => new Date(clock.value) });
  const smsReplies = createSmsReplyStore(table.client, table.tableName);
  const smsRouting = createSmsRoutingStore(table.client, table.tableName);
  const sent: SmsMessage[] = [];
  const recording = {
    ...sandbox,
    send: async (message: SmsMessage) => {
      const answer = await sandbox.send(message);
      sent.push(message);
      return answer;
    },
  };
  const now = () => new Date(clock.value);
  const sms = respectingOptOuts(notingSenders(rememberingSubjects(recording, smsReplies, now), smsRouting, now), smsReplies, now);
  const deps: IncomingDeps = {
    ...first.deps,
    salons,
    rateLimits: createRateLimits(table.client, table.tableName),
    smsReplies,
    smsRouting,
    numbers: createNumberStore(table.client, table.tableName),
    sms,
  };
  /** A caller's text to `to`, as Twilio handles it: its keywords first (the sandbox), then our webhook. */
  const text = async (from: string, body: string, to = SANDBOX_SMS_NUMBER) => {
    await sandbox.receive({ from, to, body });
    sids += 1;
    return handleIncomingText(deps, { messageSid: `SMunit${sids}`, from, to, body });
  };
  const lastTo = (to: string) => sent.filter((message) => message.to === to).at(-1);
  return { clock, first, second, deps, sms, sandbox, sent, text, lastTo };
}

describe("a reply to the platform's number", () => {
  it('"Cancel" then "YES" cancels the booking of the one salon that texted the caller, and the caller keeps getting its texts', async () => {
    const { first, sms, sandbox, text, lastTo } = await world();
    const caller = '+353871240001';
    const booked = (
      await book(first.deps, first.salonId, { service: 'Cut & blow-dry', start: '2026-11-26T10:00', callerName: 'Mary Murphy', callerPhone: caller })
    ).booking as { id: string };
    await sms.send({
      salonId: first.salonId,
      to: caller,
      body: 'Cuts by Ciara: a reminder of your Cut & blow-dry. Reply C to cancel.',
      about: { bookingId: booked.id },
    });

    expect(await text(caller, 'Cancel')).toBe('asked-to-confirm');
    expect(lastTo(caller)?.body).toMatch(/^Cuts by Ciara: cancel your Cut & blow-dry with \w+ on Thursday 26 November at 10:00\? Reply YES to cancel it\.$/);
    expect(await text(caller, 'YES')).toBe('cancelled');
    expect(await first.deps.bookings.appointments.get(first.salonId, booked.id)).toMatchObject({ status: 'cancelled' });
    expect(first.published.filter((event) => event.type === 'booking.cancelled')).toHaveLength(1);
    // Neither word is a Twilio keyword on our service: nothing is blocked, the salon's next text goes.
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'Cancel' })).toBeNull();
    const next = await sms.send({ salonId: first.salonId, to: caller, body: 'Cuts by Ciara: your booking is cancelled.' });
    expect(next.id).not.toBe(OPTED_OUT_MESSAGE_ID);
    expect(next.id).toMatch(/^sandbox-sms-/);
  });

  it('two salons texted one caller: a YES goes to the salon whose question is open; anything else is asked back, and the number answered routes it', async () => {
    const { first, second, sms, text, lastTo, clock } = await world();
    const caller = '+353871240002';
    const mine = (
      await book(second.deps, second.salonId, { service: 'Cut & blow-dry', start: '2026-11-27T10:00', callerName: 'Nóra Daly', callerPhone: caller })
    ).booking as { id: string };
    await sms.send({ salonId: first.salonId, to: caller, body: 'Cuts by Ciara: thanks for calling.' });
    clock.value += 60_000;
    await sms.send({
      salonId: second.salonId,
      to: caller,
      body: 'Bláth Hair: a reminder of your Cut & blow-dry. Reply C to cancel.',
      about: { bookingId: mine.id },
    });

    // "C" could be for either salon: asked back, newest first.
    expect(await text(caller, 'C')).toBe('asked-which-salon');
    expect(lastTo(caller)?.body).toBe('Which salon is your text for? Reply 1 for Bláth Hair, 2 for Cuts by Ciara.');
    expect(await text(caller, '1')).toBe('asked-to-confirm');
    expect(lastTo(caller)).toMatchObject({ salonId: second.salonId, body: expect.stringMatching(/^Bláth Hair: cancel your Cut & blow-dry/) });
    // Only Bláth Hair asked a question: the YES is its, without asking.
    expect(await text(caller, 'Yes')).toBe('cancelled');
    expect(await second.deps.bookings.appointments.get(second.salonId, mine.id)).toMatchObject({ status: 'cancelled' });

    // A message is asked back too; "2" leaves it with Cuts by Ciara, and only there.
    expect(await text(caller, 'Running 10 mins late, sorry')).toBe('asked-which-salon');
    expect(await text(caller, '2')).toBe('message');
    expect((await first.deps.bookings.messages.list(first.salonId, { limit: 5 })).messages).toMatchObject([{ message: 'Running 10 mins late, sorry' }]);
    expect((await first.deps.bookings.messages.list(second.salonId, { limit: 5 })).messages).toEqual([]);
    // The question is answered once: a second "2" is an ordinary text, asked back again.
    expect(await text(caller, '2')).toBe('asked-which-salon');
    // An hour later the question is gone: "1" is asked back, never a stale text delivered.
    clock.value += WHICH_WITHIN_MS + 60_000;
    expect(await text(caller, '1')).toBe('asked-which-salon');
  });

  it("a text to a salon's own number is that salon's; a caller no salon texted in 30 days reaches no one", async () => {
    const { first, second, sms, text, clock, deps } = await world();
    const own = `+3531${String(Date.now()).slice(-7)}`;
    expect(await deps.numbers.assign(own, second.salonId, new Date(clock.value))).toBe(true);
    const caller = '+353871240003';
    await sms.send({ salonId: first.salonId, to: caller, body: 'Cuts by Ciara: thanks for calling.' });
    expect(await text(caller, 'Hello?')).toBe('message');
    expect((await first.deps.bookings.messages.list(first.salonId, { limit: 5 })).messages).toMatchObject([{ message: 'Hello?' }]);
    // Bláth Hair never texted this caller, but a text to its own number is its.
    expect(await text(caller, 'Can I bring my daughter?', own)).toBe('message');
    expect((await first.deps.bookings.messages.list(second.salonId, { limit: 5 })).messages).toMatchObject([{ message: 'Can I bring my daughter?' }]);
    clock.value += 31 * 86_400_000;
    expect(await text(caller, 'Hello again?')).toBe('no-salon');
    expect(await text('+353871240004', 'Who is this?')).toBe('no-salon');
  });

  it("STOP blocks every salon's texts at once (the service's scope), START lifts it, and a replayed START does not undo a later STOP", async () => {
    const { first, second, sms, sandbox, deps, sent } = await world();
    const caller = '+353871240005';
    const sid = (name: string) => `SMstop${name}${Date.now()}`;
    const deliver = async (body: string, messageSid: string) => {
      await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body });
      return handleIncomingText(deps, { messageSid, from: caller, to: SANDBOX_SMS_NUMBER, body });
    };
    expect(await deliver('STOP', sid('a'))).toBe('opted-out');
    expect(await sms.send({ salonId: first.salonId, to: caller, body: 'Cuts by Ciara: hello' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    expect(await sms.send({ salonId: second.salonId, to: caller, body: 'Bláth Hair: hello' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    const start = sid('b');
    expect(await deliver('START', start)).toBe('opted-in');
    expect((await sms.send({ salonId: second.salonId, to: caller, body: 'Bláth Hair: hello again' })).id).toMatch(/^sandbox-sms-/);
    expect(await deliver('STOP', sid('c'))).toBe('opted-out');
    expect(await handleIncomingText(deps, { messageSid: start, from: caller, to: SANDBOX_SMS_NUMBER, body: 'START' })).toBe('duplicate');
    expect(await deps.smsReplies.isOptedOut((await deps.sms.sender()).optOutScope, caller)).toBe(true);
    // No words of ours answered a keyword: the only texts to the caller were the salons' own and Twilio's (the outbox).
    expect(sent.filter((message) => message.to === caller).map((message) => message.body)).toEqual(['Bláth Hair: hello again']);
  });
});
