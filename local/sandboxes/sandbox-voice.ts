import { VOICES } from '../../functions/contracts/voice-settings.js';
import type { VoicePort } from '../../functions/core/ports/voice.js';

const SAMPLE_RATE = 8000;

/** A mono 16-bit PCM WAV file. */
export function wav(samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), index * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Sandbox: no voice provider is configured, so each voice gets a short generated chime of its
 * own (a different pitch per voice) instead of speech — enough to try the play/stop flow.
 */
export function chimeFor(voiceId: string): Buffer {
  const index = Math.max(
    0,
    VOICES.findIndex((voice) => voice.voiceId === voiceId),
  );
  const base = 330 * 2 ** (index / 6);
  const notes = [base, base * 1.25, base * 1.5];
  const noteLength = Math.floor(SAMPLE_RATE * 0.25);
  const samples = new Float32Array(noteLength * notes.length);
  notes.forEach((frequency, note) => {
    for (let i = 0; i < noteLength; i += 1) {
      const envelope = Math.min(1, i / 200) * Math.exp((-3 * i) / noteLength);
      samples[note * noteLength + i] = 0.4 * envelope * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
    }
  });
  return wav(samples);
}

export function createSandboxVoice(): VoicePort {
  return {
    async previewUrl(voiceId) {
      return `data:audio/wav;base64,${chimeFor(voiceId).toString('base64')}`;
    },
  };
}
