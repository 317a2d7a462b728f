import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * ElevenLabs signs each webhook with `ElevenLabs-Signature: t=<unix seconds>,v0=<hex>`, the hex
 * being HMAC-SHA256 of `<t>.<raw body>` under the workspace's webhook secret. A few lines of
 * node:crypto instead of the SDK (5 MB, ~0.8 s to import where a webhook waits); a test checks
 * them against the SDK's own `webhooks.constructEvent` so they cannot drift.
 */
export const ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS = 30 * 60;

export type SignatureVerdict = 'valid' | 'missing' | 'malformed' | 'stale' | 'mismatch';

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
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? 'valid' : 'mismatch';
}
