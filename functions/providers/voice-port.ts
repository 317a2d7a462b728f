/** The text-to-speech provider, as the setup wizard needs it: a short preview of each voice. */
export interface VoicePort {
  previewUrl(voiceId: string): Promise<string | null>;
}

export class VoiceProviderError extends Error {}

/** Chooses the adapter on first use (its credentials may live in the provider secret). */
export function lazyVoice(choose: () => Promise<VoicePort>): VoicePort {
  let chosen: Promise<VoicePort> | undefined;
  return {
    async previewUrl(voiceId) {
      chosen ??= choose().catch((error: unknown) => {
        chosen = undefined;
        throw error;
      });
      return (await chosen).previewUrl(voiceId);
    },
  };
}
