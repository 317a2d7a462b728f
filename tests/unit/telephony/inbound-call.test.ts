import { describe, expect, it, vi } from 'vitest';
import {
  stageUrl,
  AGENT_TIMEOUT_MS,
  TEST_CALL_UNAVAILABLE,
  answerInboundCall as answerWithScript,
  callVariables,
  type InboundAnswer,
  type InboundCallDeps,
  type RegisterCallAttempt,
} from '../../../functions/core/telephony/inbound-call.js';
import { CALL_VARIABLES } from '../../../functions/core/voice-agent/call-variables.js';
import type { RegisterCallInput } from '../../../functions/core/ports/voice-agent.js';
import { identityForSalon, salonIdForIdentity } from '../../../functions/core/telephony/client-identity.js';
import { callerLines, type CallScript } from '../../../functions/core/telephony/call-script.js';
import { renderTwiml } from '../../../functions/providers/twilio-twiml.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import type { StoredSetup } from '../../../functions/core/ports/setup-store.js';
import type { Dialling } from '../../../functions/core/ports/dialling-store.js';
import type { PhoneNumberRecord } from '../../../functions/core/ports/number-store.js';
import type { CallRecord } from '../../../functions/core/ports/call-types.js';
import type { Readiness } from '../../../functions/contracts/go-live.js';
import { DEFAULT_HOURS } from '../../../functions/contracts/setup.js';

const OUR_NUMBER = '+35315550000';
const SALON_PHONE = '+35312345678';
const ESCALATION = '+353877654321';
const CALLER = '+353861112222';
const CALL_SID = `CA${'a'.repeat(32)}`;
const WEBHOOK = 'https://api.example.ie/api/twilio/voice';
const AGENT_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://agent.example/ws"/></Connect></Response>';

