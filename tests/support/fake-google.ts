import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Google endpoints the calendar adapter calls through googleapis: the OAuth
 * consent redirect, token exchange (with PKCE verification) and refresh, revoke, and the
 * Calendar API's calendarList.list, freebusy.query, events.insert and events.delete. It answers
 * the way Google does (status codes and error bodies), records every request, and can be told
 * to fail. Point the adapter at it with `apiRoot` and `oauthRoot`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  form?: Record<string, string>;
  json?: unknown;
}

export interface FakeCalendar {
  id: string;
  summary: string;
  summaryOverride?: string;
  accessRole: 'owner' | 'writer' | 'reader' | 'freeBusyReader';
}

export interface FakeEvent {
  id: string;
  summary?: string;
  description?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  status: 'confirmed' | 'cancelled';
}

interface Failure {
  method?: string;
  path: RegExp;
  status: number;
  body?: unknown;
  delayMs?: number;
  times: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: string;
  scope: string;
  used: boolean;
}

interface Grant {
  refreshToken: string;
  scope: string;
  revoked: boolean;
}

export const FAKE_CLIENT = { clientId: 'fake-client-id.apps.googleusercontent.com', clientSecret: 'fake-client-secret' };

const DEFAULT_CALENDARS: FakeCalendar[] = [
  { id: 'owner@example.ie', summary: 'owner@example.ie', summaryOverride: 'Salon bookings', accessRole: 'owner' },
  { id: 'aoife-team@group.calendar.google.com', summary: 'Aoife', accessRole: 'writer' },
  { id: 'holidays@group.v.calendar.google.com', summary: 'Holidays in Ireland', accessRole: 'reader' },
];

export interface FakeGoogle {
  url: string;
  /** For googleapis' `rootUrl`. */
  apiRoot: string;
  /** For the OAuth endpoints: `${oauthRoot}/o/oauth2/v2/auth`, `/token`, `/revoke`. */
  oauthRoot: string;
  requests: RecordedRequest[];
  calendars: FakeCalendar[];
  events: Map<string, Map<string, FakeEvent>>;
  /** How the next consent answers: allow (optionally granting fewer scopes) or deny. */
  consentAnswer: { kind: 'allow'; scopes?: string[] } | { kind: 'deny' };
  /** Page size cap of calendarList.list, to exercise pagination. */
  pageSize: number;
  /** Plays the owner on Google's consent page: follows the auth URL and answers the redirect location. */
  consent(authUrl: string): Promise<URL>;
  /** The owner removes the app's access in their Google account. */
  revokeAll(): void;
  isRevoked(refreshToken: string): boolean;
  failNext(failure: Omit<Failure, 'times'> & { times?: number }): void;
  requestsTo(path: string | RegExp): RecordedRequest[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) return response.writeHead(status).end();
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(text);
}

const apiError = (code: number, message: string, reason: string, status: string) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }], status },
});

