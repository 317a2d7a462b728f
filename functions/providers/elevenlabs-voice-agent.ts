import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { agentRequest, mergedPlatformSettings, registerCallBody, toolRequest } from './elevenlabs-agent-requests.js';
import { ELEVENLABS_EU_API_ROOT } from './elevenlabs-residency.js';
import { fetchConversationState } from './elevenlabs-conversation.js';
import { VoiceAgentProviderError, type AgentHandle, type VoiceAgentPort } from '../core/ports/voice-agent.js';

/**
 * The salon's agent on the ElevenLabs Agents Platform, through the official SDK. The SDK is
 * 5 MB and slow to load, so it is imported here only, on first use: the routes that provision
 * load it; the tools, voice-webhook and post-call routes, where a caller waits, never do.
 *
 * One salon's agent is: a workspace secret holding `Bearer <agent secret>` (the tools'
 * Authorization header), one webhook tool per agent tool, and the agent itself. Creation makes
 * them in that order (the tools side by side, to keep Go Live quick) and, when the provider
 * refuses part-way, deletes what it made.
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): `registerCall` answers Twilio
 * with ElevenLabs' TwiML; the hosted agent then calls functions/api/agent-tools.ts for every tool
 * it uses. (Under `npm start` the sandbox voice agent stands in for ElevenLabs.)
 */
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
  /** The API's base URL: default the EU data-residency workspace's; a local fake in tests. */
  apiRoot?: string;
  timeoutSeconds?: number;
}

export function createElevenLabsVoiceAgent(options: ElevenLabsVoiceAgentOptions): VoiceAgentPort {
  const apiRoot = options.apiRoot ?? ELEVENLABS_EU_API_ROOT;
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
        // Read, then write the merge: what an operator set in the dashboard stays.
        const current = await api.conversationalAi.agents.get(handle.agentId);
        await api.conversationalAi.agents.update(handle.agentId, {
          name,
          conversationConfig,
          platformSettings: mergedPlatformSettings(current.platformSettings, platformSettings ?? {}),
        });
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
        body: JSON.stringify(registerCallBody(input)),
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
      if (!response.ok) throw new VoiceAgentProviderError(`ElevenLabs refused the call: ${response.status}`, response.status);
      return response.text();
    },

    // For the call sweep: a plain request too, so its Lambda carries no SDK.
    conversationState: (conversationId) => fetchConversationState({ apiRoot, apiKey: options.apiKey, timeoutSeconds }, conversationId),
  };
}
