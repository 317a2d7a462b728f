import '../../local/server/quiet-sdk-notices.js';
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE } from '../../functions/contracts/events.js';
import type { Appointment } from '../../functions/contracts/appointments.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventsIdle, eventually, localAwsCredentials } from '../support/stand-ins.js';

/**
 * RELIABILITY 38 on `npm start`: nothing answers a foreign Host (DNS rebinding), and the AWS
 * stand-ins take only what the product's own SDK clients send.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http, because fetch always sends the URL's own Host. */
function rawRequest(endpoint: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

const env = () => inject('productEnv');
const port = () => new URL(inject('baseUrl')).port;
const COGNITO = 'AWSCognitoIdentityProviderService';

function awsPost(endpoint: string, target: string, body: string, headers: Record<string, string> = {}) {
  return fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target, ...headers }, body });
}

/** A body signed exactly as the SDK signs, whatever it holds (the SDK itself only sends valid JSON). */
async function signedPost(endpoint: string, service: string, target: string, body: string, credentials = localAwsCredentials()) {
  const url = new URL(endpoint);
  const signer = new SignatureV4({ credentials, region: 'eu-west-1', service, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body,
  });
  const { host: _host, ...headers } = signed.headers;
  return fetch(url, { method: 'POST', headers, body });
}