function mergeBusy(events: FakeEvent[], from: number, to: number) {
  const intervals = events
    .filter((event) => event.status === 'confirmed')
    .map((event) => ({ start: Math.max(Date.parse(event.start.dateTime), from), end: Math.min(Date.parse(event.end.dateTime), to) }))
    .filter((interval) => interval.start < interval.end)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged.map((interval) => ({ start: new Date(interval.start).toISOString(), end: new Date(interval.end).toISOString() }));
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const requests: RecordedRequest[] = [];
  const failures: Failure[] = [];
  const codes = new Map<string, IssuedCode>();
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  let counter = 0;

  const fake = {
    requests,
    calendars: DEFAULT_CALENDARS.map((calendar) => ({ ...calendar })),
    events: new Map<string, Map<string, FakeEvent>>(),
    consentAnswer: { kind: 'allow' } as FakeGoogle['consentAnswer'],
    pageSize: 250,
  };

  function bearerGrant(request: IncomingMessage): Grant | undefined {
    const match = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''));
    const grant = match ? accessTokens.get(match[1]!) : undefined;
    return grant && !grant.revoked ? grant : undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    const contentType = String(request.headers['content-type'] ?? '');
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    };
    if (contentType.includes('application/x-www-form-urlencoded')) record.form = Object.fromEntries(new URLSearchParams(body));
    if (contentType.includes('application/json') && body) record.json = JSON.parse(body);
    requests.push(record);

    const failure = failures.find((candidate) => candidate.path.test(url.pathname) && (!candidate.method || candidate.method === record.method));
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (response.destroyed) return;
      return send(response, failure.status, failure.body ?? apiError(failure.status, 'Injected failure', 'backendError', 'UNAVAILABLE'));
    }

    // --- OAuth ---------------------------------------------------------------------------------
    if (url.pathname === '/oauth/o/oauth2/v2/auth' && record.method === 'GET') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
      const state = url.searchParams.get('state');
      if (state) redirect.searchParams.set('state', state);
      if (fake.consentAnswer.kind === 'deny') {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = `4/fake-code-${(counter += 1)}`;
        codes.set(code, {
          clientId: url.searchParams.get('client_id') ?? '',
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
          challenge: url.searchParams.get('code_challenge') ?? '',
          method: url.searchParams.get('code_challenge_method') ?? 'plain',
          scope: fake.consentAnswer.scopes?.join(' ') ?? url.searchParams.get('scope') ?? '',
          used: false,
        });
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('scope', codes.get(code)!.scope);
      }
      response.writeHead(302, { location: redirect.toString() }).end();
      return;
    }
    if (url.pathname === '/oauth/token' && record.method === 'POST') {
      const form = record.form ?? {};
      if (form.client_id !== FAKE_CLIENT.clientId || form.client_secret !== FAKE_CLIENT.clientSecret) {
        return send(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      }
      if (form.grant_type === 'authorization_code') {
        const issued = codes.get(form.code ?? '');
        const verifier = form.code_verifier ?? '';
        const challenge = issued?.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (!issued || issued.used || issued.redirectUri !== form.redirect_uri || issued.clientId !== form.client_id) {
          return send(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        }
        if (!verifier || challenge !== issued.challenge) {
          return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
        }
        issued.used = true;
        counter += 1;
        const grant: Grant = { refreshToken: `1//fake-refresh-${counter}`, scope: issued.scope, revoked: false };
        grants.set(grant.refreshToken, grant);
        const accessToken = `ya29.fake-access-${counter}`;
        accessTokens.set(accessToken, grant);
        return send(response, 200, {
          access_token: accessToken,
          expires_in: 3599,
          refresh_token: grant.refreshToken,
          scope: grant.scope,
          token_type: 'Bearer',
        });
      }
      if (form.grant_type === 'refresh_token') {
        const grant = grants.get(form.refresh_token ?? '');
        if (!grant || grant.revoked) return send(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        const accessToken = `ya29.fake-access-${(counter += 1)}`;
        accessTokens.set(accessToken, grant);
        return send(response, 200, { access_token: accessToken, expires_in: 3599, scope: grant.scope, token_type: 'Bearer' });
      }
      return send(response, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    if (url.pathname === '/oauth/revoke' && record.method === 'POST') {
      const token = record.form?.token ?? url.searchParams.get('token') ?? '';
      const grant = grants.get(token) ?? accessTokens.get(token);
      if (!grant || grant.revoked) return send(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      grant.revoked = true;
      return send(response, 200, {});
    }

    // --- Calendar API --------------------------------------------------------------------------
    if (!url.pathname.startsWith('/calendar/v3/')) return send(response, 404, apiError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
    const grant = bearerGrant(request);
    if (!grant) return send(response, 401, apiError(401, 'Request had invalid authentication credentials.', 'authError', 'UNAUTHENTICATED'));
    const segments = url.pathname.split('/').slice(3).map(decodeURIComponent);

    if (segments.join('/') === 'users/me/calendarList' && record.method === 'GET') {
      const rank = { freeBusyReader: 0, reader: 1, writer: 2, owner: 3 } as const;
      const minimum = (url.searchParams.get('minAccessRole') ?? 'freeBusyReader') as keyof typeof rank;
      const visible = fake.calendars.filter((calendar) => rank[calendar.accessRole] >= rank[minimum]);
      const size = Math.min(Number(url.searchParams.get('maxResults') ?? 100), fake.pageSize);
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      const page = visible.slice(offset, offset + size);
      return send(response, 200, {
        kind: 'calendar#calendarList',
        items: page.map((calendar) => ({ kind: 'calendar#calendarListEntry', ...calendar })),
        ...(offset + size < visible.length ? { nextPageToken: String(offset + size) } : {}),
      });
    }
    if (segments.join('/') === 'freeBusy' && record.method === 'POST') {
      const query = record.json as { timeMin: string; timeMax: string; items: { id: string }[] };
      const from = Date.parse(query.timeMin);
      const to = Date.parse(query.timeMax);
      if (!(from < to)) return send(response, 400, apiError(400, 'The specified time range is empty.', 'timeRangeEmpty', 'INVALID_ARGUMENT'));
      const calendars: Record<string, unknown> = {};
      for (const { id } of query.items) {
        calendars[id] = fake.calendars.some((calendar) => calendar.id === id)
          ? { busy: mergeBusy([...(fake.events.get(id)?.values() ?? [])], from, to) }
          : { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
      }
      return send(response, 200, { kind: 'calendar#freeBusy', timeMin: query.timeMin, timeMax: query.timeMax, calendars });
    }
    if (segments[0] === 'calendars' && segments[2] === 'events') {
      const calendarId = segments[1]!;
      if (!fake.calendars.some((calendar) => calendar.id === calendarId)) return send(response, 404, apiError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
      const events = fake.events.get(calendarId) ?? new Map<string, FakeEvent>();
      fake.events.set(calendarId, events);
      if (segments.length === 3 && record.method === 'POST') {
        const input = record.json as Omit<FakeEvent, 'status'>;
        if (input.id !== undefined && !/^[a-v0-9]{5,1024}$/.test(input.id)) {
          return send(response, 400, apiError(400, 'Invalid resource id value.', 'invalid', 'INVALID_ARGUMENT'));
        }
        const id = input.id ?? `generated${(counter += 1)}`;
        // Google keeps a deleted event's id: inserting it again is still a duplicate.
        if (events.has(id)) return send(response, 409, apiError(409, 'The requested identifier already exists.', 'duplicate', 'ALREADY_EXISTS'));
        const event: FakeEvent = { ...input, id, status: 'confirmed' };
        events.set(id, event);
        return send(response, 200, { kind: 'calendar#event', ...event });
      }
      if (segments.length === 4 && record.method === 'DELETE') {
        const event = events.get(segments[3]!);
        if (!event) return send(response, 404, apiError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
        if (event.status === 'cancelled') return send(response, 410, apiError(410, 'Resource has been deleted', 'deleted', 'GONE'));
        event.status = 'cancelled';
        return send(response, 204);
      }
    }
    return send(response, 404, apiError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { code: 500, message: String((error as Error).message) } });
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    url,
    apiRoot: `${url}/`,
    oauthRoot: `${url}/oauth`,
    async consent(authUrl: string) {
      const answer = await fetch(authUrl, { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (answer.status !== 302 || !location) throw new Error(`consent answered ${answer.status}`);
      return new URL(location);
    },
    revokeAll() {
      for (const grant of grants.values()) grant.revoked = true;
    },
    isRevoked(refreshToken: string) {
      return grants.get(refreshToken)?.revoked ?? false;
    },
    failNext(failure: Omit<Failure, 'times'> & { times?: number }) {
      failures.push({ ...failure, times: failure.times ?? 1 });
    },
    requestsTo(path: string | RegExp) {
      return requests.filter((request) => (typeof path === 'string' ? request.path === path : path.test(request.path)));
    },
    close() {
      return new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      });
    },
  });
}
