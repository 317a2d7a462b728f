import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salonForAuthorization } from '../../../functions/core/agent-secret.js';
import {
  AgentProvisioningError,
  provisionAgent,
  refreshAgentIfLive,
  removeAgent,
  rotateAgentSecret,
  type ProvisionDeps,
} from '../../../functions/core/voice-agent/provision.js';
import { setLogSink } from '../../../functions/logger.js';
import { createElevenLabsVoiceAgent } from '../../../functions/providers/elevenlabs-voice-agent.js';
import { createSandboxVoiceAgent } from '../../../local/sandboxes/sandbox-voice-agent.js';
import type { VoiceAgentPort } from '../../../functions/core/ports/voice-agent.js';
import { createAgentStore } from '../../../functions/store/agent-store.js';
import { createDeletedOwners } from '../../../functions/store/deleted-owners.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { createSetupStore } from '../../../functions/store/setup-store.js';
import { AGENT_TOOLS } from '../../../functions/contracts/agent-tools.js';
import { createNumberStore } from '../../../functions/store/number-store.js';
import { createSandboxTelephony } from '../../../local/sandboxes/sandbox-telephony.js';
import { setupStepRequest } from '../../../functions/contracts/setup.js';
import { salonIdForOwner } from '../../../functions/core/salon.js';
import { saveSetupStep } from '../../../functions/core/setup.js';
import { createGoogleStore } from '../../../functions/store/google-store.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../support/fake-elevenlabs.js';
import { makeSalon, startTable, type Table } from '../booking/harness.js';

/**
 * The salon's agent over its life (made, updated, removed) against DynamoDB Local and the ElevenLabs
 * adapter on a local fake: nothing half-made after a refusal, one agent however many Go Live
 * presses at once, and the tools' secret at the provider the one the tools route accepts.
 */
const SITE = 'https://app.salondesk.ie';
const logs: { level: string; message: string }[] = [];
setLogSink((line) => void logs.push(JSON.parse(line) as { level: string; message: string }), 'warn');

let table: Table;
let fake: FakeElevenLabs;
beforeAll(async () => {
  [table, fake] = await Promise.all([startTable(), startFakeElevenLabs()]);
});
afterAll(async () => {
  await Promise.all([table.close(), fake.close()]);
});

const elevenLabs = () =>
  createElevenLabsVoiceAgent({ apiKey: fake.apiKey, voiceIds: { niamh: 'el_niamh', labhaoise: 'el_labhaoise' }, apiRoot: fake.url, timeoutSeconds: 5 });

async function world(voiceAgents: VoiceAgentPort = elevenLabs()) {
  const salon = await makeSalon(table, { now: { value: Date.parse('2026-11-20T10:00:00Z') }, escalationPhone: '' });
  const deps: ProvisionDeps = {
    salons: createSalonStore(table.client, table.tableName),
    setup: createSetupStore(table.client, table.tableName),
    agents: createAgentStore(table.client, table.tableName),
    deletedOwners: createDeletedOwners(table.client, table.tableName),
    voiceAgents,
    config: { SITE_URL: SITE },
    now: () => new Date('2026-11-20T10:00:00Z'),
  };
  return { deps, salonId: salon.salonId };
}

/** What the provider holds for the salon's agent, found from the agent id. */
function madeFor(agentId: string) {
  const agent = fake.agents.get(agentId);
  const toolIds: string[] = agent?.conversation_config.agent.prompt.tool_ids ?? [];
  const secretIds = new Set(toolIds.map((id) => fake.tools.get(id)?.api_schema.request_headers.Authorization.secret_id));
  return { agent, toolIds, secretIds: [...secretIds] as string[] };
}

