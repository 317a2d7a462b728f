import { describe, expect, it } from 'vitest';
import { signElevenLabsPayload, verifyElevenLabsSignature } from '../../../functions/providers/elevenlabs-webhook-signature.js';

/** Reliability 12 and 39: the post-call webhook's HMAC and time window. */
const SECRET = 'wsec_unit_0123456789abcdef';
const BODY = JSON.stringify({ type: 'post_call_transcription', event_timestamp: 1763800000, data: { conversation_id: 'conv_1' } });
const NOW = new Date('2026-11-22T10:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

describe('the ElevenLabs webhook signature', () => {
  it('accepts what ElevenLabs signs, within the window either side', () => {
    expect(verifyElevenLabsSignature(BODY, signElevenLabsPayload(BODY, SECRET, T), SECRET, NOW)).toBe('valid');
    expect(verifyElevenLabsSignature(BODY, signElevenLabsPayload(BODY, SECRET, T - 29 * 60), SECRET, NOW)).toBe('valid');
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
    ['a timestamp from the future', signElevenLabsPayload(BODY, SECRET, T + 31 * 60), 'stale'],
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
