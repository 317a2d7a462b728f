import type { ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { agentToolName, TOOL_HEADER_VARIABLES } from '../core/voice-agent/agent-config.js';
import type { AgentDefinition, AgentToolDefinition } from '../core/voice-agent/agent-definition.js';
import { VoiceAgentProviderError, type RegisterCallInput } from '../core/ports/voice-agent.js';

/**
 * The request bodies the voice-agent adapter sends the Agents Platform, built here as plain data
 * so tests/unit/vendor-contracts/ can run each through the SDK's own serializers in strict mode.
 * The SDK itself strips unknown keys on the way out, so a misspelt field would otherwise vanish.
 */

/**
 * The TTS model per agent language, the one place it is chosen. ElevenLabs: English agents use an
 * English v2 model ("English will always use the v2 model",
 * https://elevenlabs.io/docs/agents-platform/customization/language; the API refuses a v2.5
 * model with "English Agents must use turbo or flash v2"), and agents in any other language a
 * v2.5 model ("Agents that use languages beyond English must use Flash v2.5 or Turbo v2.5",
 * https://help.elevenlabs.io/hc/en-us/articles/29298127196945). Flash rather than Turbo: the
 * Turbo models are deprecated in favour of Flash (the SDK's `TtsConversationalModel`). v3
 * Conversational is not used: docs/operations.md says why.
 */
export const TTS_MODEL_BY_LANGUAGE: Readonly<Record<string, ElevenLabs.TtsConversationalModel>> = {
  en: 'eleven_flash_v2',
  pl: 'eleven_flash_v2_5',
  es: 'eleven_flash_v2_5',
  fr: 'eleven_flash_v2_5',
  de: 'eleven_flash_v2_5',
  it: 'eleven_flash_v2_5',
  pt: 'eleven_flash_v2_5',
  nl: 'eleven_flash_v2_5',
  sv: 'eleven_flash_v2_5',
  da: 'eleven_flash_v2_5',
  no: 'eleven_flash_v2_5',
  fi: 'eleven_flash_v2_5',
};

export function ttsModelFor(language: string): ElevenLabs.TtsConversationalModel {
  const model = TTS_MODEL_BY_LANGUAGE[language];
  if (!model) throw new VoiceAgentProviderError(`No ElevenLabs TTS model is chosen for the language "${language}" (TTS_MODEL_BY_LANGUAGE)`);
  return model;
}

/**
 * Twilio carries μ-law at 8 kHz: an agent reached through register-call must speak and listen in
 * it ("Configure TTS Output … μ-law 8000 Hz", "Set Input Format … μ-law 8000 Hz",
 * https://elevenlabs.io/docs/agents-platform/phone-numbers/twilio-integration/register-call).
 * The agent's default is PCM 16 kHz.
 */
export const TWILIO_AUDIO_FORMAT = 'ulaw_8000' satisfies ElevenLabs.TtsOutputFormat & ElevenLabs.AsrInputFormat;

type JsonSchema = {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

const LITERAL_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * JSON Schema (from the tool's zod contract) in the shape the Agents Platform accepts for a body:
 * an object of literal properties, each with its type, description (every contract parameter has
 * one; the platform requires it) and choices. What it does not take (`$schema`,
 * `additionalProperties`, lengths) is left out: the tools route checks the full contract anyway.
 */
export function toElevenLabsBody(schema: JsonSchema): ElevenLabs.ObjectJsonSchemaPropertyInput {
  const property = (name: string, value: JsonSchema): ElevenLabs.LiteralJsonSchemaProperty => {
    const variant = value.anyOf?.find((option) => option.type && option.type !== 'null') ?? value;
    const type = Array.isArray(variant.type) ? variant.type.find((option) => option !== 'null') : variant.type;
    return {
      type: (type && LITERAL_TYPES.has(type) ? type : 'string') as ElevenLabs.LiteralJsonSchemaPropertyType,
      description: value.description ?? variant.description ?? name,
      ...(variant.enum ? { enum: variant.enum.map(String) } : {}),
    };
  };
  return {
    type: 'object',
    required: schema.required ?? [],
    properties: Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, value]) => [name, property(name, value)])),
  };
}

