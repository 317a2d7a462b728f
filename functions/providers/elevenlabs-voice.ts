import { z } from 'zod';
import { VoiceProviderError, type VoicePort } from './voice-port.js';

const voiceAnswer = z.object({ preview_url: z.string().url().nullable().optional() });

/**
 * ElevenLabs: each of our voices maps to one of the provider's voice ids (per stage, from
 * config), and the provider's own preview clip is played.
 */
export function createElevenLabsVoice(options: { apiKey: string; voiceIds: Record<string, string>; apiRoot?: string; fetch?: typeof fetch }): VoicePort {
  const root = (options.apiRoot ?? 'https://api.elevenlabs.io').replace(/\/$/, '');
  const request = options.fetch ?? fetch;
  return {
    async previewUrl(voiceId) {
      const providerId = options.voiceIds[voiceId];
      if (!providerId) throw new VoiceProviderError(`No provider voice configured for ${voiceId}`);
      const response = await request(`${root}/v1/voices/${encodeURIComponent(providerId)}`, {
        headers: { 'xi-api-key': options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new VoiceProviderError(`ElevenLabs answered ${response.status}`);
      const parsed = voiceAnswer.safeParse(await response.json());
      if (!parsed.success) throw new VoiceProviderError('ElevenLabs answered an unexpected voice');
      return parsed.data.preview_url ?? null;
    },
  };
}