describe('provisioning the salon agent', () => {
  it("makes the agent with its tools and stored secret, keeps their ids in the salon's agent settings, and the stored secret opens the tools route", async () => {
    const { deps, salonId } = await world();
    const { agentId } = await provisionAgent(deps, salonId);
    const settings = await deps.agents.get(salonId);
    expect(settings).toMatchObject({
      agentId,
      hostedAgent: { agentId, provider: 'elevenlabs', secretId: expect.any(String) },
      secret: { secretHash: expect.any(String) },
    });
    expect(Object.keys(settings!.hostedAgent!.tools).sort()).toEqual([...AGENT_TOOLS].sort());
    const made = madeFor(agentId);
    expect([...made.toolIds].sort()).toEqual(Object.values(settings!.hostedAgent!.tools).sort());
    expect(made.secretIds).toEqual([settings!.hostedAgent!.secretId]);

    const authorization = fake.secrets.get(settings!.hostedAgent!.secretId!)!.value;
    const rateLimits = createRateLimits(table.client, table.tableName);
    expect(await salonForAuthorization({ agents: deps.agents, rateLimits, now: deps.now }, authorization, '203.0.113.9')).toBe(salonId);
    await removeAgent(deps, salonId);
  });

  it('gives a live agent the new secret when support rotates it, so its tools keep working', async () => {
    const { deps, salonId } = await world();
    await provisionAgent(deps, salonId);
    const { secretId } = (await deps.agents.get(salonId))!.hostedAgent!;
    const rotated = await rotateAgentSecret(deps, salonId);
    expect(rotated.outcome).toBe('rotated');
    expect(fake.secrets.get(secretId!)!.value).toBe(`Bearer ${(rotated as { secret: string }).secret}`);
    const rateLimits = createRateLimits(table.client, table.tableName);
    expect(await salonForAuthorization({ agents: deps.agents, rateLimits, now: deps.now }, fake.secrets.get(secretId!)!.value, '203.0.113.9')).toBe(salonId);
    await removeAgent(deps, salonId);
  });

  it('brings the same agent up to date when provisioned again, reusing the stored secret', async () => {
    const { deps, salonId } = await world();
    const { agentId } = await provisionAgent(deps, salonId);
    const before = await deps.agents.get(salonId);
    const agentsMade = fake.requestsTo('POST', '/v1/convai/agents/create').length;
    const secretsMade = fake.requestsTo('POST', '/v1/convai/secrets').length;

    await deps.setup.saveVoice(
      salonId,
      {
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hello, Cuts by Ciara, the AI assistant speaking.',
        agentPhone: '',
        escalationPhone: '',
        ringSalonFirstSeconds: 0,
        textMissedCallers: false,
      },
      { phoneOption: 'new', forwardNumber: '', forwardWhen: 'unanswered' },
    );
    await refreshAgentIfLive(deps, salonId);
    expect(await provisionAgent(deps, salonId)).toEqual({ agentId });
    expect(fake.requestsTo('POST', '/v1/convai/agents/create')).toHaveLength(agentsMade);
    expect(fake.requestsTo('POST', '/v1/convai/secrets')).toHaveLength(secretsMade);
    expect(fake.agents.get(agentId)!.conversation_config.agent.first_message).toBe('Hello, Cuts by Ciara, the AI assistant speaking.');
    const after = await deps.agents.get(salonId);
    expect(after!.secret).toEqual(before!.secret);
    expect(after!.hostedAgent).toMatchObject({
      agentId,
      secretId: before!.hostedAgent!.secretId,
      tools: before!.hostedAgent!.tools,
      createdAt: before!.hostedAgent!.createdAt,
    });
    await removeAgent(deps, salonId);
  });

  it('on a provider refusal part-way leaves nothing behind and says so; a retry later works', async () => {
    const { deps, salonId } = await world();
    const agentsBefore = fake.agents.size;
    const toolsBefore = fake.tools.size;
    const secretsBefore = fake.secrets.size;
    fake.failNext({ method: 'POST', path: /^\/v1\/convai\/agents\/create$/, status: 403 });
    const refusal = await provisionAgent(deps, salonId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AgentProvisioningError);
    expect(refusal).toMatchObject({ kind: 'provider_failed', code: 'agent_provisioning_failed' });
    expect([fake.agents.size, fake.tools.size, fake.secrets.size]).toEqual([agentsBefore, toolsBefore, secretsBefore]);
    const settings = await deps.agents.get(salonId);
    expect(settings?.agentId ?? null).toBeNull();
    const item = (await table.items(salonId)).find((candidate) => candidate.sk === 'AGENT');
    expect(item?.provisionLease).toBeUndefined();

    const { agentId } = await provisionAgent(deps, salonId);
    expect(fake.agents.has(agentId)).toBe(true);
    await removeAgent(deps, salonId);
  });

  it('makes one agent when Go Live is pressed several times at once', async () => {
    const { deps, salonId } = await world();
    const before = fake.requestsTo('POST', '/v1/convai/agents/create').length;
    const answers = await Promise.allSettled(Array.from({ length: 4 }, () => provisionAgent(deps, salonId)));
    const ids = new Set(answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.agentId] : [])));
    // The later presses wait for the first one's agent rather than making their own.
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(ids.size).toBe(1);
    expect(fake.requestsTo('POST', '/v1/convai/agents/create').length - before).toBe(1);
    await removeAgent(deps, salonId);
  });

  it('never fails the owner save: a refused update is logged and caught up by the next one', async () => {
    const { deps, salonId } = await world();
    const requests = fake.requests.length;
    await refreshAgentIfLive(deps, salonId);
    // No agent yet: nothing is asked of the provider.
    expect(fake.requests.length).toBe(requests);

    const { agentId } = await provisionAgent(deps, salonId);
    fake.failNext({ method: 'PATCH', path: /^\/v1\/convai\/agents\//, status: 400 });
    logs.length = 0;
    await expect(refreshAgentIfLive(deps, salonId)).resolves.toBeUndefined();
    expect(logs.map((line) => line.message)).toContain('voice agent not updated after a setup save');
    await refreshAgentIfLive(deps, salonId);
    expect((await deps.agents.get(salonId))?.agentId).toBe(agentId);
    await removeAgent(deps, salonId);
  });

  it('makes the agent again when it was deleted at the provider by hand', async () => {
    const { deps, salonId } = await world();
    const first = await provisionAgent(deps, salonId);
    const old = madeFor(first.agentId);
    fake.agents.delete(first.agentId);
    const second = await provisionAgent(deps, salonId);
    expect(second.agentId).not.toBe(first.agentId);
    // What was left of the old one (its tools and secret) is gone.
    for (const id of old.toolIds) expect(fake.tools.has(id)).toBe(false);
    for (const id of old.secretIds) expect(fake.secrets.has(id)).toBe(false);
    await removeAgent(deps, salonId);
  });

  it('removes the agent, its tools and secret with the account; removing again is harmless', async () => {
    const { deps, salonId } = await world();
    const { agentId } = await provisionAgent(deps, salonId);
    const made = madeFor(agentId);
    await removeAgent(deps, salonId);
    expect(fake.agents.has(agentId)).toBe(false);
    for (const id of made.toolIds) expect(fake.tools.has(id)).toBe(false);
    for (const id of made.secretIds) expect(fake.secrets.has(id)).toBe(false);
    expect((await deps.agents.get(salonId))?.agentId ?? null).toBeNull();
    await removeAgent(deps, salonId);
  });
});

