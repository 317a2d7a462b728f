import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * ElevenLabs signs each webhook with `ElevenLabs-Signature: t=<unix seconds>,v0=<hex>`, the hex
 * being HMAC-SHA256 of `<t>.<raw body>` under the workspace's webhook secret. A few lines of
 * node:crypto instead of the SDK (5 MB, ~0.8 s to import where a webhook waits); a test checks
 * them against the SDK's own `webhooks.constructEvent` so they cannot drift.
 *
 * The SDK refuses a timestamp older than 30 minutes and takes any from the future. A signature
 * dated ahead of our clock by more than a clock's drift was not made by ElevenLabs just now
 * (RELIABILITY 67): it is refused, so a captured delivery cannot be post-dated to outlive the window.
 */
export const ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS = 30 * 60;
export const ELEVENLABS_SIGNATURE_CLOCK_SKEW_SECONDS = 60;

export type SignatureVerdict = 'valid' | 'missing' | 'malformed' | 'stale' | 'future' | 'mismatch';

export function signElevenLabsPayload(rawBody: string, secret: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v0=${digest}`;
}

export function verifyElevenLabsSignature(rawBody: string, header: string | undefined, secret: string, now: Date): SignatureVerdict {
  if (!header) return 'missing';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = parts.get('t');
  const given = parts.get('v0');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !given || !/^[0-9a-f]{64}$/i.test(given)) return 'malformed';
  const age = now.getTime() / 1000 - Number(timestamp);
  if (age > ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  if (age < -ELEVENLABS_SIGNATURE_CLOCK_SKEW_SECONDS) return 'future';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? 'valid' : 'mismatch';
}
