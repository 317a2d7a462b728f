import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it } from 'vitest';
import { signElevenLabsPayload, verifyElevenLabsSignature } from '../../../functions/providers/elevenlabs-webhook-signature.js';

/** Reliability 12, 39 and 48: the post-call webhook's HMAC and time window, which a signature from the future is outside of. */
const SECRET = 'wsec_unit_0123456789abcdef';
const BODY = JSON.stringify({ type: 'post_call_transcription', event_timestamp: 1763800000, data: { conversation_id: 'conv_1' } });
const NOW = new Date('2026-11-22T10:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

describe('the ElevenLabs webhook signature', () => {
  it('accepts what ElevenLabs signs, up to 30 minutes old or a clock skew ahead', () => {
    expect(verifyElevenLabsSignature(BODY, signElevenLabsPayload(BODY, SECRET, T), SECRET, NOW)).toBe('valid');
    expect(verifyElevenLabsSignature(BODY, signElevenLabsPayload(BODY, SECRET, T - 29 * 60), SECRET, NOW)).toBe('valid');
    expect(verifyElevenLabsSignature(BODY, signElevenLabsPayload(BODY, SECRET, T + 30), SECRET, NOW)).toBe('valid');
    expect(verifyElevenLabsSignature(BODY, ` t=${T} , v0=${signElevenLabsPayload(BODY, SECRET, T).split('v0=')[1]} `, SECRET, NOW)).toBe('valid');
  });

  it.each([
    ['no header', undefined, 'missing'],
    ['an empty header', '', 'missing'],
    ['no timestamp', `v0=${'a'.repeat(64)}`, 'malformed'],
    ['no hash', `t=${T}`, 'malformed'],
    ['a short hash', `t=${T},v0=abcd`, 'malformed'],
    ['a timestamp that is not a number', `t=soon,v0=${'a'.repeat(64)}`, 'malformed'],
    ['an old timestamp (replay)', signElevenLabsPayload(BODY, SECRET, T - 31 * 60), 'stale'],
    ['a timestamp from the future', signElevenLabsPayload(BODY, SECRET, T + 31 * 60), 'future'],
    ['a timestamp 29 minutes ahead', signElevenLabsPayload(BODY, SECRET, T + 29 * 60), 'future'],
    ['a timestamp two minutes ahead', signElevenLabsPayload(BODY, SECRET, T + 2 * 60), 'future'],
    ['another secret', signElevenLabsPayload(BODY, 'wsec_other', T), 'mismatch'],
    ['the timestamp changed after signing', signElevenLabsPayload(BODY, SECRET, T).replace(`t=${T}`, `t=${T + 1}`), 'mismatch'],
  ] as const)('refuses %s', (_name, header, verdict) => {
    expect(verifyElevenLabsSignature(BODY, header, SECRET, NOW)).toBe(verdict);
  });

  it('refuses a body changed by one character', () => {
    const header = signElevenLabsPayload(BODY, SECRET, T);
    expect(verifyElevenLabsSignature(BODY.replace('conv_1', 'conv_2'), header, SECRET, NOW)).toBe('mismatch');
  });
});

describe("against the vendor's own validator (the SDK's webhooks.constructEvent)", () => {
  const sdk = new ElevenLabsClient({ apiKey: 'unused' }).webhooks;
  // The SDK reads the real clock: so do these cases.
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const sdkAccepts = (header: string, body = BODY) =>
    sdk.constructEvent(body, header, SECRET).then(
      () => true,
      () => false,
    );

  it('agrees on what ElevenLabs signs, a stale timestamp, another secret and a changed body', async () => {
    const cases = [
      signElevenLabsPayload(BODY, SECRET, nowSeconds()),
      signElevenLabsPayload(BODY, SECRET, nowSeconds() - 29 * 60),
      signElevenLabsPayload(BODY, SECRET, nowSeconds() - 31 * 60),
      signElevenLabsPayload(BODY, 'wsec_other', nowSeconds()),
    ];
    for (const header of cases) {
      expect([header, verifyElevenLabsSignature(BODY, header, SECRET, new Date()) === 'valid']).toEqual([header, await sdkAccepts(header)]);
    }
    const signed = signElevenLabsPayload(BODY, SECRET, nowSeconds());
    expect(await sdkAccepts(signed, BODY.replace('conv_1', 'conv_2'))).toBe(false);
  });

  it('is stricter on one point only: the SDK takes a timestamp from the future, we refuse it (RELIABILITY 67)', async () => {
    const ahead = signElevenLabsPayload(BODY, SECRET, nowSeconds() + 29 * 60);
    expect(await sdkAccepts(ahead)).toBe(true);
    expect(verifyElevenLabsSignature(BODY, ahead, SECRET, new Date())).toBe('future');
  });
});