describe('a foreign Host (DNS rebinding)', () => {
  it('is refused on every path of the local server, with nosniff', async () => {
    for (const path of ['/', '/dashboard', '/api/health', '/config.json', '/_local/outbox.json', '/_cognito', '/_local/events']) {
      for (const host of [`attacker.example:${port()}`, 'attacker.example', `localhost.attacker.example:${port()}`]) {
        const answer = await rawRequest(inject('baseUrl'), path, { headers: { host } });
        expect([403, 421], `${host}${path}`).toContain(answer.status);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.text).not.toContain('{');
      }
    }
  });

  it('is told apart from the local names, which all work', async () => {
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `[::1]:${port()}`]) {
      const answer = await rawRequest(inject('baseUrl'), '/api/health', { headers: { host } });
      expect(answer.status, host).toBe(200);
    }
  });

  // DynamoDB Local checks no Host and no signature, and cannot be bound to one address: only its
  // CORS is closed (tests/unit/local-dynamodb-local.test.ts; docs/architecture.md, "The local table").
  it('is refused by the S3 stand-in too, as are web pages', async () => {
    const endpoint = env().S3_ENDPOINT!;
    const own = new URL(endpoint).host;
    expect((await rawRequest(endpoint, '/', { method: 'POST', headers: { host: `attacker.example:${new URL(endpoint).port}` } })).status).toBe(421);
    const fromPage = await rawRequest(endpoint, '/', { method: 'POST', headers: { host: own, origin: 'https://attacker.example' } });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the S3 stand-in', () => {
  it('refuses anonymous and wrongly signed requests (s3rver alone would serve them)', async () => {
    const bucketList = `/${env().UPLOADS_BUCKET}?list-type=2`;
    expect((await rawRequest(env().S3_ENDPOINT!, bucketList)).status).toBe(403);
    expect((await rawRequest(env().S3_ENDPOINT!, `/${env().UPLOADS_BUCKET}/salons/x`, { method: 'PUT', body: 'planted' })).status).toBe(403);
    const forged = await rawRequest(env().S3_ENDPOINT!, bucketList, {
      headers: { authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/20260101/eu-west-1/s3/aws4_request, SignedHeaders=host, Signature=${'0'.repeat(64)}` },
    });
    expect(forged.status).toBe(403);
  });
});

/** Keys anyone could know: the fixed pairs earlier versions signed with, and s3rver's own. */
const PUBLISHED_KEYS = [
  { accessKeyId: 'local', secretAccessKey: 'local' },
  { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
];

describe("the stand-ins take only the data folder's own key", () => {
  it('is made for this data folder and kept there, readable by its owner only', () => {
    const keyFile = join(inject('dataDir'), 'aws-key.json');
    expect(JSON.parse(readFileSync(keyFile, 'utf8'))).toEqual(localAwsCredentials());
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    expect(PUBLISHED_KEYS.map((key) => key.accessKeyId)).not.toContain(localAwsCredentials().accessKeyId);
  });

  // DynamoDB Local takes any key (see above): the handlers sign with the folder's own all the same.
  it('DynamoDB: answers the product key', async () => {
    const product = new DynamoDBClient({ endpoint: env().DYNAMODB_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() });
    expect((await product.send(new ListTablesCommand({}))).TableNames).toContain(env().TABLE_NAME);
    product.destroy();
  });

  it('the event bus and the user pool refuse published keys', async () => {
    for (const credentials of PUBLISHED_KEYS) {
      expect((await signedPost(env().EVENTBRIDGE_ENDPOINT!, 'events', 'AWSEvents.PutEvents', '{"Entries":[]}', credentials)).status).toBe(403);
      expect(
        (await signedPost(env().COGNITO_ENDPOINT!, 'cognito-idp', `${COGNITO}.ListUsers`, JSON.stringify({ UserPoolId: env().USER_POOL_ID }), credentials))
          .status,
      ).toBe(403);
    }
  });
});

describe('the local event bus endpoint', () => {
  let owner: TestOwner;
  let salonId = '';
  let events: EventBridgeClient;

  beforeAll(async () => {
    owner = await signUpOwner('forged');
    const step = await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        step: 1,
        business: { name: 'Forge Hair', phone: '01 234 5678', address_line: '1 Main Street', town_city: 'Cork', county: 'Cork', eircode: '', directions: '' },
        hours: DEFAULT_HOURS,
        currentStep: 2,
      }),
    });
    expect(step.status, step.text).toBe(200);
    salonId = (await api('/api/salon', { token: owner.accessToken })).body.id;
    events = new EventBridgeClient({ endpoint: env().EVENTBRIDGE_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() });
  });
  afterAll(() => events?.destroy());

  function booking(): Appointment {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCMinutes(30, 0, 0);
    return {
      id: `bk_${randomUUID()}`,
      salonId,
      stylistId: 'sty_aoife',
      stylistName: 'Aoife',
      service: { id: 'svc_cut', name: 'Cut', durationMinutes: 45, priceCents: 4500, priceMinCents: null, priceMaxCents: null },
      start: start.toISOString().replace('.000Z', '+00:00'),
      end: new Date(start.getTime() + 45 * 60_000).toISOString().replace('.000Z', '+00:00'),
      callerName: 'Victim',
      callerPhone: `+35386${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      callerEmail: `victim-${randomUUID().slice(0, 8)}@example.ie`,
      status: 'confirmed',
      source: 'phone-agent',
      createdAt: new Date().toISOString(),
      calendarEventId: null,
    };
  }

  const putEventsBody = (appointment: Appointment) =>
    JSON.stringify({
      Entries: [
        {
          EventBusName: env().EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: 'booking.confirmed',
          Detail: JSON.stringify({ appointment, salonName: 'Forge Hair', ownerEmail: null }),
        },
      ],
    });

  const sentTo = async (appointment: Appointment) =>
    ((await api('/_local/outbox.json')).body as { to: string }[]).filter(
      (message) => message.to === appointment.callerPhone || message.to === appointment.callerEmail,
    );

  it('refuses a forged booking.confirmed (unsigned, or signed with another key) and sends nothing', async () => {
    const forged = booking();
    const unsigned = await awsPost(env().EVENTBRIDGE_ENDPOINT!, 'AWSEvents.PutEvents', putEventsBody(forged));
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-content-type-options')).toBe('nosniff');
    const otherKey = new EventBridgeClient({
      endpoint: env().EVENTBRIDGE_ENDPOINT,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'attacker', secretAccessKey: 'attacker' },
    });
    await expect(otherKey.send(new PutEventsCommand(JSON.parse(putEventsBody(forged))))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    otherKey.destroy();
    await eventsIdle();
    expect(await sentTo(forged)).toEqual([]);
  });

  it('delivers the same event signed by the product key, and nothing to the forged recipients', async () => {
    const forged = booking();
    expect((await awsPost(env().EVENTBRIDGE_ENDPOINT!, 'AWSEvents.PutEvents', putEventsBody(forged))).status).toBe(403);
    const real = booking();
    expect((await events.send(new PutEventsCommand(JSON.parse(putEventsBody(real))))).FailedEntryCount).toBe(0);
    expect(
      await eventually(
        () => sentTo(real),
        (messages) => messages.length >= 2,
      ),
    ).toHaveLength(2);
    expect(await sentTo(forged)).toEqual([]);
  });

  it('takes only PutEvents, and only details that match the catalog', async () => {
    expect((await signedPost(env().EVENTBRIDGE_ENDPOINT!, 'events', 'AWSEvents.DeleteRule', '{"Name":"x"}')).status).toBe(400);
    const misshapen = { ...booking(), start: 'next Tuesday', smuggled: true };
    const answer = await events.send(new PutEventsCommand(JSON.parse(putEventsBody(misshapen as Appointment))));
    expect(answer.FailedEntryCount).toBe(1);
    await eventsIdle();
    expect(await sentTo(misshapen)).toEqual([]);
  });

  it('answers malformed bodies with 4xx, never 500', async () => {
    for (const body of ['{', 'null', '[]', '"text"', '{"Entries":"x"}', '{"Entries":[]}', '{"Entries":[1]}', `{"Entries":[${'{},'.repeat(10)}{}]}`, '\u0000']) {
      const signed = await signedPost(env().EVENTBRIDGE_ENDPOINT!, 'events', 'AWSEvents.PutEvents', body);
      expect(signed.status, body).toBe(400);
      expect((await awsPost(env().EVENTBRIDGE_ENDPOINT!, 'AWSEvents.PutEvents', body)).status, body).toBe(403);
    }
    expect((await fetch(env().EVENTBRIDGE_ENDPOINT!, { method: 'POST', body: '{' })).status).toBe(400);
  });
});

describe('the local user pool endpoint', () => {
  const endpoint = () => env().COGNITO_ENDPOINT!;
  const browserPost = (target: string, body: unknown) =>
    awsPost(`${inject('baseUrl')}/_cognito`, `${COGNITO}.${target}`, typeof body === 'string' ? body : JSON.stringify(body), { origin: inject('baseUrl') });

  it('refuses admin calls that are not signed with a local key, and reveals no user', async () => {
    const owner = await signUpOwner('listed');
    for (const [target, body] of [
      ['ListUsers', { UserPoolId: env().USER_POOL_ID }],
      ['AdminGetUser', { UserPoolId: env().USER_POOL_ID, Username: owner.email }],
      ['AdminSetUserPassword', { UserPoolId: env().USER_POOL_ID, Username: owner.email, Password: 'taken-over-1', Permanent: true }],
      ['DescribeUserPoolClient', { UserPoolId: env().USER_POOL_ID, ClientId: env().USER_POOL_CLIENT_ID }],
    ] as const) {
      const answer = await browserPost(target, body);
      expect(answer.status, target).toBe(403);
      expect(await answer.text()).not.toContain(owner.email);
    }
    const otherKey = new CognitoIdentityProviderClient({
      endpoint: endpoint(),
      region: 'eu-west-1',
      credentials: { accessKeyId: 'attacker', secretAccessKey: 'attacker' },
    });
    await expect(otherKey.send(new ListUsersCommand({ UserPoolId: env().USER_POOL_ID }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    otherKey.destroy();
  });

  it("serves the handlers' signed admin calls, and the app's own sign-in and refresh unsigned", async () => {
    const owner = await signUpOwner('signed');
    const product = new CognitoIdentityProviderClient({ endpoint: endpoint(), region: 'eu-west-1', credentials: localAwsCredentials() });
    const listed = await product.send(new ListUsersCommand({ UserPoolId: env().USER_POOL_ID, Filter: `email = "${owner.email}"` }));
    expect(JSON.stringify(listed.Users)).toContain(owner.email);
    product.destroy();

    const signIn = await browserPost('InitiateAuth', {
      ClientId: env().USER_POOL_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: owner.email, PASSWORD: owner.password },
    });
    expect(signIn.status).toBe(200);
    const { AuthenticationResult: tokens } = (await signIn.json()) as { AuthenticationResult: { AccessToken: string; RefreshToken: string } };
    expect(tokens.AccessToken).toBeTruthy();
    const refresh = await browserPost('GetTokensFromRefreshToken', { ClientId: env().USER_POOL_CLIENT_ID, RefreshToken: tokens.RefreshToken });
    expect(refresh.status).toBe(200);
    expect(((await refresh.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken).toBeTruthy();
  });

  it('answers malformed bodies and unknown operations with 4xx, never 500', async () => {
    const cases: [string, string | object][] = [
      ['InitiateAuth', '{'],
      ['InitiateAuth', 'null'],
      ['InitiateAuth', '[]'],
      ['InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH' }],
      ['InitiateAuth', { ClientId: env().USER_POOL_CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: 'x' }],
      ['GetTokensFromRefreshToken', '{'],
      ['GetTokensFromRefreshToken', {}],
      ['GetTokensFromRefreshToken', { ClientId: 1, RefreshToken: ['x'] }],
      ['GetTokensFromRefreshToken', { ClientId: env().USER_POOL_CLIENT_ID, RefreshToken: 'not-a-token' }],
      ['SignUp', { ClientId: 5, Username: [], Password: {} }],
      ['SignUp', { ClientId: env().USER_POOL_CLIENT_ID }],
      ['ForgotPassword', {}],
      ['ConfirmForgotPassword', { ClientId: env().USER_POOL_CLIENT_ID, Username: { a: 1 } }],
      ['RevokeToken', {}],
      ['NoSuchOperation', {}],
      ['', {}],
    ];
    for (const [target, body] of cases) {
      const answer = await browserPost(target, body);
      expect(answer.status, `${target} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${target} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    expect((await fetch(`${inject('baseUrl')}/_cognito`)).status).toBe(405);
    expect((await signedPost(endpoint(), 'cognito-idp', `${COGNITO}.ListUsers`, '{')).status).toBe(400);
  });
});

describe("the local API gateway's own answers", () => {
  it('carry nosniff on 401 (no token, bad token) as on 404 and 405', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const answer = await api('/api/salon', { token });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await api('/api/nope')).headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api('/api/health', { method: 'DELETE' })).headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('connecting Google Calendar from http://127.0.0.1', () => {
  it('keeps the whole round trip on 127.0.0.1, where the state cookie was set', async () => {
    const owner = await signUpOwner('loopback');
    const site = `http://127.0.0.1:${port()}`;
    const started = await fetch(`${site}/api/google/oauth/start`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(started.status).toBe(200);
    const consent = new URL(((await started.json()) as { url: string }).url);
    expect(consent.origin).toBe(site);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${site}/api/google/oauth/callback`);
    const cookie = started.headers
      .getSetCookie()
      .find((item) => item.startsWith('gcal_oauth='))!
      .split(';')[0]!;

    const page = await fetch(consent);
    expect(page.status).toBe(200);
    const allow = /<a [^>]*href="([^"]+)"[^>]*>Allow<\/a>/.exec(await page.text())![1]!.replaceAll('&amp;', '&');
    expect(new URL(allow).origin).toBe(site);
    const back = await fetch(allow, { redirect: 'manual', headers: { cookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${site}/setup-wizard?connected=ok`);
  });
});
