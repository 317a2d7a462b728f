import { describe, expect, it } from 'vitest';
import { testCallLimits } from '../../../functions/contracts/receptionist.js';
import { clientToken, endTestCall, type TestCallDeps } from '../../../functions/core/telephony/test-call.js';
import { identityForSalon } from '../../../functions/core/telephony/client-identity.js';
import { createSandboxTelephony } from '../../../local/sandboxes/sandbox-telephony.js';
import { createTwilioTelephony } from '../../../functions/providers/twilio-telephony.js';
import type { TelephonyPort } from '../../../functions/core/ports/telephony.js';

/** The owner's test-call operations over in-memory stores: the agent made before a real test call, forged salons refused. */
const SALON = 'sal_testcall-0000000001';
const twilio = () =>
  createTwilioTelephony({
    accountSid: `AC${'1'.repeat(32)}`,
    authToken: 't',
    apiKeySid: `SK${'2'.repeat(32)}`,
    apiKeySecret: 's',
    twimlAppSid: `AP${'3'.repeat(32)}`,
    apiRoot: 'http://127.0.0.1:9',
  });

function world(telephony: TelephonyPort, agent: { agentId: string } | null, testMinutesUsed = 0) {
  const made: string[] = [];
  const deps = {
    salons: { get: async (id: string) => (id === SALON ? { id, createdAt: '2026-11-20T09:00:00.000Z', subscription: null } : null) },
    telephony,
    agents: { get: async () => agent },
    usage: { totals: async () => ({ minutes: 0, testMinutes: testMinutesUsed, calls: 0 }) },
    now: () => new Date('2026-11-23T10:00:00.000Z'),
  } as unknown as TestCallDeps;
  return { deps, made, ensureAgent: async (salonId: string) => made.push(salonId) };
}

describe('the test call token', () => {
  it('makes the agent first when a real test call comes before Go Live', async () => {
    const { deps, made, ensureAgent } = world(twilio(), null);
    expect(await clientToken(deps, SALON, ensureAgent)).toMatchObject({ identity: identityForSalon(SALON), sandbox: false });
    expect(made).toEqual([SALON]);
  });

  it('leaves an existing agent alone, and the sandbox never needs one', async () => {
    const real = world(twilio(), { agentId: 'agent_1' });
    await clientToken(real.deps, SALON, real.ensureAgent);
    expect(real.made).toEqual([]);
    const sandbox = world(createSandboxTelephony({}), null);
    expect(await clientToken(sandbox.deps, SALON, sandbox.ensureAgent)).toMatchObject({ sandbox: true });
    expect(sandbox.made).toEqual([]);
  });

  it('refuses a real test call once the free test minutes are used up, with a clear message (the sandbox call checks at its start)', async () => {
    const used = world(twilio(), { agentId: 'agent_1' }, 10);
    await expect(clientToken(used.deps, SALON, used.ensureAgent)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'test_minutes_used',
      message: testCallLimits.minutesUsed,
    });
    expect((await clientToken(world(twilio(), { agentId: 'agent_1' }, 9).deps, SALON, used.ensureAgent)).sandbox).toBe(false);
    const sandbox = world(createSandboxTelephony({}), null, 10);
    expect(await clientToken(sandbox.deps, SALON, sandbox.ensureAgent)).toMatchObject({ sandbox: true });
  });

  it('answers 404 for a salon that is gone', async () => {
    const { deps, ensureAgent } = world(twilio(), null);
    await expect(clientToken(deps, 'sal_gone-000000000', ensureAgent)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('ending the test call', () => {
  it("refuses another salon's id without asking Twilio anything", async () => {
    const asked: string[] = [];
    const telephony = { ...twilio(), endConference: async (callSid: string) => (asked.push(callSid), true) } as TelephonyPort;
    const { deps } = world(telephony, null);
    await expect(endTestCall(deps, SALON, { callSid: `CA${'a'.repeat(32)}`, salonId: 'sal_someone-else-00' })).rejects.toMatchObject({ kind: 'not_allowed' });
    expect(asked).toEqual([]);
  });

  it("answers 404 when the call is not this salon's client's, and 502 when Twilio cannot be reached", async () => {
    const notOurs = { ...twilio(), endConference: async () => false } as TelephonyPort;
    await expect(endTestCall(world(notOurs, null).deps, SALON, { callSid: `CA${'a'.repeat(32)}`, salonId: SALON })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(endTestCall(world(twilio(), null).deps, SALON, { callSid: `CA${'a'.repeat(32)}`, salonId: SALON })).rejects.toMatchObject({
      kind: 'provider_failed',
      code: 'telephony_failed',
    });
  });
});