function salonWith(overrides: Partial<Salon> = {}): Salon {
  return {
    id: 'sal_abcdefghij-KLMN_opqrst',
    ownerId: 'owner-1',
    name: 'Bláth Hair',
    phone: SALON_PHONE,
    ownerEmail: null,
    assignedNumber: OUR_NUMBER,
    createdAt: '2026-11-20T09:00:00.000Z',
    business: null,
    hours: null,
    liveAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

function setupWith(
  voice: Partial<NonNullable<StoredSetup['voice']>> = {},
  phone: Partial<Pick<StoredSetup, 'phoneOption' | 'forwardNumber' | 'forwardWhen'>> = {},
): StoredSetup {
  return {
    exists: true,
    currentStep: 3,
    phoneOption: 'new',
    forwardNumber: '',
    forwardWhen: 'unanswered',
    stylists: [],
    services: [],
    mappings: {},
    voice: {
      selectedVoice: 'niamh',
      selectedLanguage: 'en',
      firstMessage: 'Hi',
      agentPhone: '',
      escalationPhone: ESCALATION,
      ringSalonFirstSeconds: 0,
      textMissedCallers: false,
      ...voice,
    },
    ...phone,
  };
}

/** The salon's line forwards every call (or its unanswered ones) to our number. */
const FORWARDED = { phoneOption: 'forward', forwardNumber: SALON_PHONE } as const;

interface World {
  salon?: Salon;
  setup?: StoredSetup;
  agentId?: string | null;
  /** Whether calls may reach the agent, and the state (go-live's rule); default: live means yes. */
  readiness?: Pick<Readiness, 'live' | 'state'>;
  registerCall?: (input: RegisterCallInput) => Promise<string>;
  dialling?: Dialling[];
  number?: PhoneNumberRecord;
  /** Salons known by id (the former holder of a released number, say). */
  others?: Salon[];
  /** The person who picked up the phone we rang pressed the whisper's key (whisper.ts). */
  taken?: boolean;
}

function world(options: World = {}) {
  const salon = options.salon ?? salonWith();
  const registered: RegisterCallInput[] = [];
  const failures: unknown[] = [];
  const attempts: RegisterCallAttempt[] = [];
  const salons = [salon, ...(options.others ?? [])];
  const deps: InboundCallDeps = {
    numbers: {
      get: async (number) =>
        options.number?.phoneNumber === number
          ? options.number
          : number === salon.assignedNumber
            ? { phoneNumber: number, state: 'assigned', salonId: salon.id, since: '', until: null, former: null }
            : null,
    },
    salons: { get: async (id) => salons.find((known) => known.id === id) ?? null },
    setup: { load: async () => options.setup ?? setupWith() },
    dialling: { active: async () => options.dialling ?? [] },
    calls: { get: async (salonId, callSid) => (callSid === CALL_SID ? ({ salonId, callSid, salonAnswered: options.taken === true } as CallRecord) : null) },
    agentId: async () => (options.agentId === undefined ? 'agent_123' : options.agentId),
    registerCall: async (input) => {
      registered.push(input);
      return options.registerCall ? options.registerCall(input) : AGENT_TWIML;
    },
    readiness: (s) => options.readiness ?? (s.liveAt ? { live: true, state: 'live' } : { live: false, state: 'ready' }),
    now: () => new Date('2026-11-22T10:00:00.000Z'),
    onAgentFailure: (error) => failures.push(error),
    onRegisterCall: (attempt) => attempts.push(attempt),
  };
  return { deps, salon, registered, failures, attempts };
}

type Rendered<T> = T extends { script: CallScript } ? Omit<T, 'script'> & { twiml: string } : T;

/** The answer as Twilio gets it: core's call script rendered as TwiML (functions/providers/twilio-twiml.ts). */
async function answerInboundCall(...args: Parameters<typeof answerWithScript>): Promise<Rendered<InboundAnswer>> {
  const answer = await answerWithScript(...args);
  if (!('script' in answer)) return answer;
  const { script, ...rest } = answer;
  return { ...rest, twiml: renderTwiml(script) } as Rendered<InboundAnswer>;
}

const inbound = (overrides: Partial<Parameters<typeof answerInboundCall>[1]> = {}) => ({ callSid: CALL_SID, from: CALLER, to: OUR_NUMBER, ...overrides });

/** What message mode asks and says, out of its TwiML (RELIABILITY 53: never a bare goodbye). */
function messageMode(twiml: string) {
  const gather =
    /<Gather input="speech" action="([^"]+)" method="POST" language="en-IE" speechTimeout="auto" timeout="6" maxSpeechTime="60"><Say voice="Polly.Niamh-Neural" language="en-IE">([^<]+)<\/Say><\/Gather><Say voice="Polly.Niamh-Neural" language="en-IE">([^<]+)<\/Say><Hangup\/>/.exec(
      twiml,
    );
  if (!gather) throw new Error(`not message mode: ${twiml}`);
  return { action: gather[1]!.replaceAll('&amp;', '&'), prompt: gather[2]!.replaceAll('&apos;', "'"), nothingSaid: gather[3]!.replaceAll('&apos;', "'") };
}

