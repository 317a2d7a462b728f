import { describe, expect, it } from 'vitest';
import { VOICES } from '../../functions/contracts/voice-settings.js';
import { api } from '../support/owners.js';

describe('GET /api/elevenlabs?action=preview', () => {
  it('answers a playable sandbox clip for every voice, without sign-in', async () => {
    const urls = new Set<string>();
    for (const voice of VOICES) {
      const answer = await api(`/api/elevenlabs?action=preview&voiceId=${voice.voiceId}`);
      expect(answer.status).toBe(200);
      expect(answer.body.previewUrl).toMatch(/^data:audio\/wav;base64,/);
      const audio = Buffer.from(answer.body.previewUrl.split(',')[1], 'base64');
      expect(audio.subarray(0, 4).toString()).toBe('RIFF');
      expect(audio.subarray(8, 12).toString()).toBe('WAVE');
      urls.add(answer.body.previewUrl);
    }
    expect(urls.size).toBe(VOICES.length);
  });

  it.each([
    ['/api/elevenlabs?action=preview&voiceId=hal9000', 'Unknown voice'],
    ['/api/elevenlabs?action=preview', undefined],
    ['/api/elevenlabs?action=delete&voiceId=niamh', 'action must be preview'],
    ['/api/elevenlabs', undefined],
  ])('refuses %s with a 400 and an error', async (path, message) => {
    const answer = await api(path);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
    if (message) expect(answer.body.error).toBe(message);
  });
});
