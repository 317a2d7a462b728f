import type { ElevenLabs, ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { agentToolName, TOOL_HEADER_VARIABLES, type AgentDefinition, type AgentToolDefinition } from '../core/voice-agent/agent-config.js';
import { fetchConversationState } from './elevenlabs-conversation.js';
import { VoiceAgentProviderError, type AgentHandle, type VoiceAgentPort } from './voice-agent-port.js';

/**
 * The salon's agent on the ElevenLabs Agents Platform, through the official SDK. The SDK is
 * 5 MB and slow to load, so it is imported here only, on first use: the routes that provision
 * load it; the tools, voice-webhook and post-call routes, where a caller waits, never do.
 *
 * One salon's agent is: a workspace secret holding `Bearer <agent secret>` (the tools'
 * Authorization header), one webhook tool per agent tool, and the agent itself. Creation makes
 * them in that order (the tools side by side, to keep Go Live quick) and, when the provider
 * refuses part-way, deletes what it made.
 */
type JsonSchema = { type?: string | string[]; description?: string; enum?: unknown[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[] };

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

function toolRequest(tool: AgentToolDefinition, secretId: string, timeoutSeconds: number): ElevenLabs.ToolRequestModel {
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

function agentRequest(definition: AgentDefinition, toolIds: string[], voiceIds: Record<string, string>): ElevenLabs.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost {
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
      // Flash v2.5: the lowest latency, and it speaks every language the setup offers (the English-only models refuse others).
      tts: { voiceId, modelId: 'eleven_flash_v2_5' },
      turn: { silenceEndCallTimeout: definition.limits.silenceEndCallSeconds },
      conversation: { maxDurationSeconds: definition.limits.maxDurationSeconds },
    },
    platformSettings: { privacy: { recordVoice: definition.retention.recordVoice, retentionDays: definition.retention.conversationDays } },
  };
}

const secretName = (salonId: string) => `salon ${salonId} agent tools`;

const statusOf = (error: unknown) => (error as { statusCode?: number })?.statusCode;

function providerError(error: unknown): VoiceAgentProviderError {
  if (error instanceof VoiceAgentProviderError) return error;
  const status = statusOf(error);
  return new VoiceAgentProviderError(`ElevenLabs refused: ${status ?? (error as Error)?.message ?? 'unknown error'}`, status);
}

/** Runs the requests side by side (one tool per request), then throws the first refusal once all have answered. */
async function settle(requests: Promise<void>[]): Promise<void> {
  const refused = (await Promise.allSettled(requests)).find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
}

const ignoreMissing = (error: unknown) => {
  if (statusOf(error) !== 404) throw error;
};

export interface ElevenLabsVoiceAgentOptions {
  apiKey: string;
  /** Our voice ids → ElevenLabs voice ids (config ELEVENLABS_VOICE_IDS). */
  voiceIds: Record<string, string>;
  /** The API's base URL: the EU data-residency endpoint in production, a local fake in tests. */
  apiRoot?: string;
  timeoutSeconds?: number;
}

export function createElevenLabsVoiceAgent(options: ElevenLabsVoiceAgentOptions): VoiceAgentPort {
  const apiRoot = options.apiRoot ?? 'https://api.elevenlabs.io';
  const timeoutSeconds = options.timeoutSeconds ?? 8;
  let client: Promise<ElevenLabsClient> | null = null;
  // No retries: the platform's creates are not idempotent (a retried create after a lost answer
  // makes a second agent nobody tracks). A refusal undoes what was made and the owner tries again;
  // three rounds of requests at most 8 s each fit the provisioning routes' 29 s.
  const sdk = () =>
    (client ??= import('@elevenlabs/elevenlabs-js').then(
      ({ ElevenLabsClient }) => new ElevenLabsClient({ apiKey: options.apiKey, baseUrl: apiRoot, timeoutInSeconds: timeoutSeconds, maxRetries: 0 }),
      (error: unknown) => {
        // Only Lambdas that list VOICE_AGENT_SDK in their optIn carry it (functions/routes.ts).
        throw new VoiceAgentProviderError(`The voice agent SDK is not bundled into this function: ${(error as Error)?.message}`);
      },
    ));

  /** Agent first (its tools and secret are in use until it is gone), then the tools, then the secret; each is tried, the first refusal thrown after. */
  async function removeAll(api: ElevenLabsClient, handle: Partial<AgentHandle>) {
    const refusals: unknown[] = [];
    const attempt = (request: Promise<unknown>) => request.catch(ignoreMissing).catch((error: unknown) => void refusals.push(error));
    if (handle.agentId) await attempt(api.conversationalAi.agents.delete(handle.agentId));
    await Promise.all(Object.values(handle.tools ?? {}).map((toolId) => attempt(api.conversationalAi.tools.delete(toolId))));
    if (handle.secretId) await attempt(api.conversationalAi.secrets.delete(handle.secretId));
    if (refusals.length) throw refusals[0];
  }

  return {
    provider: async () => 'elevenlabs',

    async create(definition, agentSecret) {
      // Checked before anything is made: a missing voice mapping must not leave a secret and tools behind.
      agentRequest(definition, [], options.voiceIds);
      const api = await sdk();
      const made: { secretId?: string; tools: Record<string, string>; agentId?: string } = { tools: {} };
      try {
        const secretId = (await api.conversationalAi.secrets.create({ name: secretName(definition.salonId), value: `Bearer ${agentSecret}` })).secretId;
        made.secretId = secretId;
        await settle(
          definition.tools.map(async (tool) => {
            made.tools[tool.name] = (await api.conversationalAi.tools.create(toolRequest(tool, secretId, definition.limits.toolTimeoutSeconds))).id;
          }),
        );
        const tools = Object.fromEntries(definition.tools.map((tool) => [tool.name, made.tools[tool.name]!]));
        made.agentId = (await api.conversationalAi.agents.create(agentRequest(definition, Object.values(tools), options.voiceIds))).agentId;
        return { agentId: made.agentId, secretId, tools };
      } catch (error) {
        await removeAll(api, made).catch(() => undefined);
        throw providerError(error);
      }
    },

    async update(handle, definition) {
      const secretId = handle.secretId;
      if (!secretId) throw new VoiceAgentProviderError('The agent has no stored secret: it must be made again', 404);
      agentRequest(definition, [], options.voiceIds);
      const api = await sdk();
      const added: Record<string, string> = {};
      try {
        await settle(
          definition.tools.map(async (tool) => {
            const request = toolRequest(tool, secretId, definition.limits.toolTimeoutSeconds);
            const id = handle.tools[tool.name];
            if (id) await api.conversationalAi.tools.update(id, request);
            else added[tool.name] = (await api.conversationalAi.tools.create(request)).id;
          }),
        );
        const tools = Object.fromEntries(definition.tools.map((tool) => [tool.name, handle.tools[tool.name] ?? added[tool.name]!]));
        const { name, conversationConfig, platformSettings } = agentRequest(definition, Object.values(tools), options.voiceIds);
        await api.conversationalAi.agents.update(handle.agentId, { name, conversationConfig, platformSettings });
        // Tools the registry no longer has: the agent stopped using them above.
        for (const [toolName, id] of Object.entries(handle.tools)) {
          if (!(toolName in tools)) await api.conversationalAi.tools.delete(id).catch(ignoreMissing);
        }
        return { agentId: handle.agentId, secretId, tools };
      } catch (error) {
        // Tools made for this update are nobody's if the agent did not take them.
        for (const id of Object.values(added)) await api.conversationalAi.tools.delete(id).catch(() => undefined);
        throw providerError(error);
      }
    },

    async replaceSecret(handle, salonId, agentSecret) {
      if (!handle.secretId) throw new VoiceAgentProviderError('The agent has no stored secret: it must be made again', 404);
      try {
        await (await sdk()).conversationalAi.secrets.update(handle.secretId, { name: secretName(salonId), value: `Bearer ${agentSecret}` });
      } catch (error) {
        throw providerError(error);
      }
    },

    async remove(handle) {
      try {
        await removeAll(await sdk(), handle);
      } catch (error) {
        throw providerError(error);
      }
    },

    // The voice webhook's one call, while the caller waits: a plain request, so the SDK is never loaded there (see above).
    async registerCall(input) {
      const response = await fetch(new URL('/v1/convai/twilio/register-call', apiRoot), {
        method: 'POST',
        headers: { 'xi-api-key': options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          agent_id: input.agentId,
          from_number: input.from,
          to_number: input.to,
          direction: 'inbound',
          conversation_initiation_client_data: { dynamic_variables: input.dynamicVariables },
        }),
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
      if (!response.ok) throw new VoiceAgentProviderError(`ElevenLabs refused the call: ${response.status}`, response.status);
      return response.text();
    },

    // For the call sweep: a plain request too, so its Lambda carries no SDK.
    conversationState: (conversationId) => fetchConversationState({ apiRoot, apiKey: options.apiKey, timeoutSeconds }, conversationId),
  };
}
