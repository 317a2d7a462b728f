import type { AgentDefinition } from '../voice-agent/agent-definition.js';
import type { ProviderCallState } from './telephony.js';

/**
 * The hosted voice agent (ElevenLabs Agents Platform, or the labelled sandbox): create, update
 * and delete a salon's agent, and connect a phone call to it.
 */
export type VoiceAgentProviderName = 'elevenlabs' | 'sandbox';

/** What the provider made for one salon; kept so updates and deletion reach the same things. */
export interface AgentHandle {
  agentId: string;
  /** The stored secret holding the salon's agent secret (the tools' Authorization header). */
  secretId: string | null;
  /** Our tool name → the provider's tool id. */
  tools: Record<string, string>;
}

export interface RegisterCallInput {
  agentId: string;
  from: string;
  to: string;
  callSid: string;
  dynamicVariables: Record<string, string>;
}

export class VoiceAgentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VoiceAgentProviderError';
  }
}

export interface VoiceAgentPort {
  provider(): Promise<VoiceAgentProviderName>;
  /** Makes everything the agent needs; on a refusal part-way it removes what it made, then throws. */
  create(definition: AgentDefinition, agentSecret: string): Promise<AgentHandle>;
  /** Brings the agent and its tools up to date (a tool added to the registry is made, one dropped is removed); answers the new handle. */
  update(handle: AgentHandle, definition: AgentDefinition): Promise<AgentHandle>;
  /** The salon's agent secret was rotated: the stored secret the tools send takes the new one. */
  replaceSecret(handle: AgentHandle, salonId: string, agentSecret: string): Promise<void>;
  /** Removes the agent, its tools and its secret; what is already gone is not an error. */
  remove(handle: AgentHandle): Promise<void>;
  /** TwiML that connects a ringing call to the agent. */
  registerCall(input: RegisterCallInput): Promise<string>;
  /** The provider's record of one conversation: whether it is over, and how long the call lasted. */
  conversationState(conversationId: string): Promise<ProviderCallState>;
}
