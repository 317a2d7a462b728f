import { chooseOnce } from './choose-once.js';

/** The text-to-speech provider, as the setup wizard needs it: a short preview of each voice. */
export interface VoicePort {
  previewUrl(voiceId: string): Promise<string | null>;
}

export class VoiceProviderError extends Error {}

/** Chooses the adapter on first use (its credentials may live in the provider secret). */
export function lazyVoice(choose: () => Promise<VoicePort>): VoicePort {
  const adapter = chooseOnce(choose);
  return { previewUrl: async (voiceId) => (await adapter()).previewUrl(voiceId) };
}
