import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_TOOLS } from '../../../functions/contracts/agent-tools.js';
import { agentToolName, buildAgentDefinition, TOOL_HEADER_VARIABLES } from '../../../functions/core/voice-agent/agent-config.js';
import type { AgentDefinition } from '../../../functions/core/voice-agent/agent-definition.js';
import { createElevenLabsVoiceAgent } from '../../../functions/providers/elevenlabs-voice-agent.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../support/fake-elevenlabs.js';
import { FIXTURE_SALONS } from './fixture-salons.js';

/** The ElevenLabs adapter through the official SDK, against a local fake of the Agents Platform. */
const SITE = 'https://app.salondesk.ie';
const VOICE_IDS = { niamh: 'el_voice_niamh', juniper: 'el_voice_juniper' };
const SECRET = 'A'.repeat(43);
const [ciara, ola] = Object.values(FIXTURE_SALONS).map((fixture) => buildAgentDefinition(fixture.salon, fixture.setup, SITE)) as [
  AgentDefinition,
  AgentDefinition,
];

let fake: FakeElevenLabs;
const adapter = () => createElevenLabsVoiceAgent({ apiKey: fake.apiKey, voiceIds: VOICE_IDS, apiRoot: fake.url, timeoutSeconds: 5 });

beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

describe('the ElevenLabs voice agent adapter', () => {
  it('makes the stored secret, one webhook tool per registry tool, then the agent with its voice, language, limits and end_call', async () => {
    const agents = adapter();
    const handle = await agents.create(ciara, SECRET);
    expect(Object.keys(handle.tools)).toEqual([...AGENT_TOOLS]);
    expect(fake.secrets.get(handle.secretId!)).toEqual({ name: 'salon sal_fixture01 agent tools', value: `Bearer ${SECRET}` });

    for (const tool of ciara.tools) {
      const config = fake.tools.get(handle.tools[tool.name]!)!;
      expect(config).toMatchObject({
        type: 'webhook',
        name: agentToolName(tool.name),
        description: tool.description,
        pre_tool_speech: 'force',
        tool_error_handling_mode: 'passthrough',
        response_timeout_secs: ciara.limits.toolTimeoutSeconds,
        api_schema: {
          url: `${SITE}/api/agent/tools?tool=${tool.name}`,
          method: 'POST',
          request_headers: {
            Authorization: { secret_id: handle.secretId },
            ...Object.fromEntries(Object.entries(TOOL_HEADER_VARIABLES).map(([header, variable]) => [header, { variable_name: variable }])),
          },
        },
      });
      const parameters = Object.keys((tool.bodySchema.properties as object | undefined) ?? {});
      if (parameters.length) {
        expect(config.api_schema.request_body_schema).toMatchObject({ type: 'object', required: (tool.bodySchema.required as string[] | undefined) ?? [] });
        expect(Object.keys(config.api_schema.request_body_schema.properties)).toEqual(parameters);
      } else expect(config.api_schema.request_body_schema).toBeUndefined();
    }
    // The call SID is our own call variable: ElevenLabs documents system__call_sid for its own Twilio integration only.
    expect(TOOL_HEADER_VARIABLES).toEqual({ 'X-Conversation-Id': 'system__conversation_id', 'X-Call-Sid': 'call_sid', 'X-Test-Call': 'test_call' });

    const agent = fake.agents.get(handle.agentId)!;
    expect(agent.tags).toEqual(['salondesk']);
    // ElevenLabs keeps the conversation as long as we keep its transcript, and no recording; at the
    // workspace's limit a caller is refused, not queued (new agents queue unless told), so the voice webhook rings the salon.
    expect(agent.platform_settings).toEqual({
      privacy: { record_voice: false, retention_days: 90 },
      queueing_config: { enabled: false },
      call_limits: { agent_concurrency_limit: -1, bursting_enabled: false },
    });
    expect(agent.conversation_config).toMatchObject({
      agent: {
        first_message: ciara.firstMessage,
        language: 'en',
        dynamic_variables: { dynamic_variable_placeholders: ciara.callVariablePlaceholders },
        prompt: {
          prompt: ciara.systemPrompt,
          timezone: 'Europe/Dublin',
          tool_ids: Object.values(handle.tools),
          built_in_tools: { end_call: { name: 'end_call', params: { system_tool_type: 'end_call' } } },
        },
      },
      // An English agent speaks an English v2 model; Twilio carries μ-law 8 kHz both ways.
      tts: { voice_id: 'el_voice_niamh', model_id: 'eleven_flash_v2', agent_output_audio_format: 'ulaw_8000' },
      asr: { user_input_audio_format: 'ulaw_8000' },
      turn: { silence_end_call_timeout: ciara.limits.silenceEndCallSeconds },
      conversation: { max_duration_seconds: ciara.limits.maxDurationSeconds },
    });
    expect(fake.requests.every((request) => request.headers['xi-api-key'] === fake.apiKey)).toBe(true);

    await agents.remove(handle);
    expect(fake.isEmpty()).toBe(true);
  });

  it('on a refusal part-way removes everything it made, and a later attempt starts afresh', async () => {
    const agents = adapter();
    // One tool is refused: the secret and the other tools exist by then.
    fake.failNext({ method: 'POST', path: /^\/v1\/convai\/tools$/, status: 400, after: 3 });
    await expect(agents.create(ciara, SECRET)).rejects.toMatchObject({ name: 'VoiceAgentProviderError', status: 400 });
    expect(fake.requestsTo('POST', '/v1/convai/tools')).toHaveLength(AGENT_TOOLS.length);
    expect(fake.requestsTo('DELETE', /^\/v1\/convai\/tools\//)).toHaveLength(AGENT_TOOLS.length - 1);
    expect(fake.requestsTo('DELETE', /^\/v1\/convai\/secrets\//)).toHaveLength(1);
    expect(fake.isEmpty()).toBe(true);
    fake.requests.length = 0;

    // The agent itself refused, after the secret and every tool.
    fake.failNext({ method: 'POST', path: /^\/v1\/convai\/agents\/create$/, status: 422 });
    await expect(agents.create(ciara, SECRET)).rejects.toMatchObject({ name: 'VoiceAgentProviderError', status: 422 });
    expect(fake.requestsTo('DELETE', /^\/v1\/convai\/tools\//)).toHaveLength(AGENT_TOOLS.length);
    expect(fake.isEmpty()).toBe(true);

    const handle = await agents.create(ciara, SECRET);
    expect(fake.agents.size).toBe(1);
    await agents.remove(handle);
  });

  it('refuses before making anything when the voice has no ElevenLabs id', async () => {
    const agents = createElevenLabsVoiceAgent({ apiKey: fake.apiKey, voiceIds: {}, apiRoot: fake.url });
    await expect(agents.create(ciara, SECRET)).rejects.toThrow(/ELEVENLABS_VOICE_IDS/);
    expect(fake.requests).toHaveLength(0);
  });

  it('updates the agent and its tools in place, keeping the stored secret; a tool added to the registry is made and one dropped is removed', async () => {
    const agents = adapter();
    const made = await agents.create(ciara, SECRET);
    const [, ...withoutFirst] = ciara.tools;
    // As if the registry had lost salon-info since the agent was made, and gained it back now.
    const older = await agents.update(made, { ...ciara, tools: withoutFirst });
    expect(Object.keys(older.tools)).toEqual(AGENT_TOOLS.slice(1));
    expect(fake.tools.has(made.tools['salon-info']!)).toBe(false);

    const updated = await agents.update(older, ola);
    expect(updated).toMatchObject({ agentId: made.agentId, secretId: made.secretId });
    expect(Object.keys(updated.tools).sort()).toEqual([...AGENT_TOOLS].sort());
    expect(fake.requestsTo('POST', '/v1/convai/secrets')).toHaveLength(1);
    const agent = fake.agents.get(made.agentId)!;
    expect(agent.conversation_config).toMatchObject({
      agent: { first_message: ola.firstMessage, language: 'pl', prompt: { prompt: ola.systemPrompt } },
      tts: { voice_id: 'el_voice_juniper', model_id: 'eleven_flash_v2_5', agent_output_audio_format: 'ulaw_8000' },
      asr: { user_input_audio_format: 'ulaw_8000' },
    });
    expect(agent.conversation_config.agent.prompt.tool_ids.sort()).toEqual(Object.values(updated.tools).sort());
    expect(fake.tools.size).toBe(AGENT_TOOLS.length);

    await agents.remove(updated);
    expect(fake.isEmpty()).toBe(true);
  });

  it('keeps the platform settings an operator set when it updates the agent: read first, ours merged over them (https://elevenlabs.io/docs/api-reference/agents/get, /update)', async () => {
    const agents = adapter();
    const made = await agents.create(ciara, SECRET);
    const agent = fake.agents.get(made.agentId)!;
    // Set in the dashboard since: an evaluation criterion, a widget colour, a longer retention, a per-agent cap; and answered-only `safety`.
    agent.platform_settings = {
      ...agent.platform_settings,
      evaluation: { criteria: [{ id: 'booked', name: 'Booked', conversation_goal_prompt: 'Was a booking made?' }] },
      widget: { bg_color: '#ffffff' },
      privacy: { ...agent.platform_settings.privacy, retention_days: 30, delete_audio: true },
      call_limits: { agent_concurrency_limit: 3, bursting_enabled: true },
      safety: { is_blocked_ivc: false },
    };
    fake.requests.length = 0;
    await agents.update(made, { ...ciara, retention: { ...ciara.retention, conversationDays: 90 } });
    const [read, patch] = fake.requests.filter((request) => request.path === `/v1/convai/agents/${made.agentId}`);
    expect([read?.method, patch?.method]).toEqual(['GET', 'PATCH']);
    expect(fake.agents.get(made.agentId)!.platform_settings).toEqual({
      evaluation: { criteria: [{ id: 'booked', name: 'Booked', conversation_goal_prompt: 'Was a booking made?' }] },
      widget: { bg_color: '#ffffff' },
      // Ours win where we have a say (retention, recording, what happens at the limit); the rest stays.
      privacy: { record_voice: false, retention_days: 90, delete_audio: true },
      queueing_config: { enabled: false },
      call_limits: { agent_concurrency_limit: -1, bursting_enabled: false },
    });
    await agents.remove(made);
    expect(fake.isEmpty()).toBe(true);
  });

  it('leaves no new tool behind when the provider refuses an update', async () => {
    const agents = adapter();
    const made = await agents.create({ ...ciara, tools: ciara.tools.slice(1) }, SECRET);
    const before = new Set(fake.tools.keys());
    fake.failNext({ method: 'PATCH', path: /^\/v1\/convai\/agents\//, status: 503 });
    await expect(agents.update(made, ciara)).rejects.toMatchObject({ name: 'VoiceAgentProviderError', status: 503 });
    expect(fake.requestsTo('POST', '/v1/convai/tools')).toHaveLength(AGENT_TOOLS.length);
    expect(new Set(fake.tools.keys())).toEqual(before);
    await agents.remove(made);
    expect(fake.isEmpty()).toBe(true);
  });

  it('answers a 404 status when the agent was deleted at the provider, and removing what is gone is not an error', async () => {
    const agents = adapter();
    const made = await agents.create(ciara, SECRET);
    await agents.remove(made);
    await expect(agents.update(made, ciara)).rejects.toMatchObject({ status: 404 });
    await expect(agents.remove(made)).resolves.toBeUndefined();
    expect(fake.isEmpty()).toBe(true);
  });

  it('registers a call: TwiML from register-call, with the caller, the number called and the dynamic variables', async () => {
    const agents = adapter();
    const made = await agents.create(ciara, SECRET);
    const twiml = await agents.registerCall({
      agentId: made.agentId,
      from: '+353871234567',
      to: '+35315551234',
      callSid: 'CA123',
      dynamicVariables: { today: 'Monday', test_call: 'false' },
    });
    expect(twiml).toMatch(/^<\?xml[^>]*\?><Response><Connect><Stream url="wss:\/\/api\.elevenlabs\.io\/v1\/convai\/conversation\/twilio\?agent_id=/);
    expect(fake.registeredCalls.at(-1)).toEqual({
      agent_id: made.agentId,
      from_number: '+353871234567',
      to_number: '+35315551234',
      direction: 'inbound',
      conversation_initiation_client_data: { dynamic_variables: { today: 'Monday', test_call: 'false' } },
    });
    await expect(
      agents.registerCall({ agentId: 'agent_gone', from: '+353871234567', to: '+35315551234', callSid: 'CA124', dynamicVariables: {} }),
    ).rejects.toMatchObject({ status: 404 });
    await agents.remove(made);
  });
});

describe("reading a conversation for the call sweep (GET /v1/convai/conversations/{id}), as the vendor's SDK reads it", () => {
  /** A conversation in the API's shape (snake_case, the fields the SDK requires). */
  const conversation = (id: string, status: string, durationSeconds: number) => ({
    agent_id: 'agent_1',
    conversation_id: id,
    status,
    transcript: [],
    has_audio: false,
    has_user_audio: false,
    has_response_audio: false,
    has_auxiliary_audio: false,
    metadata: {
      start_time_unix_secs: 1_763_800_000,
      call_duration_secs: durationSeconds,
      phone_call: {
        type: 'twilio',
        direction: 'inbound',
        phone_number_id: 'phnum_1',
        agent_number: '+35315551234',
        external_number: '+353871234567',
        stream_sid: 'MZ1',
        call_sid: `CA${'a'.repeat(32)}`,
      },
    },
  });

  it.each([
    ['done', 185, { state: 'ended', finalStatus: 'completed', durationSeconds: 185, endedAt: new Date((1_763_800_000 + 185) * 1000).toISOString() }],
    ['processing', 61, { state: 'ended', finalStatus: 'completed', durationSeconds: 61, endedAt: new Date((1_763_800_000 + 61) * 1000).toISOString() }],
    ['failed', 3, { state: 'ended', finalStatus: 'failed', durationSeconds: 3, endedAt: new Date((1_763_800_000 + 3) * 1000).toISOString() }],
    ['in-progress', 40, { state: 'live' }],
    ['initiated', 0, { state: 'live' }],
  ] as const)('a %s conversation', async (status, seconds, expected) => {
    const id = `conv_${status}`;
    fake.conversations.set(id, conversation(id, status, seconds));
    expect(await adapter().conversationState(id)).toEqual(expected);
    // The SDK, on the same answer, reads the same status and duration we did.
    const sdk = await new ElevenLabsClient({ apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 }).conversationalAi.conversations.get(id);
    expect([sdk.status, sdk.metadata.callDurationSecs, sdk.metadata.startTimeUnixSecs]).toEqual([status, seconds, 1_763_800_000]);
    expect(fake.requestsTo('GET', `/v1/convai/conversations/${id}`)).toHaveLength(2);
  });

  it('a conversation the provider does not know is unknown; a refusal throws', async () => {
    expect(await adapter().conversationState('conv_nobody')).toEqual({ state: 'unknown' });
    fake.conversations.set('conv_refused', conversation('conv_refused', 'done', 1));
    fake.failNext({ path: /conversations\/conv_refused$/, status: 500 });
    await expect(adapter().conversationState('conv_refused')).rejects.toMatchObject({ name: 'VoiceAgentProviderError', status: 500 });
  });
});