describe("saving the owner's setup", () => {
  it('updates the salon agent after the save, and a provider refusal never fails the save', async () => {
    const { deps } = await world();
    const owner = { userId: `user-${Math.random().toString(36).slice(2)}`, username: 'owner' };
    const salonId = salonIdForOwner(owner.userId);
    const setupDeps = {
      ...deps,
      googleStore: createGoogleStore(table.client, table.tableName),
      identity: { getUser: async () => ({ username: 'owner', email: 'owner@example.ie' }) } as never,
      numbers: createNumberStore(table.client, table.tableName),
      telephony: createSandboxTelephony({}),
      events: { publish: async () => undefined },
    };
    const voice = (firstMessage: string) =>
      setupStepRequest.parse({
        step: 3,
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage,
        agentPhone: '',
        escalationPhone: '',
        phoneOption: 'new',
        forwardNumber: '',
      });
    // Before Go Live there is no agent: saving asks nothing of the provider.
    const before = fake.requests.length;
    await saveSetupStep(setupDeps, owner, voice('Hello, the AI assistant here.'));
    expect(fake.requests.length).toBe(before);

    const { agentId } = await provisionAgent(deps, salonId);
    await saveSetupStep(setupDeps, owner, voice('Good morning, you are through to our AI assistant.'));
    expect(fake.agents.get(agentId)!.conversation_config.agent.first_message).toBe('Good morning, you are through to our AI assistant.');

    fake.failNext({ method: 'PATCH', path: /^\/v1\/convai\/agents\//, status: 400 });
    await expect(saveSetupStep(setupDeps, owner, voice('Hiya, the AI assistant speaking.'))).resolves.toMatchObject({ saved: 3 });
    expect((await deps.setup.load(salonId)).voice?.firstMessage).toBe('Hiya, the AI assistant speaking.');
    await removeAgent(deps, salonId);
  });
});

describe('the sandbox voice agent', () => {
  it('keeps a labelled agent in the table, and a salon moved to ElevenLabs gets a real one', async () => {
    const { deps, salonId } = await world(createSandboxVoiceAgent({ siteUrl: SITE }));
    const sandboxRequests = fake.requests.length;
    const { agentId } = await provisionAgent(deps, salonId);
    expect(agentId).toMatch(/^sandbox_agent_[0-9a-f]{20}$/);
    expect(await provisionAgent(deps, salonId)).toEqual({ agentId });
    expect(await deps.agents.get(salonId)).toMatchObject({ agentId, hostedAgent: { provider: 'sandbox', secretId: null, tools: {} } });
    expect(fake.requests.length).toBe(sandboxRequests);

    const real = await provisionAgent({ ...deps, voiceAgents: elevenLabs() }, salonId);
    expect(fake.agents.has(real.agentId)).toBe(true);
    expect(await deps.agents.get(salonId)).toMatchObject({ agentId: real.agentId, hostedAgent: { provider: 'elevenlabs' } });
    await removeAgent({ ...deps, voiceAgents: elevenLabs() }, salonId);
  });

  it('connects a call to the local receptionist with TwiML that says it is the sandbox', async () => {
    const twiml = await createSandboxVoiceAgent({ siteUrl: 'http://localhost:3000' }).registerCall({
      agentId: 'sandbox_agent_1',
      from: '+353871234567',
      to: '+35315551234',
      callSid: 'CA1',
      dynamicVariables: { test_call: 'false' },
    });
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><!-- Sandbox voice agent (no ElevenLabs account): the local receptionist answers. --><Connect><Stream url="http://localhost:3000/_local/receptionist?agentId=sandbox_agent_1&amp;callSid=CA1&amp;test_call=false"/></Connect></Response>',
    );
  });
});
