import { createHmac } from 'node:crypto';
import AccessToken from 'twilio/lib/jwt/AccessToken.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { voiceAccessToken } from '../../../functions/providers/twilio-access-token.js';

/** Our few lines against the SDK's AccessToken with a VoiceGrant, so the two cannot drift apart. */
const input = {
  accountSid: `AC${'1'.repeat(32)}`,
  keySid: `SK${'2'.repeat(32)}`,
  secret: 'api-key-secret',
  applicationSid: `AP${'3'.repeat(32)}`,
  identity: 'salon_73616c5f61626364',
  ttlSeconds: 600,
};

const decode = (token: string) =>
  token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));

afterEach(() => {
  vi.useRealTimers();
});

describe('the browser voice access token', () => {
  it("is the SDK's AccessToken with one VoiceGrant for outgoing calls through the TwiML app", () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.400Z') });
    const sdk = new AccessToken(input.accountSid, input.keySid, input.secret, { identity: input.identity, ttl: input.ttlSeconds });
    sdk.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: input.applicationSid }));
    const theirs = sdk.toJwt();
    const ours = voiceAccessToken(input);
    expect(decode(ours)).toEqual(decode(theirs));
    const [, payload] = decode(ours);
    expect(payload).toEqual({
      jti: `${input.keySid}-1795341600`,
      grants: { identity: input.identity, voice: { outgoing: { application_sid: input.applicationSid } } },
      iat: 1795341600,
      exp: 1795342200,
      iss: input.keySid,
      sub: input.accountSid,
    });
  });

  it('is signed with the API key secret (HS256), as the SDK signs it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.000Z') });
    const sdk = new AccessToken(input.accountSid, input.keySid, input.secret, { identity: input.identity, ttl: input.ttlSeconds });
    sdk.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: input.applicationSid }));
    const [header, payload, signature] = voiceAccessToken(input).split('.');
    expect(signature).toBe(createHmac('sha256', input.secret).update(`${header}.${payload}`).digest('base64url'));
    const [sdkHeader, sdkPayload, sdkSignature] = sdk.toJwt().split('.');
    expect(sdkSignature).toBe(createHmac('sha256', input.secret).update(`${sdkHeader}.${sdkPayload}`).digest('base64url'));
    expect(signature).not.toBe(createHmac('sha256', 'another-secret').update(`${header}.${payload}`).digest('base64url'));
  });
});
