import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_SCOPES } from '../../../functions/providers/google-calendar-rules.js';
import { CalendarError, pkceChallenge, type CalendarGrant, type CalendarPort } from '../../../functions/core/ports/calendar.js';
import { createGoogleCalendar } from '../../../functions/providers/google-calendar.js';
import { FAKE_CLIENT, startFakeGoogle, type FakeGoogle } from '../../support/fake-google.js';

/** The real adapter, through the real googleapis SDK, against a local fake Google. */
const redirectUri = 'http://localhost:3000/api/google/oauth/callback';
let google: FakeGoogle;
let calendar: CalendarPort;

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google.close();
});
beforeEach(() => {
  google.requests.length = 0;
  google.consentAnswer = { kind: 'allow' };
  google.pageSize = 250;
  calendar = createGoogleCalendar({ ...FAKE_CLIENT, apiRoot: google.apiRoot, oauthRoot: google.oauthRoot, timeoutMs: 2000 });
});

async function connect(port = calendar): Promise<{ grant: CalendarGrant; verifier: string }> {
  const verifier = randomBytes(48).toString('base64url');
  const url = await port.authorizationUrl({ state: 'state-1', codeChallenge: pkceChallenge(verifier), redirectUri });
  const back = await google.consent(url);
  const { refreshToken } = await port.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: verifier, redirectUri });
  return { grant: { salonId: 'sal_test', refreshToken }, verifier };
}

const expectCalendarError = async (promise: Promise<unknown>, kind: CalendarError['kind']) => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(CalendarError);
  expect((error as CalendarError).kind).toBe(kind);
  return error as CalendarError;
};

