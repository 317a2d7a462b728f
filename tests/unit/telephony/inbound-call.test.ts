import { describe, expect, it, vi } from 'vitest';
import { stageUrl, AGENT_TIMEOUT_MS, answerInboundCall, callVariables, type InboundCallDeps } from '../../../functions/core/telephony/inbound-call.js';
import { CALL_VARIABLES } from '../../../functions/core/voice-agent/call-variables.js';
import type { RegisterCallInput } from '../../../functions/providers/voice-agent-port.js';
import { identityForSalon, salonIdForIdentity } from '../../../functions/core/telephony/client-identity.js';
import { callerLines } from '../../../functions/core/telephony/twiml.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import type { StoredSetup } from '../../../functions/store/setup-store.js';

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

function setupWith(voice: Partial<NonNullable<StoredSetup['voice']>> = {}, phone: Partial<Pick<StoredSetup, 'phoneOption' | 'forwardNumber'>> = {}): StoredSetup {
  return {
    exists: true,
    currentStep: 3,
    phoneOption: 'new',
    forwardNumber: '',
    stylists: [],
    services: [],
    mappings: {},
    voice: { selectedVoice: 'niamh', selectedLanguage: 'en', firstMessage: 'Hi', agentPhone: '', escalationPhone: ESCALATION, ringSalonFirstSeconds: 0, textMissedCallers: false, ...voice },
    ...phone,
  };
}

interface World {
  salon?: Salon;
  setup?: StoredSetup;
  agentId?: string | null;
  /** What calls may reach the agent (go-live's rule); default: live means yes. */
  answers?: boolean;
  registerCall?: (input: RegisterCallInput) => Promise<string>;
}

function world(options: World = {}) {
  const salon = options.salon ?? salonWith();
  const registered: RegisterCallInput[] = [];
  const failures: unknown[] = [];
  const deps: InboundCallDeps = {
    salons: {
      get: async (id) => (id === salon.id ? salon : null),
      salonForNumber: async (number) => (number === salon.assignedNumber ? salon.id : null),
    },
    setup: { load: async () => options.setup ?? setupWith() },
    agentId: async () => (options.agentId === undefined ? 'agent_123' : options.agentId),
    registerCall: async (input) => {
      registered.push(input);
      return options.registerCall ? options.registerCall(input) : AGENT_TWIML;
    },
    answersCalls: (s) => options.answers ?? Boolean(s.liveAt),
    now: () => new Date('2026-11-22T10:00:00.000Z'),
    onAgentFailure: (error) => failures.push(error),
  };
  return { deps, salon, registered, failures };
}

const inbound = (overrides: Partial<Parameters<typeof answerInboundCall>[1]> = {}) => ({ callSid: CALL_SID, from: CALLER, to: OUR_NUMBER, ...overrides });

