import { describe, expect, it } from 'vitest';
import { CLIENT_TOKEN_TTL_SECONDS } from '../../functions/contracts/telephony.js';
import { identityForSalon } from '../../functions/core/telephony/client-identity.js';
import { SANDBOX_TWIML_APP_SID } from '../../local/sandboxes/sandbox-telephony.js';
import { api, signUpOwner } from '../support/owners.js';

/** The browser test call's owner routes: the voice SDK's token and hanging up. */
const CALL_SID = `CA${'1'.repeat(32)}`;

function payloadOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('POST /api/twilio?route=client-token', () => {
  it("issues a short-lived token whose only grant is outgoing calls through the stage's TwiML app, for the owner's salon", async () => {
    const owner = await signUpOwner('token');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body as { id: string };
    const answer = await api('/api/twilio?route=client-token', { method: 'POST', token: owner.accessToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.any(String), identity: identityForSalon(salon.id), sandbox: true });
    expect(answer.body.identity).toMatch(/^[A-Za-z0-9_]+$/);
    const payload = payloadOf(answer.body.token);
    expect(payload.grants).toEqual({ identity: identityForSalon(salon.id), voice: { outgoing: { application_sid: SANDBOX_TWIML_APP_SID } } });
    expect(payload.exp - payload.iat).toBe(CLIENT_TOKEN_TTL_SECONDS);
    // An empty JSON body is the same request.
    expect((await api('/api/twilio?route=client-token', { method: 'POST', token: owner.accessToken, body: '{}' })).status).toBe(200);
  });

  it('needs a signed-in owner', async () => {
    expect((await api('/api/twilio?route=client-token', { method: 'POST' })).status).toBe(401);
  });

  it('refuses an unknown route, extra parameters and a body', async () => {
    const owner = await signUpOwner('token-bad');
    expect((await api('/api/twilio?route=make-call', { method: 'POST', token: owner.accessToken })).status).toBe(400);
    expect((await api('/api/twilio', { method: 'POST', token: owner.accessToken })).status).toBe(400);
    expect((await api('/api/twilio?route=client-token&salonId=sal_x', { method: 'POST', token: owner.accessToken })).status).toBe(400);
    expect(
      (await api('/api/twilio?route=client-token', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ identity: 'admin' }) })).status,
    ).toBe(400);
  });
});

describe('POST /api/twilio?route=end-conference', () => {
  it("ends the owner's own test call", async () => {
    const owner = await signUpOwner('end');
    const salon = (await api('/api/salon', { token: owner.accessToken })).body as { id: string };
    const answer = await api('/api/twilio?route=end-conference', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ callSid: CALL_SID, salonId: salon.id }),
    });
    expect(answer).toMatchObject({ status: 200, body: { ended: true } });
  });

  it("refuses another salon's id, and a malformed call SID", async () => {
    const [owner, other] = await Promise.all([signUpOwner('end-a'), signUpOwner('end-b')]);
    const otherSalon = (await api('/api/salon', { token: other.accessToken })).body as { id: string };
    const forged = await api('/api/twilio?route=end-conference', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ callSid: CALL_SID, salonId: otherSalon.id }),
    });
    expect(forged.status).toBe(403);
    const salon = (await api('/api/salon', { token: owner.accessToken })).body as { id: string };
    const malformed = await api('/api/twilio?route=end-conference', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ callSid: 'CA123', salonId: salon.id }),
    });
    expect(malformed.status).toBe(400);
    expect((await api('/api/twilio?route=end-conference', { method: 'POST', token: owner.accessToken })).status).toBe(400);
  });
});
