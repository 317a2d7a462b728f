import type { AgentTool } from '../../contracts/agent-tools.js';

/**
 * The salon's voice agent as core hands it to the voice-agent port (agent-config.ts builds it),
 * provider-neutral (the variables each call fills in are call-variables.ts). A file of its own, so
 * that the port and its adapters name it without reaching the code that builds an agent
 * (the tool registry, and through it the booking tools): no import cycle through the port.
 */

export interface AgentCallLimits {
  maxDurationSeconds: number;
  silenceEndCallSeconds: number;
  toolTimeoutSeconds: number;
}

export interface AgentRetention {
  conversationDays: number;
  recordVoice: boolean;
}

export interface AgentToolDefinition {
  name: AgentTool;
  description: string;
  url: string;
  /** JSON Schema of the body, generated from the tool's zod contract. */
  bodySchema: Record<string, unknown>;
}

export interface AgentDefinition {
  salonId: string;
  name: string;
  firstMessage: string;
  language: string;
  /** Our voice id (contracts/voice-settings.ts VOICES); the adapter maps it to the provider's. */
  voice: string;
  systemPrompt: string;
  timezone: string;
  limits: AgentCallLimits;
  retention: AgentRetention;
  /**
   * The call variables' values for a conversation that did not come through our voice webhook
   * (the provider's own test console): treated as a test call, so nothing it books is real.
   */
  callVariablePlaceholders: Record<string, string>;
  tools: AgentToolDefinition[];
}
