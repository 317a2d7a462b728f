import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationState } from '../../../local/receptionist/dialogue.js';

/**
 * The sandbox receptionist's turns → the tool calls they make (the registry replaced by a recording fake: what a tool
 * does is tested with the tools). A table, so a changed rule shows; then a booking over turns.
 */
const calls: { tool: string; input: Record<string, unknown>; test: boolean | undefined; idempotencyKey: string | undefined }[] = [];
const SLOT = { start: '2030-06-07T11:00', spoken: "Friday 7 June at eleven o'clock", stylists: [{ name: 'Aoife' }] };
/** A tool's answer for one test, in place of the usual one. */
const answers = new Map<string, Record<string, unknown>>();

vi.mock('../../../functions/core/agent-tools/registry.js', () => ({
  conversationKey: (conversationId: string, tool: string) => `${conversationId}:${tool}`,
  runTool: async (_deps: unknown, tool: string, call: { input: Record<string, unknown>; test?: boolean; idempotencyKey?: string }) => {
    calls.push({ tool, input: call.input, test: call.test, idempotencyKey: call.idempotencyKey });
    if (answers.has(tool)) return answers.get(tool);
    switch (tool) {
      case 'list-services':
        return { ok: true, say: 'We do a balayage and a cut.', services: [{ name: 'Balayage', spokenPrice: '180 euro', spokenDuration: 'three hours' }] };
      case 'check-availability':
        return { ok: true, say: `${SLOT.spoken} is free. Would that suit?`, slots: [SLOT] };
      case 'book':
        return { ok: true, say: 'book done.', booking: { id: 'bk_1', start: '2030-06-07T10:00:00.000Z', end: '2030-06-07T13:00:00.000Z' } };
      case 'transfer':
        return { ok: true, say: "I'll put you through now.", phoneNumber: '+35312345678' };
      default:
        return { ok: true, say: `${tool} done.` };
    }
  },
}));

const { startConversation, takeTurn } = await import('../../../local/receptionist/receptionist.js');

const stored = new Map<string, ConversationState>();
const deps = {
  now: () => new Date('2030-06-03T09:00:00Z'),
  salons: { get: async () => ({ id: 'sal_1', name: 'Bláth Hair' }) },
  setup: {
    load: async () => ({
      services: [{ name: 'Balayage' }, { name: 'Cut and blow-dry' }],
      stylists: [{ name: 'Aoife' }, { name: 'Ciara' }],
      voice: { firstMessage: 'Hi, thanks for calling Bláth Hair!', selectedLanguage: 'en' },
    }),
  },
  conversations: {
    get: async (_salonId: string, id: string) => structuredClone(stored.get(id) ?? null),
    put: async (state: ConversationState) => void stored.set(state.conversationId, structuredClone(state)),
  },
} as unknown as Parameters<typeof startConversation>[0];

async function opened(test = true) {
  return (await startConversation(deps, { salonId: 'sal_1', test })).conversationId;
}
const turn = (conversationId: string, text: string) => takeTurn(deps, { salonId: 'sal_1', conversationId, text });

beforeEach(() => {
  calls.length = 0;
  stored.clear();
  answers.clear();
});

describe('one caller turn → the tool it calls', () => {
  it.each([
    ['How much is a balayage?', 'list-services', {}],
    ['What are your opening hours?', 'salon-info', {}],
    ['Where are you exactly?', 'salon-info', {}],
    ['Have you anything for a balayage on Friday afternoon?', 'check-availability', { service: 'Balayage', date: '2030-06-07', partOfDay: 'afternoon' }],
    [
      'Could Ciara do a cut and blow-dry tomorrow at half two?',
      'check-availability',
      { service: 'Cut and blow-dry', stylist: 'Ciara', date: '2030-06-04', time: '14:30' },
    ],
    ['a balayage on Friday the 14th of June at half eleven', 'check-availability', { service: 'Balayage', date: '2030-06-14', time: '11:30' }],
    ['a balayage on Thursday the 14th of June at half eleven', null, null],
    // The policy is the owner's "Things callers should know", read with salon-info; without any, it is not guessed at.
    ['Would I be charged if I had to cancel?', 'salon-info', {}],
    ['Can I speak to a real person?', 'transfer', {}],
    ['Can I book something?', null, null],
    ['blue', null, null],
  ] as const)('"%s" → %s', async (text, tool, input) => {
    await turn(await opened(), text);
    expect(calls.map((call) => call.tool)).toEqual(tool ? [tool] : []);
    if (input) expect(calls[0]!.input).toEqual(input);
  });
});

