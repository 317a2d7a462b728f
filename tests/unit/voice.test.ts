import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElevenLabsVoice } from '../../functions/providers/elevenlabs-voice.js';
import { chimeFor } from '../../local/sandboxes/sandbox-voice.js';
import { defaultFirstMessage } from '../../functions/contracts/voice-settings.js';

/** A local stand-in for the provider's voice endpoint, recording what it was asked. */
const seen: { url: string; key: string | undefined }[] = [];
const server = createServer((request, response) => {
  seen.push({ url: request.url ?? '', key: request.headers['xi-api-key'] as string | undefined });
  if (request.url === '/v1/voices/provider-niamh') {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ voice_id: 'provider-niamh', preview_url: 'https://cdn.example/niamh.mp3' }));
  } else if (request.url === '/v1/voices/provider-silent') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ voice_id: 'provider-silent', preview_url: null }));
  } else {
    response.writeHead(401).end();
  }
});
let root = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the ElevenLabs voice adapter', () => {
  it("answers the provider's preview clip for the mapped voice, with the API key", async () => {
    const voice = createElevenLabsVoice({ apiKey: 'key-1', apiRoot: root, voiceIds: { niamh: 'provider-niamh', becky: 'provider-silent' } });
    expect(await voice.previewUrl('niamh')).toBe('https://cdn.example/niamh.mp3');
    expect(seen.at(-1)).toEqual({ url: '/v1/voices/provider-niamh', key: 'key-1' });
    expect(await voice.previewUrl('becky')).toBeNull();
    const asked = seen.length;
    expect(await voice.previewUrl('niamh')).toBe('https://cdn.example/niamh.mp3');
    expect(seen.length).toBe(asked);
  });

  it('fails clearly for an unmapped voice or a provider error', async () => {
    const voice = createElevenLabsVoice({ apiKey: 'key-1', apiRoot: root, voiceIds: { emily: 'provider-unknown' } });
    await expect(voice.previewUrl('niamh')).rejects.toThrow(/No provider voice/);
    await expect(voice.previewUrl('emily')).rejects.toThrow(/401/);
  });
});

describe('the sandbox voice', () => {
  it('makes a short, valid WAV chime per voice', () => {
    const clip = chimeFor('niamh');
    expect(clip.subarray(0, 4).toString()).toBe('RIFF');
    expect(clip.readUInt32LE(4)).toBe(clip.length - 8);
    expect(clip.length).toBeLessThan(20_000);
    expect(chimeFor('niamh').equals(chimeFor('juniper'))).toBe(false);
  });
});

describe('the first message', () => {
  it('greets callers in the salon name and says it is an AI assistant', () => {
    const message = defaultFirstMessage('Cuts by Ciara');
    expect(message).toContain('Cuts by Ciara');
    expect(message).toMatch(/AI assistant/);
  });
});
