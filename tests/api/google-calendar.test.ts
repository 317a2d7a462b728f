import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { hashState } from '../../functions/core/calendar-connection.js';
import { createLocalTokenCipher } from '../../local/sandboxes/local-token-cipher.js';
import { SANDBOX_CALENDARS } from '../../local/sandboxes/sandbox-calendar.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { localAwsCredentials, standIns } from '../support/stand-ins.js';

/**
 * The calendar connection against the running product. No Google credentials are configured
 * here, so the sandbox serves: a local consent page and local calendars, through the same
 * start → consent → callback flow Google uses.
 */
function table() {
  const env = inject('productEnv');
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() }));
  return { env, client };
}

interface Started {
  url: URL;
  state: string;
  /** The Cookie header the owner's browser would send back. */
  cookie: string;
}

async function start(owner: TestOwner, query = ''): Promise<Started> {
  const answer = await api(`/api/google/oauth/start${query}`, { method: 'POST', token: owner.accessToken });
  expect(answer.status).toBe(200);
  const url = new URL(answer.body.url);
  const setCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('gcal_oauth='))!;
  expect(setCookie).toBeDefined();
  return { url, state: url.searchParams.get('state')!, cookie: setCookie.split(';')[0]! };
}

async function get(url: string | URL, cookie?: string) {
  const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, location: response.headers.get('location'), headers: response.headers, text: await response.text() };
}