describe('an inbound call to an assigned number', () => {
  it("reaches a live salon's agent, with the caller's number and the call SID as dynamic variables", async () => {
    const { deps, registered } = world();
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toEqual({ outcome: 'agent', twiml: AGENT_TWIML, salonId: 'sal_abcdefghij-KLMN_opqrst', test: false });
    expect(registered).toEqual([
      {
        agentId: 'agent_123',
        from: CALLER,
        to: OUR_NUMBER,
        callSid: CALL_SID,
        dynamicVariables: { salon_id: 'sal_abcdefghij-KLMN_opqrst', today: 'Sunday 22 November 2026 (2026-11-22)', caller_phone: CALLER, call_sid: CALL_SID, test_call: 'false' },
      },
    ]);
  });

  it('is forwarded to the escalation number when the salon is not live, without touching the agent', async () => {
    const { deps, registered } = world({ salon: salonWith({ liveAt: null }) });
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'forwarded', to: ESCALATION, reason: 'not-live' });
    expect(answer.outcome === 'forwarded' && answer.twiml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" action="${WEBHOOK}?stage=after-forward" method="POST">${ESCALATION}</Dial></Response>`,
    );
    expect(registered).toEqual([]);
  });

  it('after forwarding, hangs up when the salon picked up, and otherwise tells the caller nobody is free', async () => {
    const { deps, registered } = world({ salon: salonWith({ liveAt: null }) });
    const picked = await answerInboundCall(deps, inbound({ afterForward: { dialCallStatus: 'completed' } }), { webhookUrl: `${WEBHOOK}?stage=after-forward` });
    expect(picked).toMatchObject({ outcome: 'salon-answered', twiml: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>' });
    for (const dialCallStatus of ['no-answer', 'busy', 'failed', 'canceled', '']) {
      const missed = await answerInboundCall(deps, inbound({ afterForward: { dialCallStatus } }), { webhookUrl: `${WEBHOOK}?stage=after-forward` });
      expect(missed).toMatchObject({ outcome: 'nobody', reason: 'not-answered' });
      expect(missed.outcome === 'nobody' && missed.twiml).toContain(callerLines.nobodyAvailable);
    }
    expect(registered).toEqual([]);
  });

  it('is forwarded when live but without minutes left (paused, trial over)', async () => {
    const { deps } = world({ answers: false });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: ESCALATION, reason: 'not-live' });
  });

  it("falls back to the salon's phone when there is no escalation number", async () => {
    const { deps } = world({ salon: salonWith({ liveAt: null }), setup: setupWith({ escalationPhone: '' }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: SALON_PHONE });
  });

  it('never dials back the number the salon forwards to us (phoneOption forward), so a forwarded call cannot loop', async () => {
    const { deps } = world({ salon: salonWith({ liveAt: null }), setup: setupWith({ escalationPhone: '' }, { phoneOption: 'forward', forwardNumber: SALON_PHONE }) });
    const answer = await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK });
    expect(answer).toMatchObject({ outcome: 'nobody', reason: 'not-live' });
    expect(answer.outcome === 'nobody' && answer.twiml).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${callerLines.nobodyAvailable}</Say><Hangup/></Response>`);
  });

  it('a call the salon forwarded to us reaches the agent like any other (phoneOption forward)', async () => {
    const { deps } = world({ setup: setupWith({}, { phoneOption: 'forward', forwardNumber: SALON_PHONE }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent' });
  });

  it('an unassigned number hears a short polite message and the call ends', async () => {
    const { deps, registered } = world();
    const answer = await answerInboundCall(deps, inbound({ to: '+35315559999' }), { webhookUrl: WEBHOOK });
    expect(answer.outcome).toBe('unassigned');
    expect(answer.outcome === 'unassigned' && answer.twiml).toContain(`<Say>${callerLines.unassigned}</Say>`);
    expect(answer.outcome === 'unassigned' && answer.twiml).toContain('<Hangup/>');
    expect(registered).toEqual([]);
  });

  it('is forwarded, never dropped, when the agent provider fails', async () => {
    const { deps, failures } = world({ registerCall: async () => Promise.reject(new Error('ElevenLabs answered 503')) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: ESCALATION, reason: 'agent-unavailable' });
    expect(failures).toHaveLength(1);
  });

  it('is forwarded when the salon has no agent yet', async () => {
    const { deps } = world({ agentId: null });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', reason: 'agent-unavailable' });
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
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" timeout="15" action="${WEBHOOK}?stage=after-salon" method="POST">${SALON_PHONE}</Dial></Response>`,
    );
    expect(registered).toEqual([]);
  });

  it('then the agent answers when nobody picked up', async () => {
    const { deps } = world({ setup });
    for (const dialCallStatus of ['no-answer', 'busy', 'failed', 'canceled']) {
      expect(await answerInboundCall(deps, inbound({ afterSalon: { dialCallStatus } }), { webhookUrl: `${WEBHOOK}?stage=after-salon` })).toMatchObject({ outcome: 'agent' });
    }
  });

  it('and hangs up once staff answered and the call is over', async () => {
    const { deps, registered } = world({ setup });
    const answer = await answerInboundCall(deps, inbound({ afterSalon: { dialCallStatus: 'completed' } }), { webhookUrl: WEBHOOK });
    expect(answer).toEqual({ outcome: 'salon-answered', twiml: '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>', salonId: 'sal_abcdefghij-KLMN_opqrst' });
    expect(registered).toEqual([]);
  });

  it('does not ring a salon that is not live: the call is forwarded instead', async () => {
    const { deps } = world({ setup, salon: salonWith({ liveAt: null }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'forwarded', to: ESCALATION });
  });

  it('is skipped when the salon phone is the number forwarded to us', async () => {
    const { deps } = world({ setup: setupWith({ ringSalonFirstSeconds: 15 }, { phoneOption: 'forward', forwardNumber: SALON_PHONE }) });
    expect(await answerInboundCall(deps, inbound(), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'agent' });
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
    await answerInboundCall(withNumber.deps, inbound({ from: `client:${identityForSalon(numbered.id)}`, to: '', salonId: numbered.id }), { webhookUrl: WEBHOOK });
    expect(withNumber.registered[0]).toMatchObject({ from: SALON_PHONE, to: OUR_NUMBER });

    const bare = world({ salon: salonWith({ liveAt: null, assignedNumber: null, phone: null }) });
    expect(await answerInboundCall(bare.deps, inbound({ from: client, to: '', salonId: salon.id }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'nobody', reason: 'agent-unavailable' });
    expect(bare.registered).toEqual([]);
  });

  it('ends with the transfer it made: the salon answered and hung up, or nobody answered; the agent is not rung again', async () => {
    const { deps, registered } = world({ salon });
    const after = (dialCallStatus: string) => answerInboundCall(deps, inbound({ from: client, to: '', salonId: salon.id, afterForward: { dialCallStatus } }), { webhookUrl: WEBHOOK });
    expect(await after('completed')).toMatchObject({ outcome: 'salon-answered', twiml: expect.not.stringContaining('<Say>') });
    expect(await after('no-answer')).toMatchObject({ outcome: 'nobody', reason: 'not-answered', twiml: expect.stringContaining(callerLines.nobodyAvailable) });
    expect(registered).toEqual([]);
  });

  it("refuses a salonId that is not the client's salon, and a made-up identity", async () => {
    const { deps, registered } = world({ salon });
    expect(await answerInboundCall(deps, inbound({ from: client, salonId: 'sal_someone-elses-salon' }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'refused' });
    expect(await answerInboundCall(deps, inbound({ from: client }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'refused' });
    expect(await answerInboundCall(deps, inbound({ from: 'client:admin', salonId: salon.id }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'refused' });
    const other = `client:${identityForSalon('sal_someone-elses-salon')}`;
    expect(await answerInboundCall(deps, inbound({ from: other, salonId: 'sal_someone-elses-salon' }), { webhookUrl: WEBHOOK })).toMatchObject({ outcome: 'refused' });
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
