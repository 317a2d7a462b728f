import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { listAppointmentsQuery } from '../../functions/contracts/appointments.js';
import { isJsonContentType, json, ownerRoute, publicRoute, type ApiEvent } from '../../functions/http/handler.js';

/** The handler stack's order and its query and header checks, on bare events. */
const event = (parts: { body?: string; contentType?: string; query?: Record<string, string>; tokenUse?: string }) =>
  ({
    body: parts.body,
    isBase64Encoded: false,
    headers: parts.contentType ? { 'content-type': parts.contentType } : {},
    queryStringParameters: parts.query,
    requestContext: parts.tokenUse ? { authorizer: { jwt: { claims: { sub: 'u1', username: 'u1', token_use: parts.tokenUse } } } } : {},
  }) as unknown as ApiEvent;

const answer = async (handler: (event: ApiEvent, context: never) => Promise<unknown>, parts: Parameters<typeof event>[0]) => {
  const result = (await handler(event(parts), {} as never)) as { statusCode: number; body: string };
  return { status: result.statusCode, error: (JSON.parse(result.body) as { error?: string }).error };
};

/**
 * These routes skip the deleted-owner lookup (finishesDeletion), so they need no table: that lookup
 * has its own tests against the local product (tests/api/deleted-owner.test.ts).
 */
describe('the owner check comes first', () => {
  const route = ownerRoute({ routeId: 'setup-step', body: z.strictObject({ step: z.number() }), finishesDeletion: true }, async () => json(200, {}));

  it.each([
    ['a body over the limit', { body: `"${'x'.repeat(300 * 1024)}"`, contentType: 'application/json' }],
    ['a body that is not JSON', { body: 'step=1', contentType: 'text/plain' }],
    ['malformed JSON', { body: '{', contentType: 'application/json' }],
    ['a body the schema refuses', { body: '{"salonId":"x"}', contentType: 'application/json' }],
    ['an unknown query parameter', { body: '{"step":1}', contentType: 'application/json', query: { salonId: 'x' } }],
  ])('an ID token with %s is a 401', async (_label, parts) => {
    expect(await answer(route, { ...parts, tokenUse: 'id' })).toEqual({ status: 401, error: 'Please sign in again to manage settings' });
    const withAccessToken = (await answer(route, { ...parts, tokenUse: 'access' })).status;
    expect(withAccessToken).toBeGreaterThanOrEqual(400);
    expect(withAccessToken).toBeLessThan(500);
    expect(withAccessToken).not.toBe(401);
  });
});

describe('query strings', () => {
  it('a route without a query schema takes no parameters', async () => {
    const route = publicRoute({ routeId: 'get-health' }, async ({ query }) => json(200, query));
    expect(await answer(route, { query: { verbose: '1' } })).toEqual({ status: 400, error: 'Unknown query parameter(s): verbose' });
    expect((await answer(route, {})).status).toBe(200);
  });

  it('a schema parses the query once, before the handler runs, and its refusals are 400s', async () => {
    let seen: unknown;
    const route = ownerRoute({ routeId: 'list-appointments', query: listAppointmentsQuery, finishesDeletion: true }, async (_owner, { query }) => {
      seen = query;
      return json(200, {});
    });
    expect(await answer(route, { tokenUse: 'access', query: { from: '9999-12-31', days: '62' } })).toEqual({
      status: 400,
      error: 'from must be within 3 years of today',
    });
    expect(seen).toBeUndefined();
    expect((await answer(route, { tokenUse: 'access', query: { days: '62' } })).status).toBe(200);
    expect(seen).toEqual({ days: 62 });
  });

  it('a browser page answers refusals its own way', async () => {
    const route = publicRoute(
      {
        routeId: 'google-oauth-callback',
        query: z.strictObject({ state: z.string().optional() }),
        errorBody: (refusal) => ({ statusCode: 302, headers: { location: `/back?status=${refusal.statusCode}` } }),
      },
      async () => json(200, {}),
    );
    const result = (await route(event({ query: { unexpected: '1' } }), {} as never)) as { statusCode: number; headers: Record<string, string> };
    expect(result).toMatchObject({ statusCode: 302, headers: { location: '/back?status=400' } });
  });
});

describe('the owner appointments query', () => {
  it.each([
    [{ from: '9999-11-15', days: '62' }, 'from must be within 3 years of today'],
    [{ from: '0099-01-01' }, 'from must be within 3 years of today'],
    [{ from: '2027-02-29' }, 'from must be a real date (YYYY-MM-DD)'],
    [{ from: '2026-1-01' }, 'from must be a date (YYYY-MM-DD)'],
    [{ days: '0' }, 'days must be a whole number from 1 to 62'],
    [{ days: ' 7' }, 'days must be a whole number from 1 to 62'],
    [{ days: '0x10' }, 'days must be a whole number from 1 to 62'],
  ])('refuses %j', (query, message) => {
    const result = listAppointmentsQuery.safeParse(query);
    expect(result.success ? 'accepted' : result.error.issues[0]!.message).toBe(message);
  });

  it('takes a real date near today and 1 to 62 days, 7 by default', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(listAppointmentsQuery.parse({ from: today })).toEqual({ from: today, days: 7 });
    expect(listAppointmentsQuery.parse({ days: '62' })).toEqual({ days: 62 });
  });
});

describe('JSON bodies are declared as such', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=UTF-8', true],
    ['application/json; charset="utf-8"', true],
    ['application/json; charset=utf-16', false],
    ['application/jsonx', false],
    ['application/json, text/plain', false],
    ['text/plain', false],
    ['', false],
  ])('%j → %s', (contentType, accepted) => {
    expect(isJsonContentType(event({ contentType }))).toBe(accepted);
  });
});