describe('conversations over several turns', () => {
  it('greets with the AI disclosure, quotes a price, and books a test booking once name, phone and a yes are in', async () => {
    const started = await startConversation(deps, { salonId: 'sal_1', test: true });
    expect(started.say).toMatch(/^Hi, thanks for calling Bláth Hair! .*AI/);
    const id = started.conversationId;
    expect((await turn(id, 'How much is a balayage?')).say).toBe('Balayage is 180 euro and takes about three hours. Would you like to book it?');
    expect((await turn(id, 'Yes, Friday at 11 if you can')).say).toMatch(/is free/);
    expect((await turn(id, 'That suits, yes')).say).toBe('Lovely. Can I take your name?');
    expect((await turn(id, "It's Niamh Byrne")).say).toMatch(/best number/);
    expect((await turn(id, '087 765 4321')).say).toBe(
      "So that's a Balayage on Friday the 7th of June at eleven o'clock with Aoife, for Niamh Byrne on 087 765 4321. Shall I book it?",
    );
    expect(calls.map((call) => call.tool)).toEqual(['list-services', 'check-availability']);
    expect((await turn(id, 'Yes please')).say).toBe('book done. Is there anything else I can help with?');
    expect(calls.at(-1)).toEqual({
      tool: 'book',
      input: { service: 'Balayage', stylist: 'Aoife', start: SLOT.start, callerName: 'Niamh Byrne', callerPhone: '087 765 4321' },
      test: true,
      idempotencyKey: `${id}:book`,
    });
    expect(await turn(id, "No thanks, that's all")).toEqual({ say: 'Thanks for calling, bye now!', ended: true });
    await expect(turn(id, 'hello?')).rejects.toThrow('That call has ended.');
  });

  it('takes a message with the name and number, and puts the caller through only when asked for a person', async () => {
    const message = await opened(false);
    await turn(message, 'Can I leave a message for the owner?');
    await turn(message, 'Mary Murphy');
    await turn(message, '0861234567');
    await turn(message, 'Please ring me about a wedding trial');
    expect(calls.map((call) => call.tool)).toEqual(['take-message']);
    expect(calls.at(-1)).toEqual({
      tool: 'take-message',
      input: { callerName: 'Mary Murphy', callerPhone: '0861234567', message: 'Please ring me about a wedding trial' },
      test: false,
      idempotencyKey: undefined,
    });

    expect(await turn(await opened(), 'Put me through to someone please')).toEqual({
      say: "I'll put you through now.",
      ended: true,
      transferTo: '+35312345678',
    });
  });

  it('cancels only after reading the booking back and hearing a clear yes; a no or a hedge cancels nothing', async () => {
    const cancel = await opened();
    expect((await turn(cancel, 'I need to cancel my appointment')).say).toBe('Of course. What number is the booking under?');
    // No day asked: the tools find the caller's one booking under the number (or ask which of several).
    expect((await turn(cancel, '0861234567')).say).toBe("Just to be sure: you'd like me to cancel your booking under 0861234567. Shall I cancel it?");
    expect((await turn(cancel, 'Yeah, actually hang on')).say).toMatch(/^Sorry, is that a yes\?/);
    expect(calls).toEqual([]);
    await turn(cancel, 'yes');
    expect(calls).toEqual([{ tool: 'cancel', input: { callerPhone: '0861234567' }, test: true, idempotencyKey: undefined }]);

    const friday = await opened();
    await turn(friday, "Cancel my Friday appointment, I'm away that weekend");
    expect((await turn(friday, '0861234567')).say).toBe(
      "Just to be sure: you'd like me to cancel your booking on Friday the 7th of June, under 0861234567. Shall I cancel it?",
    );
    await turn(friday, 'yes');
    expect(calls.at(-1)).toMatchObject({ tool: 'cancel', input: { callerPhone: '0861234567', date: '2030-06-07' } });

    const kept = await opened();
    await turn(kept, 'Cancel my Friday appointment');
    await turn(kept, '0861234567');
    expect((await turn(kept, 'no, leave it')).say).toMatch(/^No problem, I haven't cancelled anything/);
    expect(calls.map((call) => call.tool)).toEqual(['cancel', 'cancel']);
  });

  it('moves a booking with reschedule after a read-back, never with a second booking', async () => {
    const move = await opened();
    await turn(move, 'Can I move my Friday appointment to Saturday?');
    await turn(move, '0861234567');
    expect((await turn(move, "10 o'clock")).say).toBe(
      "So I'll move your booking on Friday the 7th of June, under 0861234567 to Saturday the 8th of June at ten o'clock. Shall I do that?",
    );
    await turn(move, 'yes');
    expect(calls.map((call) => call.tool)).toEqual(['reschedule']);
    expect(calls[0]!.input).toEqual({ callerPhone: '0861234567', date: '2030-06-07', newStart: '2030-06-08T10:00' });
  });
});

describe('never the same question three times (issue 41)', () => {
  it('asks it another way the second time, and offers a message rather than a third', async () => {
    const id = await opened();
    expect((await turn(id, 'a balayage please')).say).toBe('What day would suit you for a Balayage?');
    expect((await turn(id, 'yes')).say).toBe("Sorry, I didn't quite catch that. What day would suit you for a Balayage?");
    expect((await turn(id, 'yes')).say).toBe(
      "I'm sorry, I'm not getting this right. I can take a message and someone from the salon will ring you back. Would you like that?",
    );
    expect((await turn(id, 'yes please')).say).toBe('Of course. Can I take your name?');
    expect(calls).toEqual([]);
  });
});

describe('stopping a booking half made', () => {
  it('"cancel that" while booking books nothing and cancels nothing; "hmm" is no name', async () => {
    const id = await opened();
    await turn(id, 'a balayage on Friday at 11');
    expect((await turn(id, 'hmm')).say).toBe('Which of those times would suit you?');
    expect((await turn(id, 'actually cancel that, I changed my mind')).say).toBe("No problem, I won't book anything. Is there anything else I can help with?");
    expect(calls.map((call) => call.tool)).toEqual(['check-availability']);
  });
});

describe('held-out round 2 (issue 41)', () => {
  it('a caller going for now is let go, though "grand" opened it: nothing is booked', async () => {
    const id = await opened();
    await turn(id, 'a balayage on Friday at 11');
    expect(await turn(id, "Grand, I'll check with work and ring back, bye")).toEqual({ say: 'Thanks for calling, bye now!', ended: true });
    expect(calls.map((call) => call.tool)).toEqual(['check-availability']);
  });

  it('"the gents cut" picks that one of the bookings offered to cancel, no new booking', async () => {
    const id = await opened();
    await turn(id, "I need to cancel an appointment, I'm not well");
    await turn(id, '0861234567');
    const bookings = [
      { id: 'bk_1', start: '2030-06-04T10:00', spoken: "on Tuesday at ten o'clock", service: 'Balayage' },
      { id: 'bk_2', start: '2030-06-06T15:00', spoken: "on Thursday at three o'clock", service: 'Cut and blow-dry' },
    ];
    answers.set('cancel', { ok: false, code: 'which_booking', say: 'You have a few bookings. Which one do you mean?', bookings });
    await turn(id, 'yes');
    answers.clear();
    expect((await turn(id, 'the cut and blow-dry')).say).toMatch(/Shall I cancel it\?$/);
    await turn(id, 'yes');
    expect(calls.at(-1)).toMatchObject({ tool: 'cancel', input: { callerPhone: '0861234567', bookingId: 'bk_2' } });
  });

  it('today\'s weekday answered "today, it\'s for a do tonight" keeps the time asked for', async () => {
    const id = await opened(); // the clock is on Monday 3 June 2030, nine in the morning
    expect((await turn(id, 'Can you do a balayage Monday at 2?')).say).toMatch(/^Today, or next Monday/);
    await turn(id, "today, it's for a do tonight");
    expect(calls.at(-1)).toMatchObject({ tool: 'check-availability', input: { service: 'Balayage', date: '2030-06-03', time: '14:00' } });
    expect(calls.at(-1)!.input).not.toHaveProperty('partOfDay');
  });
});