export function toolRequest(tool: AgentToolDefinition, secretId: string, timeoutSeconds: number): ElevenLabs.ToolRequestModel {
  const body = toElevenLabsBody(tool.bodySchema as JsonSchema);
  return {
    toolConfig: {
      type: 'webhook',
      name: agentToolName(tool.name),
      description: tool.description,
      responseTimeoutSecs: Math.min(300, Math.max(5, timeoutSeconds)),
      // The agent always says something ("let me check that for you") before a tool runs: a slow tool never leaves dead air.
      preToolSpeech: 'force',
      // A refusal's body is `{ok: false, say}`: the agent must see the sentence to say it (the default hides webhook errors).
      toolErrorHandlingMode: 'passthrough',
      apiSchema: {
        url: tool.url,
        method: 'POST',
        requestHeaders: {
          Authorization: { secretId },
          ...Object.fromEntries(Object.entries(TOOL_HEADER_VARIABLES).map(([header, variableName]) => [header, { variableName }])),
        },
        // A tool without parameters posts no body (the tools route reads none as `{}`): the platform wants no empty schema.
        ...(Object.keys(body.properties ?? {}).length ? { requestBodySchema: body } : {}),
      },
    },
  };
}

export function agentRequest(
  definition: AgentDefinition,
  toolIds: string[],
  voiceIds: Record<string, string>,
): ElevenLabs.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost {
  const voiceId = voiceIds[definition.voice];
  if (!voiceId) throw new VoiceAgentProviderError(`No ElevenLabs voice is mapped for "${definition.voice}" (ELEVENLABS_VOICE_IDS)`);
  return {
    name: definition.name,
    tags: ['salondesk'],
    conversationConfig: {
      agent: {
        firstMessage: definition.firstMessage,
        language: definition.language,
        // Values for a conversation started without them (the provider's own test console); calls always send every one.
        dynamicVariables: { dynamic_variable_placeholders: definition.callVariablePlaceholders },
        prompt: {
          prompt: definition.systemPrompt,
          timezone: definition.timezone,
          toolIds,
          builtInTools: { endCall: { type: 'system', name: 'end_call', description: '', params: { systemToolType: 'end_call' } } },
        },
      },
      tts: { voiceId, modelId: ttsModelFor(definition.language), agentOutputAudioFormat: TWILIO_AUDIO_FORMAT },
      asr: { userInputAudioFormat: TWILIO_AUDIO_FORMAT },
      turn: { silenceEndCallTimeout: definition.limits.silenceEndCallSeconds },
      conversation: { maxDurationSeconds: definition.limits.maxDurationSeconds },
    },
    platformSettings: {
      privacy: { recordVoice: definition.retention.recordVoice, retentionDays: definition.retention.conversationDays },
      ...AT_THE_LIMIT,
    },
  };
}

/**
 * What the agent does when the workspace's concurrent conversations are all taken, said outright:
 * new agents queue callers by default ("New agents are created with queueing enabled unless this
 * field is set explicitly", the SDK's AgentQueueingConfig), and a queued caller hears a hold tone
 * at the salon's number. We refuse instead: register-call then fails and the voice webhook rings
 * the salon or takes a message, which the alarms count. No per-agent cap below the workspace's
 * (-1), and no bursting past it at double the price (AgentCallLimits).
 */
export const AT_THE_LIMIT = {
  queueingConfig: { enabled: false },
  callLimits: { agentConcurrencyLimit: -1, burstingEnabled: false },
} as const satisfies Pick<ElevenLabs.AgentPlatformSettingsRequestModel, 'queueingConfig' | 'callLimits'>;

/**
 * The platform settings an update sends: what the agent has now (an operator may have set
 * evaluation, data collection, guardrails, a widget … in the dashboard), with ours over it, the
 * privacy object field by field. The update endpoint takes `platform_settings` whole
 * (https://elevenlabs.io/docs/api-reference/agents/update; the agent is read first with
 * https://elevenlabs.io/docs/api-reference/agents/get), so sending only ours would drop the rest.
 * `safety` is only ever answered, never sent.
 */
export function mergedPlatformSettings(
  current: ElevenLabs.AgentPlatformSettingsResponseModel | undefined,
  ours: ElevenLabs.AgentPlatformSettingsRequestModel,
): ElevenLabs.AgentPlatformSettingsRequestModel {
  const { safety: _answeredOnly, ...kept } = current ?? {};
  return { ...(kept as ElevenLabs.AgentPlatformSettingsRequestModel), ...ours, privacy: { ...kept.privacy, ...ours.privacy } };
}

/**
 * register-call's body as it goes on the wire (the adapter posts it without the SDK, see there):
 * `from_number` the caller's number and `to_number` the number called, both phone numbers
 * (https://elevenlabs.io/docs/agents-platform/phone-numbers/twilio-integration/register-call).
 */
export function registerCallBody(input: RegisterCallInput) {
  return {
    agent_id: input.agentId,
    from_number: input.from,
    to_number: input.to,
    direction: 'inbound',
    conversation_initiation_client_data: { dynamic_variables: input.dynamicVariables },
  } as const;
}
