import { randomBytes } from 'node:crypto';
import type { VoiceAgentPort } from '../../functions/core/ports/voice-agent.js';
import { escapeHtml } from '../../functions/core/escape-html.js';

/**
 * The voice agent sandbox: no provider account, clearly labelled. An agent is only its record in
 * the table (`sandbox_agent_…`, kept by provisioning like a real one); a call connected to it
 * streams to the local receptionist (`/_local/receptionist`), which answers through the same tool
 * registry the real agent's tools call.
 */

export function createSandboxVoiceAgent(options: { siteUrl: string }): VoiceAgentPort {
  return {
    provider: async () => 'sandbox',
    create: async () => ({ agentId: `sandbox_agent_${randomBytes(10).toString('hex')}`, secretId: null, tools: {} }),
    update: async (handle) => handle,
    replaceSecret: async () => undefined,
    remove: async () => undefined,
    // The local receptionist keeps no conversation record a provider would: none is ever known.
    conversationState: async () => ({ state: 'unknown' }),
    async registerCall(input) {
      const url = new URL('/_local/receptionist', options.siteUrl);
      url.searchParams.set('agentId', input.agentId);
      url.searchParams.set('callSid', input.callSid);
      for (const [name, value] of Object.entries(input.dynamicVariables)) url.searchParams.set(name, value);
      return `<?xml version="1.0" encoding="UTF-8"?><Response><!-- Sandbox voice agent (no ElevenLabs account): the local receptionist answers. --><Connect><Stream url="${escapeHtml(url.toString())}"/></Connect></Response>`;
    },
  };
}
