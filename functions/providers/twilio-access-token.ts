import { createHmac } from 'node:crypto';

/**
 * A Twilio access token for the browser voice SDK (what the SDK's `AccessToken` with one
 * `VoiceGrant` makes): outgoing calls through one TwiML app, no incoming calls, for `ttlSeconds`.
 * A few lines of our own: the SDK's class brings jsonwebtoken into every Lambda bundle that
 * reaches the telephony adapters; tests/unit/telephony/access-token.test.ts holds the two to the
 * same token.
 */
export interface VoiceTokenInput {
  accountSid: string;
  /** The API key (SK…) the token is signed with, and its secret. */
  keySid: string;
  secret: string;
  applicationSid: string;
  identity: string;
  ttlSeconds: number;
  now?: number;
  /**
   * The Twilio Region the key was made in and the call is processed in: the SDK's AccessToken
   * `region` option, sent as the `twr` header.
   */
  region?: string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export function voiceAccessToken(input: VoiceTokenInput): string {
  const issuedAt = Math.floor((input.now ?? Date.now()) / 1000);
  const header = { alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1', ...(input.region ? { twr: input.region } : {}) };
  const payload = {
    jti: `${input.keySid}-${issuedAt}`,
    grants: { identity: input.identity, voice: { outgoing: { application_sid: input.applicationSid } } },
    iat: issuedAt,
    exp: issuedAt + input.ttlSeconds,
    iss: input.keySid,
    sub: input.accountSid,
  };
  const signed = `${encode(header)}.${encode(payload)}`;
  return `${signed}.${createHmac('sha256', input.secret).update(signed).digest('base64url')}`;
}