/** The consent page's Allow and Deny links. */
async function consentLinks(started: Started) {
  const page = await get(started.url);
  expect(page.status).toBe(200);
  const link = (label: string) => {
    const match = new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${label}</a>`).exec(page.text);
    return match![1]!.replaceAll('&amp;', '&');
  };
  return { page, allow: link('Allow'), deny: link('Deny') };
}

async function connect(owner: TestOwner) {
  const started = await start(owner);
  const { allow } = await consentLinks(started);
  const back = await get(allow, started.cookie);
  return { started, allow, back };
}

const wizard = (outcome: 'ok' | 'fail') => `${inject('baseUrl')}/setup-wizard?connected=${outcome}`;

describe('Google Calendar connection (sandbox)', () => {
  it('start answers the sandbox consent URL, bound to this owner, and sets the state cookie', async () => {
    const owner = await signUpOwner('gcal-start');
    const answer = await api('/api/google/oauth/start', { method: 'POST', token: owner.accessToken });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['url']);
    const url = new URL(answer.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${inject('baseUrl')}/api/google/sandbox-consent`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${inject('baseUrl')}/api/google/oauth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = answer.headers.getSetCookie().find((item) => item.startsWith('gcal_oauth='))!;
    expect(cookie).toBe(`gcal_oauth=${state}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax`);

    // The state is stored (by hash) with the owner's salon, short-lived.
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const { env, client } = table();
    const stored = (await client.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `OAUTH#${hashState(state)}`, sk: 'STATE' } }))).Item!;
    expect(stored).toMatchObject({ salonId: salon.id, ownerId: owner.userId });
    expect(stored.ttl).toBe(Math.ceil((Date.parse(stored.createdAt) + 600_000) / 1000));
  });

  it('serves a labelled, accessible sandbox consent page that cannot be framed', async () => {
    const owner = await signUpOwner('gcal-page');
    const started = await start(owner);
    const { page, allow, deny } = await consentLinks(started);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<title>Sandbox: Google Calendar consent</title>');
    expect(page.text).toContain('<h1>Sandbox: Google Calendar consent</h1>');
    expect(page.text).toMatch(/nothing leaves this machine/);
    expect(page.text).toContain('<html lang=');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.text).not.toContain('<script');
    const allowUrl = new URL(allow);
    expect(`${allowUrl.origin}${allowUrl.pathname}`).toBe(`${inject('baseUrl')}/api/google/oauth/callback`);
    expect(allowUrl.searchParams.get('state')).toBe(started.state);
    expect(allowUrl.searchParams.get('code')).toMatch(/^sandbox-/);
    expect(Object.fromEntries(new URL(deny).searchParams)).toEqual({ error: 'access_denied', state: started.state });
  });

  it('Allow → callback → /setup-wizard?connected=ok, then the sandbox calendars are listed', async () => {
    const owner = await signUpOwner('gcal-allow');
    const before = await api('/api/google/list-calendars', { token: owner.accessToken });
    expect(before.status).toBe(409);
    expect(before.body.error).toBe('Please connect Google Calendar first.');

    const { back } = await connect(owner);
    expect(back.status).toBe(302);
    expect(back.location).toBe(wizard('ok'));
    expect(back.headers.getSetCookie()).toContain('gcal_oauth=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');

    const calendars = await api('/api/google/list-calendars', { token: owner.accessToken });
    expect(calendars.status).toBe(200);
    expect(calendars.body).toEqual(SANDBOX_CALENDARS.map(({ id, summary }) => ({ id, summary })));
    expect(calendars.body.map((calendar: { summary: string }) => calendar.summary)).toEqual([
      'Salon bookings',
      'Aoife – stylist',
      'Ciara – stylist',
      'Staff rota',
    ]);

    const setup = await api('/api/setup/load', { token: owner.accessToken });
    expect(setup.body.google_connected).toBe(true);
  });

  it('stores the refresh token encrypted with the salon as context, never in plain text', async () => {
    const owner = await signUpOwner('gcal-enc');
    await connect(owner);
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    const items = await standIns().salonItems(salon.id);
    const google = items.find((item) => item.sk === 'GOOGLE')!;
    expect(google).toMatchObject({ provider: 'sandbox', status: 'connected' });
    expect(Object.keys(google).sort()).toEqual(['connectedAt', 'encryptedRefreshToken', 'pk', 'provider', 'salonId', 'sk', 'status']);
    const cipher = createLocalTokenCipher(inject('productEnv').LOCAL_TOKEN_KEY_FILE!);
    const token = await cipher.decrypt(google.encryptedRefreshToken, salon.id);
    expect(token).toMatch(/^sandbox-refresh-/);
    expect(JSON.stringify(items)).not.toContain(token);
    await expect(cipher.decrypt(google.encryptedRefreshToken, 'sal_someone_else')).rejects.toThrow();
  });

  it('started from Settings, Allow and Deny both go back to Settings → Calendar & Services', async () => {
    const owner = await signUpOwner('gcal-settings');
    const denied = await start(owner, '?from=settings');
    const back = await get((await consentLinks(denied)).deny, denied.cookie);
    expect(back).toMatchObject({ status: 302, location: `${inject('baseUrl')}/settings?section=calendar&connected=fail` });
    const allowed = await start(owner, '?from=settings');
    const connected = await get((await consentLinks(allowed)).allow, allowed.cookie);
    expect(connected).toMatchObject({ status: 302, location: `${inject('baseUrl')}/settings?section=calendar&connected=ok` });
    expect((await api('/api/setup/load', { token: owner.accessToken })).body.google_connected).toBe(true);
    // Only the two pages the owner can connect from.
    expect((await api('/api/google/oauth/start?from=https://evil.example', { method: 'POST', token: owner.accessToken })).status).toBe(400);
  });

  it('Deny → /setup-wizard?connected=fail and nothing is connected', async () => {
    const owner = await signUpOwner('gcal-deny');
    const started = await start(owner);
    const { deny } = await consentLinks(started);
    const back = await get(deny, started.cookie);
    expect(back).toMatchObject({ status: 302, location: wizard('fail') });
    expect((await api('/api/google/list-calendars', { token: owner.accessToken })).status).toBe(409);
  });

  it('replaying the same callback URL fails and leaves the first connection as it was', async () => {
    const owner = await signUpOwner('gcal-replay');
    const { started, allow, back } = await connect(owner);
    expect(back.location).toBe(wizard('ok'));
    const replay = await get(allow, started.cookie);
    expect(replay).toMatchObject({ status: 302, location: wizard('fail') });
    expect((await api('/api/google/list-calendars', { token: owner.accessToken })).status).toBe(200);
  });

  it('a state from owner A cannot connect owner B: it carries A’s salon, and needs A’s browser', async () => {
    const [a, b] = await Promise.all([signUpOwner('gcal-a'), signUpOwner('gcal-b')]);
    // B's browser (without A's state cookie) following A's consent link: refused.
    const fromA = await start(a);
    const { allow } = await consentLinks(fromA);
    const bBrowser = await start(b);
    expect(await get(allow, bBrowser.cookie)).toMatchObject({ status: 302, location: wizard('fail') });
    expect((await api('/api/google/list-calendars', { token: a.accessToken })).status).toBe(409);
    expect((await api('/api/google/list-calendars', { token: b.accessToken })).status).toBe(409);

    // Completed in A's browser, A's state connects A's salon only, whoever's Google account consented.
    const again = await start(a);
    const links = await consentLinks(again);
    expect((await get(links.allow, again.cookie)).location).toBe(wizard('ok'));
    expect((await api('/api/google/list-calendars', { token: a.accessToken })).status).toBe(200);
    expect((await api('/api/google/list-calendars', { token: b.accessToken })).status).toBe(409);
  });

  it.each([
    ['no state', (s: Started, allow: URL) => (allow.searchParams.delete('state'), s.cookie)],
    ['a mismatched state', (s: Started, allow: URL) => (allow.searchParams.set('state', 'A'.repeat(43)), `gcal_oauth=${'A'.repeat(43)}`)],
    ['no state cookie', () => undefined],
    ['another browser’s state cookie', () => `gcal_oauth=${'B'.repeat(43)}`],
    [
      'a code for another PKCE challenge',
      (s: Started, allow: URL) => (allow.searchParams.set('code', `sandbox-AAAAAAAAAAAAAAAAAAAAAAAA.${'C'.repeat(43)}`), s.cookie),
    ],
  ])('the callback fails with %s', async (_label, tamper) => {
    const owner = await signUpOwner('gcal-bad');
    const started = await start(owner);
    const allow = new URL((await consentLinks(started)).allow);
    const cookie = tamper(started, allow);
    expect(await get(allow, cookie)).toMatchObject({ status: 302, location: wizard('fail') });
    expect((await api('/api/google/list-calendars', { token: owner.accessToken })).status).toBe(409);
  });

  it('a stale state (older than 10 minutes) fails', async () => {
    const owner = await signUpOwner('gcal-stale');
    const started = await start(owner);
    const { allow } = await consentLinks(started);
    const { env, client } = table();
    await client.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { pk: `OAUTH#${hashState(started.state)}`, sk: 'STATE' },
        UpdateExpression: 'SET createdAt = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 11 * 60 * 1000).toISOString() },
      }),
    );
    expect(await get(allow, started.cookie)).toMatchObject({ status: 302, location: wizard('fail') });
    expect((await api('/api/google/list-calendars', { token: owner.accessToken })).status).toBe(409);
  });

  it('a revoked grant marks the connection broken and asks the owner to try again', async () => {
    const owner = await signUpOwner('gcal-revoked');
    await connect(owner);
    const salon = (await api('/api/salon', { token: owner.accessToken })).body;
    // The sandbox answers a token it never issued the way Google answers a revoked one: invalid_grant.
    const { env, client } = table();
    const cipher = createLocalTokenCipher(env.LOCAL_TOKEN_KEY_FILE!);
    await client.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { pk: `SALON#${salon.id}`, sk: 'GOOGLE' },
        UpdateExpression: 'SET encryptedRefreshToken = :token',
        ExpressionAttributeValues: { ':token': await cipher.encrypt('withdrawn-by-the-owner', salon.id) },
      }),
    );
    const answer = await api('/api/google/list-calendars', { token: owner.accessToken });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('Calendar connection failed. Please try again.');
    const google = (await standIns().salonItems(salon.id)).find((item) => item.sk === 'GOOGLE')!;
    expect(google.status).toBe('broken');
    expect((await api('/api/setup/load', { token: owner.accessToken })).body.google_connected).toBe(false);
    // Connecting again repairs it.
    expect((await connect(owner)).back.location).toBe(wizard('ok'));
    expect((await api('/api/google/list-calendars', { token: owner.accessToken })).status).toBe(200);
  });

  it('the consent page refuses a foreign redirect_uri and says when a link has expired', async () => {
    const owner = await signUpOwner('gcal-redirect');
    const started = await start(owner);
    const foreign = new URL(started.url);
    foreign.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const refused = await get(foreign);
    expect(refused.status).toBe(400);
    expect(refused.text).not.toContain('evil.example');

    const used = await connect(owner);
    const expired = await get(used.started.url);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('expired');
    expect(expired.text).not.toContain('>Allow<');
  });

  it('needs a signed-in owner to start or list', async () => {
    expect((await api('/api/google/oauth/start', { method: 'POST' })).status).toBe(401);
    expect((await api('/api/google/list-calendars')).status).toBe(401);
  });

  it('ignores salon ids sent by the client: the salon comes from the token', async () => {
    const [a, b] = await Promise.all([signUpOwner('gcal-ids-a'), signUpOwner('gcal-ids-b')]);
    const bSalon = (await api('/api/salon', { token: b.accessToken })).body;
    const started = await start(a);
    const { env, client } = table();
    const stored = (await client.send(new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `OAUTH#${hashState(started.state)}`, sk: 'STATE' } }))).Item!;
    expect(stored.salonId).not.toBe(bSalon.id);
    await connect(b);
    // B's salon id in the query is an unknown parameter; without it, A still has no calendar.
    const listed = await api(`/api/google/list-calendars?salon_id=${bSalon.id}`, { token: a.accessToken });
    expect(listed).toMatchObject({ status: 400, body: { error: 'Unknown query parameter(s): salon_id' } });
    expect((await api('/api/google/list-calendars', { token: a.accessToken })).status).toBe(409);
  });
});
