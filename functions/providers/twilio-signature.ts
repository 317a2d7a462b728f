import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's webhook signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's
 * auth token, of the full URL Twilio requested followed by every POST parameter's name and value,
 * names in sorted order. A few lines of our own instead of the SDK's `validateRequest`, whose
 * module pulls in the SDK's request stack; tests/unit/telephony/twilio-signature.test.ts holds
 * both to the same answers.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  // Code-unit order, as Twilio sorts (and as `validateRequest` does with Object.keys().sort()).
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The URL with its scheme's default port written out, or as it is when it names one. */
function withDefaultPort(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || parsed.port) return url;
  return `${parsed.protocol}//${parsed.hostname}:${parsed.protocol === 'https:' ? 443 : 80}${url.slice(parsed.origin.length)}`;
}

/**
 * Checks the URL as built and with its default port written out: Twilio has signed both ways
 * (its SDK's `validateRequest` accepts either too).
 */
export function isValidTwilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>, signature: string | undefined): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return [url, withDefaultPort(url)].some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
