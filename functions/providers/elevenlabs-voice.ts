import * as z from 'zod';
import { ELEVENLABS_EU_API_ROOT } from './elevenlabs-residency.js';
import { VoiceProviderError, type VoicePort } from '../core/ports/voice.js';

const voiceAnswer = z.object({ preview_url: z.string().url().nullable().optional() });

/**
 * ElevenLabs: each of our voices maps to one of the provider's voice ids (per stage, from
 * config), and the provider's own preview clip is played.
 */
export function createElevenLabsVoice(options: { apiKey: string; voiceIds: Record<string, string>; apiRoot?: string; fetch?: typeof fetch }): VoicePort {
  const root = (options.apiRoot ?? ELEVENLABS_EU_API_ROOT).replace(/\/$/, '');
  const request = options.fetch ?? fetch;
  // A voice's preview clip does not change: ask the provider once per voice per instance, which
  // also keeps the public preview route from running up the provider's bill.
  const known = new Map<string, string | null>();
  return {
    async previewUrl(voiceId) {
      if (known.has(voiceId)) return known.get(voiceId)!;
      const providerId = options.voiceIds[voiceId];
      if (!providerId) throw new VoiceProviderError(`No provider voice configured for ${voiceId}`);
      const response = await request(`${root}/v1/voices/${encodeURIComponent(providerId)}`, {
        headers: { 'xi-api-key': options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new VoiceProviderError(`ElevenLabs answered ${response.status}`);
      const parsed = voiceAnswer.safeParse(await response.json());
      if (!parsed.success) throw new VoiceProviderError('ElevenLabs answered an unexpected voice');
      const url = parsed.data.preview_url ?? null;
      known.set(voiceId, url);
      return url;
    },
  };
}
