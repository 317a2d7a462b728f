import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { createPrivateKey } from 'node:crypto';
import { SignJWT, generateKeyPair } from 'jose';
import { inject } from 'vitest';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { PAGE_OWNER_HEADER } from '../../functions/contracts/page-owner.js';
import { api, signUpOwner } from '../support/owners.js';

/** docs/reliability.md 1: every kind of bad token is a 401 before any handler runs. */
function base64url(value: object) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('owner routes refuse bad tokens', () => {
  it('refuses a missing token, garbage and a malformed bearer header', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer not-a-jwt', 'Basic abc', 'bearer a.b.c']) {
      const answer = await api('/api/salon', { headers: authorization ? { authorization } : {} });
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.text).not.toMatch(/at .*\.ts|stack/i);
    }
  });

  it('refuses alg:none, an HS256 token signed with a guessed key, a foreign RSA key, a wrong issuer and a wrong client', async () => {
    const owner = await signUpOwner('forge');
    const [, payload] = owner.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'CognitoLocal' }).sign(new TextEncoder().encode('secret'));
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    const tampered = `${owner.accessToken.split('.')[0]}.${base64url({ ...claims, sub: 'someone-else' })}.${owner.accessToken.split('.')[2]}`;
    for (const token of [unsigned, hs256, foreign, tampered]) {
      expect((await api('/api/salon', { token })).status).toBe(401);
    }
  });

  it('refuses tokens signed with the pool key that are expired, from another issuer or for another client', async () => {
    // The local pool's signing key ships with cognito-local, so well-signed bad tokens can be made.
    const { pem } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
    const key = createPrivateKey(pem);
    const owner = await signUpOwner('signed');
    const claims = JSON.parse(Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString());
    const sign = (overrides: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...overrides }).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
    const now = Math.floor(Date.now() / 1000);
    expect((await api('/api/salon', { token: await sign({}) })).status).toBe(200);
    expect((await api('/api/salon', { token: await sign({ exp: now - 60, iat: now - 3600 }) })).status).toBe(401);
    expect((await api('/api/salon', { token: await sign({ iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_other' }) })).status).toBe(401);
    expect((await api('/api/salon', { token: await sign({ client_id: 'another-client' }) })).status).toBe(401);
  });

  it('refuses an ID token in place of the access token', async () => {
    const owner = await signUpOwner('idtoken');
    const answer = await api('/api/salon', { token: owner.idToken });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('Please sign in again to manage settings');
  });

  it('accepts the real access token (control)', async () => {
    const owner = await signUpOwner('control');
    expect((await api('/api/salon', { token: owner.accessToken })).status).toBe(200);
    expect(inject('productEnv').USER_POOL_ID).toMatch(/^local_/);
  });
});

describe('a page acts for the owner it was loaded for (RELIABILITY 99)', () => {
  it("refuses a request whose token is not the owner the page names, and writes nothing into the token's salon", async () => {
    const [left, next] = await Promise.all([signUpOwner('pageleft'), signUpOwner('pagenext')]);
    const business = {
      name: 'Left Behind',
      phone: '01 234 5678',
      address_line: '',
      town_city: 'Cork',
      county: 'Cork',
      eircode: '',
      directions: '',
      owner_mobile: '087 111 1111',
    };
    const body = JSON.stringify({ step: 1, business, hours: DEFAULT_HOURS, currentStep: 1 });
    const stale = await api('/api/setup/step', { method: 'POST', token: next.accessToken, headers: { [PAGE_OWNER_HEADER]: left.userId }, body });
    expect(stale.status).toBe(401);
    // The wizard's route answers its refusals as text.
    expect(stale.text).toBe('Please sign in again to manage settings');
    expect((await api('/api/setup/load', { token: next.accessToken })).body.business.name).not.toBe('Left Behind');
    expect((await api('/api/salon', { token: next.accessToken, headers: { [PAGE_OWNER_HEADER]: left.userId } })).status).toBe(401);
    // The page's own owner, named: as before.
    expect((await api('/api/setup/step', { method: 'POST', token: next.accessToken, headers: { [PAGE_OWNER_HEADER]: next.userId }, body })).status).toBe(200);
  });
});