describe('an inbound call to an assigned number', () => {
  it("reaches a live salon's agent, with the caller's number and the call SID as dynamic variables", async () => {
    const { deps, registered } = world();
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toEqual({ outcome: 'agent', twiml: AGENT_TWIML, salonId: 'sal_abcdefghij-KLMN_opqrst', test: false, forwardingSeen: false });
    expect(registered).toEqual([
      {
        agentId: 'agent_123',
        from: CALLER,
        to: OUR_NUMBER,
        callSid: CALL_SID,
        dynamicVariables: {
          salon_id: 'sal_abcdefghij-KLMN_opqrst',
          today: 'Sunday 22 November 2026 (2026-11-22)',
          caller_phone: CALLER,
          call_sid: CALL_SID,
          test_call: 'false',
        },
      },
    ]);
  });

  it('is forwarded to the escalation number when the salon is not live, without touching the agent', async () => {
    const { deps, registered } = world({ salon: salonWith({ liveAt: null }) });
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'forwarded', to: ESCALATION, reason: 'not-live' });
    expect(answer.outcome === 'forwarded' && answer.twiml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" callerId="${OUR_NUMBER}" action="${WEBHOOK}?stage=after-forward" method="POST"><Number url="${WEBHOOK}?stage=whisper&amp;salon=sal_abcdefghij-KLMN_opqrst&amp;call=${CALL_SID}" method="POST">${ESCALATION}</Number></Dial></Response>`,
    );
    expect(registered).toEqual([]);
  });

  it('after forwarding, hangs up when a person took the call, and otherwise asks the caller for a message', async () => {
    const taken = world({ salon: salonWith({ liveAt: null, hours: DEFAULT_HOURS }), taken: true });
    const picked = await answerInboundCall(taken.deps, inbound({ afterForward: { dialCallStatus: 'completed' } }), {
      webhookUrl: `${WEBHOOK}?stage=after-forward`,
    });
    expect(picked).toMatchObject({ outcome: 'salon-answered', twiml: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>' });
    const { deps, registered } = world({ salon: salonWith({ liveAt: null, hours: DEFAULT_HOURS }) });
    // A voicemail completes the <Dial> too, but presses no key: the caller is not left in it.
    expect(
      await answerInboundCall(deps, inbound({ afterForward: { dialCallStatus: 'completed' } }), { webhookUrl: `${WEBHOOK}?stage=after-forward` }),
    ).toMatchObject({ outcome: 'message-mode', reason: 'not-answered' });
    for (const dialCallStatus of ['no-answer', 'busy', 'failed', 'canceled', '']) {
      const missed = await answerInboundCall(deps, inbound({ afterForward: { dialCallStatus } }), { webhookUrl: `${WEBHOOK}?stage=after-forward` });
      expect(missed).toMatchObject({ outcome: 'message-mode', reason: 'not-answered' });
      const spoken = messageMode(missed.outcome === 'message-mode' ? missed.twiml : '');
      expect(spoken.prompt).toBe(
        "Hello, you've reached Bláth Hair. Nobody's free to take your call just now. If you'd like to leave a message, please say your name, your number and your message now, and the salon will get back to you.",
      );
      expect(spoken.action).toBe(`${WEBHOOK}?stage=message`);
      // Saying nothing still leaves the caller knowing when the salon is open and how to book.
      expect(spoken.nothingSaid).toBe(
        "Thanks for calling Bláth Hair. We're open Monday to Friday nine to six and Saturday nine to five, and closed on Sunday. To book, please ring 0 1, 2 3 4, 5 6 7 8, or call this number again later. Goodbye.",
      );
    }
    expect(registered).toEqual([]);
  });

  it('takes messages while paused, naming the day the salon is back, and rings nobody', async () => {
    const back = world({ salon: salonWith({ pausedUntil: '2026-11-25T00:00:00.000Z' }), readiness: { live: false, state: 'paused' } });
    const answer = await answerInboundCall(back.deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'message-mode', reason: 'paused' });
    expect(messageMode(answer.outcome === 'message-mode' ? answer.twiml : '').prompt).toContain('The salon is closed, and back on Wednesday the 25th.');
    const open = world({ salon: salonWith(), readiness: { live: false, state: 'paused' } });
    const untilSwitchedOn = await answerInboundCall(open.deps, inbound(), { webhookUrl: WEBHOOK });
    expect(messageMode(untilSwitchedOn.outcome === 'message-mode' ? untilSwitchedOn.twiml : '').prompt).toContain("The salon isn't taking calls just now.");
    expect([...back.registered, ...open.registered]).toEqual([]);
  });

  it('is forwarded to a person when live but the trial or plan is over, and takes a message when there is nobody to ring', async () => {
    const { deps } = world({ readiness: { live: false, state: 'not-ready' } });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: ESCALATION, reason: 'not-live' });
    const alone = world({ readiness: { live: false, state: 'not-ready' }, salon: salonWith({ phone: null }), setup: setupWith({ escalationPhone: '' }) });
    expect(await answerInboundCall(alone.deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'message-mode', reason: 'not-live' });
  });

  it("falls back to the salon's phone when there is no escalation number", async () => {
    const { deps } = world({ salon: salonWith({ liveAt: null }), setup: setupWith({ escalationPhone: '' }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: SALON_PHONE });
  });

  it('never dials back the number the salon forwards to us, nor a number that looped before: the caller leaves a message instead', async () => {
    const { deps } = world({ salon: salonWith({ liveAt: null }), setup: setupWith({ escalationPhone: '' }, FORWARDED) });
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'message-mode', reason: 'not-live' });
    // Nor is the forwarded line offered as the number to ring.
    expect(messageMode(answer.outcome === 'message-mode' ? answer.twiml : '').nothingSaid).toBe(
      'Thanks for calling Bláth Hair. To book, please call again later. Goodbye.',
    );
    const learned = world({ salon: salonWith({ liveAt: null, loopingNumbers: [ESCALATION] }), setup: setupWith({}, FORWARDED) });
    expect(await answerInboundCall(learned.deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'message-mode', reason: 'not-live' });
  });

  it('a call the salon forwarded to us reaches the agent like any other, and shows the forwarding working', async () => {
    const { deps } = world({ setup: setupWith({}, FORWARDED) });
    expect(await answerInboundCall(deps, inbound({ forwardedFrom: SALON_PHONE }), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'agent',
      forwardingSeen: true,
    });
    // Without the carrier naming the line, a call proves nothing until the owner is checking.
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent', forwardingSeen: false });
    const checking = world({
      setup: setupWith({}, FORWARDED),
      salon: salonWith({ forwarding: { checkStartedAt: '2026-11-22T09:59:00.000Z', seenAt: null, seenFrom: null, forwardedFrom: false } }),
    });
    expect(await answerInboundCall(checking.deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent', forwardingSeen: true });
    // A call long after the check started proves nothing about the line.
    const stale = world({
      setup: setupWith({}, FORWARDED),
      salon: salonWith({ forwarding: { checkStartedAt: '2026-11-22T09:30:00.000Z', seenAt: null, seenFrom: null, forwardedFrom: false } }),
    });
    expect(await answerInboundCall(stale.deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent', forwardingSeen: false });
  });

  it('an unassigned number hears a short polite message and the call ends', async () => {
    const { deps, registered } = world();
    const answer = await answerInboundCall(deps, inbound({ to: '+35315559999' }), { webhookUrl: WEBHOOK });
    expect(answer.outcome).toBe('unassigned');
    expect(answer.outcome === 'unassigned' && answer.twiml).toContain(`>${callerLines.unassigned}</Say>`);
    expect(answer.outcome === 'unassigned' && answer.twiml).toContain('<Hangup/>');
    expect(registered).toEqual([]);
  });

  it('is forwarded, never dropped, when the agent provider fails', async () => {
    const { deps, failures } = world({ registerCall: async () => Promise.reject(new Error('ElevenLabs answered 503')) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'forwarded',
      to: ESCALATION,
      reason: 'agent-unavailable',
    });
    expect(failures).toHaveLength(1);
    const nobody = world({
      registerCall: async () => Promise.reject(new Error('ElevenLabs answered 503')),
      salon: salonWith({ phone: null }),
      setup: setupWith({ escalationPhone: '' }),
    });
    const answer = await answerInboundCall(nobody.deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'message-mode', reason: 'agent-unavailable' });
    expect(messageMode(answer.outcome === 'message-mode' ? answer.twiml : '').prompt).toContain('All our lines are busy just now.');
  });

  it('is forwarded when the salon has no agent yet', async () => {
    const { deps, attempts } = world({ agentId: null });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', reason: 'agent-unavailable' });
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['failed']);
  });

  it('reports every register-call attempt with how long the caller waited: answered, refused, over its budget', async () => {
    vi.useFakeTimers();
    try {
      const slowly = (ms: number, result: () => Promise<string>) => () =>
        new Promise<string>((resolve, reject) => setTimeout(() => void result().then(resolve, reject), ms));
      const cases = [
        { registerCall: slowly(1_999, async () => AGENT_TWIML), expected: { ms: 1_999, outcome: 'answered' } },
        { registerCall: slowly(300, () => Promise.reject(new Error('ElevenLabs refused the call: 429'))), expected: { ms: 300, outcome: 'failed' } },
        { registerCall: slowly(10_000, async () => AGENT_TWIML), expected: { ms: AGENT_TIMEOUT_MS, outcome: 'over-budget' } },
      ] as const;
      for (const { registerCall, expected } of cases) {
        const { deps, attempts } = world({ registerCall });
        const answer = answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
        await vi.advanceTimersByTimeAsync(AGENT_TIMEOUT_MS);
        await answer;
        expect(attempts).toEqual([expected]);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it(`is forwarded within ${AGENT_TIMEOUT_MS} ms when the agent provider is slow`, async () => {
    vi.useFakeTimers();
    try {
      const { deps } = world({ registerCall: () => new Promise((resolve) => setTimeout(() => resolve(AGENT_TWIML), 10_000)) });
      let answer: Awaited<ReturnType<typeof answerInboundCall>> | undefined;
      void answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK }).then((settled) => (answer = settled));
      await vi.advanceTimersByTimeAsync(AGENT_TIMEOUT_MS - 1);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toMatchObject({ outcome: 'forwarded', reason: 'agent-unavailable' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a repeated webhook the same way (a pure read)', async () => {
    const { deps } = world();
    const first = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toEqual(first);
  });
});

describe('our own call coming back (a forwarding loop)', () => {
  const ringing = (caller: string | null): Dialling => ({ callSid: `CA${'b'.repeat(32)}`, to: ESCALATION, caller, expiresAt: '2026-11-22T10:01:00.000Z' });

  it('is refused when it arrives through the line we are ringing, or from the caller we are ringing it for', async () => {
    const { deps } = world({ dialling: [ringing(CALLER)] });
    const named = await answerInboundCall(deps, inbound({ callSid: `CA${'c'.repeat(32)}`, forwardedFrom: ESCALATION }), { webhookUrl: WEBHOOK });
    expect(named).toEqual({
      outcome: 'loop-refused',
      twiml: '<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="busy"/></Response>',
      salonId: 'sal_abcdefghij-KLMN_opqrst',
      through: ESCALATION,
    });
    expect(await answerInboundCall(deps, inbound({ callSid: `CA${'c'.repeat(32)}` }), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'loop-refused',
      through: ESCALATION,
    });
    // Presenting the salon's own number (our leg's caller ID) gives it away too.
    expect(await answerInboundCall(world({ dialling: [ringing(null)] }).deps, inbound({ from: OUR_NUMBER }), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'loop-refused',
    });
  });

  it("lets through another caller, a call forwarded from another line, and our own call's next webhook, while we ring", async () => {
    const { deps } = world({ dialling: [ringing(CALLER)] });
    expect(
      await answerInboundCall(deps, inbound({ callSid: `CA${'b'.repeat(32)}`, afterSalon: { dialCallStatus: 'no-answer' } }), { webhookUrl: WEBHOOK }),
    ).toMatchObject({ outcome: 'agent' });
    expect(await answerInboundCall(deps, inbound({ from: '+353879990000' }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent' });
    expect(await answerInboundCall(deps, inbound({ forwardedFrom: SALON_PHONE }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent' });
  });
});

describe('a number in its 30 days after release', () => {
  const released = (former: PhoneNumberRecord['former']): PhoneNumberRecord => ({
    phoneNumber: '+35315551111',
    state: 'quarantined',
    salonId: null,
    since: '',
    until: '2026-12-20T00:00:00.000Z',
    former,
  });

  it('takes a message for the salon it was, and gives its new number', async () => {
    const { deps, salon } = world({ number: released({ salonId: 'sal_abcdefghij-KLMN_opqrst', name: 'Bláth Hair', phone: null }) });
    const answer = await answerInboundCall(deps, inbound({ to: '+35315551111' }), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'message-mode', reason: 'number-moved', salonId: salon.id });
    expect(messageMode(answer.outcome === 'message-mode' ? answer.twiml : '').prompt).toContain(
      'This is an old number for Bláth Hair. You can also ring them on 0 1, 5 5 5, 0 0 0 0.',
    );
  });

  it('names a salon that is gone and the phone it gave, then ends', async () => {
    const { deps } = world({ number: released({ salonId: 'sal_gone-salon-000000', name: 'Cúl Hair', phone: '+353915623456' }) });
    const answer = await answerInboundCall(deps, inbound({ to: '+35315551111' }), { webhookUrl: WEBHOOK });
    expect(answer.outcome).toBe('former-number');
    expect(answer.outcome === 'former-number' && answer.twiml).toContain(
      "You've reached an old number for Cúl Hair. They no longer take calls on this number. You can ring them on 0 9 1, 5 6 2, 3 4 5 6. Goodbye.",
    );
  });
});

describe('the per-call variables', () => {
  it("give every variable the agent's prompt and tools refer to, today in Dublin", () => {
    const variables = callVariables('sal_1', inbound(), false, new Date('2026-07-04T23:30:00.000Z'));
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(Object.values(CALL_VARIABLES)));
    // 23:30 UTC on a Saturday in July is already Sunday 00:30 in Dublin (Irish Standard Time).
    expect(variables.today).toBe('Sunday 5 July 2026 (2026-07-05)');
  });
});

describe("ringing the salon's own phone first", () => {
  const setup = setupWith({ ringSalonFirstSeconds: 15 });

  it('rings the salon for N seconds and asks Twilio to come back to the same webhook', async () => {
    const { deps, registered } = world({ setup });
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'ring-salon-first', to: SALON_PHONE });
    expect(answer.outcome === 'ring-salon-first' && answer.twiml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" timeout="15" callerId="${OUR_NUMBER}" action="${WEBHOOK}?stage=after-salon" method="POST"><Number url="${WEBHOOK}?stage=whisper&amp;salon=sal_abcdefghij-KLMN_opqrst&amp;call=${CALL_SID}" method="POST">${SALON_PHONE}</Number></Dial></Response>`,
    );
    expect(registered).toEqual([]);
  });

  it('then the agent answers when nobody picked up', async () => {
    const { deps } = world({ setup });
    for (const dialCallStatus of ['no-answer', 'busy', 'failed', 'canceled']) {
      expect(await answerInboundCall(deps, inbound({ afterSalon: { dialCallStatus } }), { webhookUrl: `${WEBHOOK}?stage=after-salon` })).toMatchObject({
        outcome: 'agent',
      });
    }
  });

  it("and the agent answers when the salon's voicemail picked up: it completes the <Dial> but presses no key", async () => {
    const { deps } = world({ setup });
    expect(
      await answerInboundCall(deps, inbound({ afterSalon: { dialCallStatus: 'completed' } }), { webhookUrl: `${WEBHOOK}?stage=after-salon` }),
    ).toMatchObject({ outcome: 'agent' });
  });

  it('and hangs up once staff took the call and it is over', async () => {
    const { deps, registered } = world({ setup, taken: true });
    const answer = await answerInboundCall(deps, inbound({ afterSalon: { dialCallStatus: 'completed' } }), { webhookUrl: WEBHOOK });
    expect(answer).toEqual({
      outcome: 'salon-answered',
      twiml: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
      salonId: 'sal_abcdefghij-KLMN_opqrst',
    });
    expect(registered).toEqual([]);
  });

  it('does not ring a salon that is not live: the call is forwarded instead', async () => {
    const { deps } = world({ setup, salon: salonWith({ liveAt: null }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: ESCALATION });
  });

  it("is the salon's own ringing when only unanswered calls are forwarded to us, so it never rings again", async () => {
    const { deps } = world({ setup: setupWith({ ringSalonFirstSeconds: 15 }, { ...FORWARDED, forwardWhen: 'unanswered' }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent' });
  });

  it('rings the put-through number instead when every call is forwarded to us, never the salon line', async () => {
    const { deps } = world({ setup: setupWith({ ringSalonFirstSeconds: 15 }, { ...FORWARDED, forwardWhen: 'all' }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'ring-salon-first', to: ESCALATION, seconds: 15 });
    const without = world({ setup: setupWith({ ringSalonFirstSeconds: 15, escalationPhone: '' }, { ...FORWARDED, forwardWhen: 'all' }) });
    expect(await answerInboundCall(without.deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent' });
  });

  it('builds the action URL from the webhook URL whatever query it had', () => {
    expect(stageUrl(`${WEBHOOK}?stage=after-salon`, 'after-salon')).toBe(`${WEBHOOK}?stage=after-salon`);
    expect(stageUrl(`${WEBHOOK}?stage=after-salon`, 'after-forward')).toBe(`${WEBHOOK}?stage=after-forward`);
    expect(stageUrl('http://localhost:3000/api/twilio/voice', 'after-salon')).toBe('http://localhost:3000/api/twilio/voice?stage=after-salon');
  });
});

describe('the browser test call (From client:<identity>)', () => {
  const salon = salonWith({ liveAt: null, assignedNumber: null });
  const client = `client:${identityForSalon(salon.id)}`;

  it("reaches the salon's agent as a test call, live or not", async () => {
    const { deps, registered } = world({ salon });
    const answer = await answerInboundCall(deps, inbound({ from: client, to: '', salonId: salon.id }), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'agent', test: true, salonId: salon.id });
    expect(registered[0]!.dynamicVariables).toMatchObject({ salon_id: salon.id, caller_phone: '', call_sid: CALL_SID, test_call: 'true' });
    // register-call takes phone numbers: the browser leg's client identity and empty To are never sent.
    expect(registered[0]).toMatchObject({ from: SALON_PHONE, to: SALON_PHONE });
  });

  it("registers the browser leg as a call from the salon's phone to its number; without either, nobody answers", async () => {
    const numbered = salonWith({ liveAt: null });
    const withNumber = world({ salon: numbered });
    await answerInboundCall(withNumber.deps, inbound({ from: `client:${identityForSalon(numbered.id)}`, to: '', salonId: numbered.id }), {
      webhookUrl: WEBHOOK,
    });
    expect(withNumber.registered[0]).toMatchObject({ from: SALON_PHONE, to: OUR_NUMBER });

    const bare = world({ salon: salonWith({ liveAt: null, assignedNumber: null, phone: null }) });
    expect(await answerInboundCall(bare.deps, inbound({ from: client, to: '', salonId: salon.id }), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'test-unavailable',
      twiml: expect.stringContaining(TEST_CALL_UNAVAILABLE),
    });
    expect(bare.registered).toEqual([]);
  });

  it('ends with the transfer it made: the salon took it and hung up, or nobody (or a voicemail) answered; the agent is not rung again', async () => {
    const taken = world({ salon, taken: true });
    const after = (deps: InboundCallDeps, dialCallStatus: string) =>
      answerInboundCall(deps, inbound({ from: client, to: '', salonId: salon.id, afterForward: { dialCallStatus } }), { webhookUrl: WEBHOOK });
    expect(await after(taken.deps, 'completed')).toMatchObject({ outcome: 'salon-answered', twiml: expect.not.stringContaining('<Say>') });
    const { deps, registered } = world({ salon });
    expect(await after(deps, 'completed')).toMatchObject({ outcome: 'test-unavailable', twiml: expect.stringContaining(TEST_CALL_UNAVAILABLE) });
    expect(await after(deps, 'no-answer')).toMatchObject({ outcome: 'test-unavailable', twiml: expect.stringContaining(TEST_CALL_UNAVAILABLE) });
    expect([...registered, ...taken.registered]).toEqual([]);
  });

  it("refuses a salonId that is not the client's salon, and a made-up identity", async () => {
    const { deps, registered } = world({ salon });
    expect(await answerInboundCall(deps, inbound({ from: client, salonId: 'sal_someone-elses-salon' }), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'refused',
    });
    expect(await answerInboundCall(deps, inbound({ from: client }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'refused' });
    expect(await answerInboundCall(deps, inbound({ from: 'client:admin', salonId: salon.id }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'refused' });
    const other = `client:${identityForSalon('sal_someone-elses-salon')}`;
    expect(await answerInboundCall(deps, inbound({ from: other, salonId: 'sal_someone-elses-salon' }), { webhookUrl: WEBHOOK })).toMatchObject({
      outcome: 'refused',
    });
    expect(registered).toEqual([]);
  });

  it('derives identities of [A-Za-z0-9_] only, one per salon, and back', () => {
    for (const id of [salon.id, 'sal_a-b', 'sal_a_b', 'sal_A-b']) {
      expect(identityForSalon(id)).toMatch(/^[A-Za-z0-9_]+$/);
      expect(salonIdForIdentity(identityForSalon(id))).toBe(id);
    }
    expect(identityForSalon('sal_a-b')).not.toBe(identityForSalon('sal_a_b'));
    expect(salonIdForIdentity('salon_xyz')).toBeNull();
    expect(salonIdForIdentity('owner_616263')).toBeNull();
  });
});
