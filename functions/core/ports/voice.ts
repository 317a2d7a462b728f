/** The text-to-speech provider, as the setup wizard needs it: a short preview of each voice. */
export interface VoicePort {
  previewUrl(voiceId: string): Promise<string | null>;
}

export class VoiceProviderError extends Error {}