describe('Google calendar adapter: consent', () => {
  it('asks for offline access with an S256 PKCE challenge, the state, and only the two calendar scopes', async () => {
    const challenge = pkceChallenge('a-verifier-that-is-long-enough-for-pkce-0123456789');
    const url = new URL(await calendar.authorizationUrl({ state: 'the-state', codeChallenge: challenge, redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(`${google.oauthRoot}/o/oauth2/v2/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      access_type: 'offline',
      prompt: 'consent',
      scope: CALENDAR_SCOPES.join(' '),
      code_challenge_method: 'S256',
      code_challenge: challenge,
      state: 'the-state',
      response_type: 'code',
      client_id: FAKE_CLIENT.clientId,
      redirect_uri: redirectUri,
    });
    expect(params.scope!.split(' ').sort()).toEqual(['https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.readonly']);
  });

  it('exchanges the code with the PKCE verifier and the redirect URI, and keeps the refresh token', async () => {
    const { grant, verifier } = await connect();
    expect(grant.refreshToken).toMatch(/^1\/\/fake-refresh-/);
    const [exchange] = google.requestsTo('/oauth/token');
    expect(exchange!.form).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: FAKE_CLIENT.clientId,
      client_secret: FAKE_CLIENT.clientSecret,
    });
  });

  it('refuses a wrong verifier and a code used twice', async () => {
    const verifier = randomBytes(48).toString('base64url');
    const back = await google.consent(await calendar.authorizationUrl({ state: 's', codeChallenge: pkceChallenge(verifier), redirectUri }));
    const code = back.searchParams.get('code')!;
    await expectCalendarError(calendar.exchangeCode({ code, codeVerifier: randomBytes(48).toString('base64url'), redirectUri }), 'rejected');

    const other = randomBytes(48).toString('base64url');
    const again = await google.consent(await calendar.authorizationUrl({ state: 's', codeChallenge: pkceChallenge(other), redirectUri }));
    await calendar.exchangeCode({ code: again.searchParams.get('code')!, codeVerifier: other, redirectUri });
    await expectCalendarError(calendar.exchangeCode({ code: again.searchParams.get('code')!, codeVerifier: other, redirectUri }), 'rejected');
  });

  it('refuses a grant missing a scope (granular consent) and hands that token back', async () => {
    google.consentAnswer = { kind: 'allow', scopes: ['https://www.googleapis.com/auth/calendar.readonly'] };
    const verifier = randomBytes(48).toString('base64url');
    const back = await google.consent(await calendar.authorizationUrl({ state: 's', codeChallenge: pkceChallenge(verifier), redirectUri }));
    await expectCalendarError(calendar.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: verifier, redirectUri }), 'rejected');
    const [revoke] = google.requestsTo('/oauth/revoke');
    expect(revoke!.form?.token).toMatch(/^1\/\/fake-refresh-/);
    expect(google.isRevoked(revoke!.form!.token!)).toBe(true);
  });
});

describe('Google calendar adapter: calendar calls', () => {
  it('lists the calendars the owner can write to, by their displayed name, across pages', async () => {
    const { grant } = await connect();
    google.pageSize = 1;
    const calendars = await calendar.listCalendars(grant);
    expect(calendars).toEqual([
      { id: 'owner@example.ie', summary: 'Salon bookings' },
      { id: 'aoife-team@group.calendar.google.com', summary: 'Aoife' },
    ]);
    const lists = google.requestsTo('/calendar/v3/users/me/calendarList');
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists[0]!.query.minAccessRole).toBe('writer');
    expect(lists[0]!.headers.authorization).toMatch(/^Bearer ya29\./);
  });

  it('answers free/busy for the asked calendars over the range, clipped, with per-calendar errors', async () => {
    const { grant } = await connect();
    await calendar.createEvent(grant, 'owner@example.ie', {
      id: 'booking00001',
      summary: 'Cut and blow-dry',
      start: '2025-03-03T09:30:00Z',
      end: '2025-03-03T10:30:00Z',
      timeZone: 'Europe/Dublin',
    });
    await calendar.createEvent(grant, 'owner@example.ie', {
      id: 'booking00002',
      summary: 'Colour',
      start: '2025-03-03T12:00:00Z',
      end: '2025-03-03T15:00:00Z',
      timeZone: 'Europe/Dublin',
    });
    const from = new Date('2025-03-03T10:00:00Z');
    const to = new Date('2025-03-03T13:00:00Z');
    const answer = await calendar.freeBusy(grant, ['owner@example.ie', 'aoife-team@group.calendar.google.com', 'gone@example.ie'], from, to);
    expect(answer).toEqual({
      'owner@example.ie': {
        busy: [
          { start: '2025-03-03T10:00:00.000Z', end: '2025-03-03T10:30:00.000Z' },
          { start: '2025-03-03T12:00:00.000Z', end: '2025-03-03T13:00:00.000Z' },
        ],
      },
      'aoife-team@group.calendar.google.com': { busy: [] },
      'gone@example.ie': { busy: [], error: 'notFound' },
    });
    const [query] = google.requestsTo('/calendar/v3/freeBusy');
    expect(query!.json).toEqual({
      timeMin: from.toISOString(),
      timeMax: to.toISOString(),
      items: [{ id: 'owner@example.ie' }, { id: 'aoife-team@group.calendar.google.com' }, { id: 'gone@example.ie' }],
    });
  });

  it('inserts an event with the caller-chosen id, once, and deletes it idempotently', async () => {
    const { grant } = await connect();
    const event = {
      id: 'b0oking0abc123',
      summary: 'Balayage – Síle',
      description: 'Booked by the AI receptionist',
      start: '2025-06-10T10:00:00+01:00',
      end: '2025-06-10T13:00:00+01:00',
      timeZone: 'Europe/Dublin',
    };
    await expect(calendar.createEvent(grant, 'aoife-team@group.calendar.google.com', event)).resolves.toEqual({ id: event.id, created: true });
    await expect(calendar.createEvent(grant, 'aoife-team@group.calendar.google.com', event)).resolves.toEqual({ id: event.id, created: false });
    const [insert] = google.requestsTo(/\/events$/);
    expect(insert!.path).toBe('/calendar/v3/calendars/aoife-team%40group.calendar.google.com/events');
    expect(insert!.query.sendUpdates).toBe('none');
    expect(insert!.json).toEqual({
      id: event.id,
      summary: event.summary,
      description: event.description,
      start: { dateTime: event.start, timeZone: 'Europe/Dublin' },
      end: { dateTime: event.end, timeZone: 'Europe/Dublin' },
    });
    await expect(calendar.deleteEvent(grant, 'aoife-team@group.calendar.google.com', event.id)).resolves.toEqual({ deleted: true });
    await expect(calendar.deleteEvent(grant, 'aoife-team@group.calendar.google.com', event.id)).resolves.toEqual({ deleted: false });
    await expect(calendar.deleteEvent(grant, 'aoife-team@group.calendar.google.com', 'neverthere1')).resolves.toEqual({ deleted: false });
  });

  it('refuses an event id Google would refuse, without calling Google', async () => {
    const { grant } = await connect();
    google.requests.length = 0;
    const bad = { summary: 'x', start: '2025-06-10T10:00:00Z', end: '2025-06-10T11:00:00Z', timeZone: 'Europe/Dublin' };
    await expectCalendarError(calendar.createEvent(grant, 'owner@example.ie', { ...bad, id: 'Booking_1' }), 'rejected');
    await expectCalendarError(calendar.createEvent(grant, 'owner@example.ie', { ...bad, id: 'wxyz1' }), 'rejected');
    expect(google.requests).toEqual([]);
  });

  it('reports a calendar that does not exist as not_found', async () => {
    const { grant } = await connect();
    const event = { id: 'booking00009', summary: 'x', start: '2025-06-10T10:00:00Z', end: '2025-06-10T11:00:00Z', timeZone: 'Europe/Dublin' };
    await expectCalendarError(calendar.createEvent(grant, 'nobody@example.ie', event), 'not_found');
  });
});

describe('Google calendar adapter: faults', () => {
  it('turns invalid_grant (access withdrawn in the Google account) into a typed "revoked" error', async () => {
    const { grant } = await connect();
    await calendar.listCalendars(grant);
    google.revokeAll();
    // The cached access token is refused (401), the refresh answers invalid_grant.
    const error = await expectCalendarError(calendar.listCalendars(grant), 'revoked');
    expect(error.message).not.toContain(grant.refreshToken);
    // A cold client (no access token yet) sees the same.
    const cold = createGoogleCalendar({ ...FAKE_CLIENT, apiRoot: google.apiRoot, oauthRoot: google.oauthRoot });
    await expectCalendarError(cold.freeBusy(grant, ['owner@example.ie'], new Date('2025-01-01'), new Date('2025-01-02')), 'revoked');
  });

  it('turns 429, 5xx and timeouts into "unavailable"', async () => {
    const { grant } = await connect();
    const range = [new Date('2025-01-01T09:00:00Z'), new Date('2025-01-01T18:00:00Z')] as const;
    google.failNext({
      method: 'POST',
      path: /freeBusy$/,
      status: 429,
      body: { error: { code: 429, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded' }] } },
    });
    await expectCalendarError(calendar.freeBusy(grant, ['owner@example.ie'], ...range), 'unavailable');

    google.failNext({
      method: 'POST',
      path: /freeBusy$/,
      status: 403,
      body: { error: { code: 403, message: 'Rate Limit Exceeded', errors: [{ reason: 'userRateLimitExceeded' }] } },
    });
    await expectCalendarError(calendar.freeBusy(grant, ['owner@example.ie'], ...range), 'unavailable');

    // GETs are retried twice by the SDK; a lasting outage still ends as "unavailable".
    google.failNext({ method: 'GET', path: /calendarList$/, status: 503, times: 3 });
    await expectCalendarError(calendar.listCalendars(grant), 'unavailable');
    expect(google.requestsTo('/calendar/v3/users/me/calendarList')).toHaveLength(3);

    const impatient = createGoogleCalendar({ ...FAKE_CLIENT, apiRoot: google.apiRoot, oauthRoot: google.oauthRoot, timeoutMs: 150 });
    google.failNext({ method: 'POST', path: /freeBusy$/, status: 200, delayMs: 1000 });
    await expectCalendarError(impatient.freeBusy(grant, ['owner@example.ie'], ...range), 'unavailable');
  });

  it('revokes with the token in the form body, not the URL, and treats an already revoked token as done', async () => {
    const { grant } = await connect();
    await calendar.revoke(grant);
    const [revoke] = google.requestsTo('/oauth/revoke');
    expect(revoke!.form).toEqual({ token: grant.refreshToken });
    expect(revoke!.query).toEqual({});
    expect(google.isRevoked(grant.refreshToken)).toBe(true);
    await expect(calendar.revoke(grant)).resolves.toBeUndefined();
    await expectCalendarError(calendar.listCalendars(grant), 'revoked');
  });
});
