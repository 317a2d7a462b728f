import type { AgentTool } from '../../contracts/agent-tools.js';

/**
 * The salon's voice agent as core hands it to the voice-agent port (agent-config.ts builds it),
 * provider-neutral, and the variables each call fills in. A file of its own, so that the port,
 * its adapters and the voice webhook name them without reaching the code that builds an agent
 * (the tool registry, and through it the booking tools): no import cycle through the port.
 */

/** Values filled in per call by the voice webhook (`register-call`), never baked into the agent. */
export const CALL_VARIABLES = {
  salonId: 'salon_id',
  today: 'today',
  callerPhone: 'caller_phone',
  testCall: 'test_call',
  /**
   * Twilio's call SID, ours to send: the provider's own `system__call_sid` is documented for
   * calls through its Twilio integration only, not for calls we register ourselves.
   */
  callSid: 'call_sid',
} as const;

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
  /** Our voice id (contracts/setup.ts VOICES); the adapter maps it to the provider's. */
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
