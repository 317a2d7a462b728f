import { describe, expect, inject, it } from 'vitest';
// Every route the local product serves: the deployed ones and the local-only ones (local/routes.ts).
import { allLocalRoutes as routes } from '../../local/routes.js';
import { api, signUpOwner } from '../support/owners.js';

/**
 * RELIABILITY 36 and 1: query parameters are validated like bodies (out of range is a 400, never a
 * 5xx from the store), and on owner routes the token is checked before anything else is.
 */
describe('query parameters are checked before anything reaches the store', () => {
  it('GET /api/appointments refuses dates out of range, unreal dates and bad day counts with a 400 saying why', async () => {
    const owner = await signUpOwner('appts-range');
    const cases: [string, string][] = [
      ['from=9999-12-31', 'from must be within 3 years of today'],
      ['from=9999-11-15&days=62', 'from must be within 3 years of today'],
      ['from=0000-01-01', 'from must be within 3 years of today'],
      ['from=2026-02-30', 'from must be a real date (YYYY-MM-DD)'],
      ['from=2026-01-01&from=2026-01-02', 'from must be a date (YYYY-MM-DD)'],
      ['days=1e1', 'days must be a whole number from 1 to 62'],
      ['days=63', 'days must be a whole number from 1 to 62'],
      ['salonId=sal_x', 'Unknown query parameter(s): salonId'],
    ];
    for (const [query, message] of cases) {
      const answer = await api(`/api/appointments?${query}`, { token: owner.accessToken });
      expect({ query, status: answer.status, error: answer.body?.error }).toEqual({ query, status: 400, error: message });
    }
    const nextYear = `${new Date().getUTCFullYear() + 1}-06-01`;
    expect((await api(`/api/appointments?from=${nextYear}&days=62`, { token: owner.accessToken })).status).toBe(200);
  });

  it('a route that takes no parameters refuses one, naming it', async () => {
    const owner = await signUpOwner('no-params');
    const salon = await api('/api/salon?salonId=sal_x', { token: owner.accessToken });
    expect(salon).toMatchObject({ status: 400, body: { error: 'Unknown query parameter(s): salonId' } });
    expect((await api('/api/health?verbose=1')).status).toBe(400);
  });

  it('the multiplexed parameters (?action=, ?route=) keep working, and an unknown value of one is a 400', async () => {
    const preview = await api('/api/elevenlabs?action=preview&voiceId=niamh');
    expect(preview.status).toBe(200);
    expect((await api('/api/elevenlabs?action=preview&voiceId=niamh&extra=1')).body.error).toBe('Unknown query parameter(s): extra');
    const owner = await signUpOwner('multiplexed');
    const services = [{ name: 'Cut', duration: null }];
    const autoFill = await api('/api/services/extract?route=auto-fill-durations', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ services }),
    });
    expect(autoFill.status).toBe(200);
    const unknown = await api('/api/services/extract?route=twilio', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ services }) });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'Unknown route' } });
  });

  it('the OAuth callback answers a refused query as it answers everything: back to the wizard, failed', async () => {
    const answer = await fetch(new URL('/api/google/oauth/callback?code=x&state=y&unexpected=1', inject('baseUrl')), { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/\/setup-wizard\?connected=fail$/);
  });
});

describe('bodies', () => {
  it('account deletion refuses a password longer than any Cognito takes, as a wrong one, without asking Cognito', async () => {
    const owner = await signUpOwner('long-password');
    const answer = await api('/api/account/delete', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ password: 'x'.repeat(257) }) });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Incorrect password. Your account has not been deleted.' } });
    expect((await api('/api/salon', { token: owner.accessToken })).status).toBe(200);
  });
});

describe('authentication first, on every owner route', () => {
  const ownerRoutes = routes.filter((route) => route.auth === 'owner').flatMap((route) => route.methods.map((method) => ({ route, method })));
  /** Everything else wrong that a handler could otherwise answer first. */
  const badRequests = (limit: number): [string, { query?: string; body?: string; contentType?: string }][] => [
    ['malformed JSON', { body: '{"password": ', contentType: 'application/json' }],
    ['a body that is not JSON', { body: 'password=x', contentType: 'application/x-www-form-urlencoded' }],
    ['a body over the limit', { body: 'x'.repeat(limit + 1), contentType: 'application/json' }],
    ['a body the schema refuses', { body: '{"salonId":"sal_x"}', contentType: 'application/json' }],
    ['no body', {}],
    ['an unknown query parameter', { query: '?salonId=sal_x' }],
  ];

  it.each(ownerRoutes.map(({ route, method }) => [`${method} ${route.path}`, route, method] as const))(
    '%s answers an ID token 401, whatever else is wrong with the request',
    async (_label, route, method) => {
      const owner = await signUpOwner('idtoken-first');
      // fetch sends no body with a GET; the fuzz (route-fuzz.test.ts) does.
      const cases = badRequests(route.maxBodyBytes).filter(([, request]) => method !== 'GET' || request.body === undefined);
      for (const [what, { query = '', body, contentType }] of cases) {
        const answer = await api(`${route.path}${query}`, {
          method,
          token: owner.idToken,
          ...(body === undefined ? {} : { body }),
          headers: contentType ? { 'content-type': contentType } : {},
        });
        expect({ what, status: answer.status }).toEqual({ what, status: 401 });
        expect(answer.text).toContain('Please sign in again to manage settings');
      }
    },
  );
});
