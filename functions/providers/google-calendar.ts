import { createHash } from 'node:crypto';
// The calendar API's own client: `googleapis`' index loads every Google API (slow cold starts, huge bundles).
import { auth as googleAuth, calendar as googleCalendar, type calendar_v3 } from '@googleapis/calendar';
import { DateTime } from 'luxon';
import { CALENDAR_SCOPES, isValidEventId } from './google-calendar-rules.js';
import { CalendarError, type CalendarEventChange, type CalendarGrant, type CalendarPort, type CalendarSummary, type FreeBusy } from '../core/ports/calendar.js';

/**
 * Google Calendar through googleapis: OAuth 2.0 authorisation code with PKCE (S256), offline
 * access, and only the two calendar scopes the product needs. Endpoints can be pointed at a
 * local fake Google (tests): the API root through googleapis' `rootUrl`, the OAuth endpoints
 * through google-auth-library's `endpoints`.
 */
export interface GoogleCalendarOptions {
  clientId: string;
  clientSecret: string;
  /** googleapis root, default https://www.googleapis.com/ */
  apiRoot?: string;
  /** Root of the OAuth endpoints (`/o/oauth2/v2/auth`, `/token`, `/revoke`); default Google's own. */
  oauthRoot?: string;
  /** Per request; a Lambda has 29 s for the whole answer. */
  timeoutMs?: number;
}

type OAuth2Client = InstanceType<typeof googleAuth.OAuth2>;
type AuthUrlOptions = NonNullable<Parameters<OAuth2Client['generateAuthUrl']>[0]>;

/** Google's free/busy query takes at most 50 calendars. */
const FREEBUSY_BATCH = 50;
const CLIENT_CACHE_SIZE = 100;

function oauthEndpoints(oauthRoot: string | undefined) {
  if (!oauthRoot) return undefined;
  const root = oauthRoot.replace(/\/+$/, '');
  return { oauth2AuthBaseUrl: `${root}/o/oauth2/v2/auth`, oauth2TokenUrl: `${root}/token`, oauth2RevokeUrl: `${root}/revoke` };
}

interface HttpishError {
  response?: { status?: number; data?: unknown };
  status?: unknown;
  code?: unknown;
  message?: string;
}

function reasons(data: unknown): string[] {
  const error = (data as { error?: { errors?: { reason?: unknown }[]; status?: unknown } } | undefined)?.error;
  if (!error || typeof error !== 'object') return [];
  const list = (error.errors ?? []).map((item) => String(item.reason ?? ''));
  if (typeof error.status === 'string') list.push(error.status);
  return list;
}

/** Turns whatever googleapis threw into a typed error that carries no token, URL or body. */
function translate(error: unknown, during: 'exchange' | 'call'): CalendarError {
  if (error instanceof CalendarError) return error;
  const failure = (error ?? {}) as HttpishError;
  const status = failure.response?.status ?? (typeof failure.status === 'number' ? failure.status : undefined);
  const data = failure.response?.data;
  const oauthError = typeof (data as { error?: unknown } | undefined)?.error === 'string' ? (data as { error: string }).error : undefined;
  if (oauthError === 'invalid_grant' || failure.message === 'invalid_grant') {
    // During the exchange this is a bad or used code; later it means the owner withdrew access.
    return during === 'exchange' ? new CalendarError('rejected', 'invalid_grant', status) : new CalendarError('revoked', 'invalid_grant', status);
  }
  if (status === undefined) return new CalendarError('unavailable', `No answer from Google (${String(failure.code ?? 'network')})`);
  const why = reasons(data);
  if (status === 429 || status >= 500 || (status === 403 && why.some((reason) => /rateLimitExceeded|userRateLimitExceeded|quotaExceeded/.test(reason)))) {
    return new CalendarError('unavailable', `Google is busy (${status})`, status);
  }
  if (status === 401 || (status === 403 && why.some((reason) => /insufficientPermissions|SCOPE_INSUFFICIENT|PERMISSION_DENIED/i.test(reason)))) {
    return new CalendarError('revoked', `Google refused the grant (${status})`, status);
  }
  if (status === 404 || status === 410) return new CalendarError('not_found', `Not found at Google (${status})`, status);
  return new CalendarError('rejected', `Google refused the request (${status}${oauthError ? ` ${oauthError}` : ''})`, status);
}

/** Google's largest events.list page. */
const EVENTS_PAGE = 2500;

/** A time as Google gives it: a date-time, or an all-day event's date (midnight in the calendar's zone). */
function instantOf(time: calendar_v3.Schema$EventDateTime | undefined, zone: string): string | null {
  if (time?.dateTime) return new Date(time.dateTime).toISOString();
  if (time?.date)
    return DateTime.fromISO(time.date, { zone: time.timeZone ?? zone })
      .toUTC()
      .toISO();
  return null;
}

/** What free/busy would count: an event that is not cancelled, shown as busy, and not declined by the calendar's owner. */
export function changeOf(event: calendar_v3.Schema$Event, zone: string): CalendarEventChange | null {
  if (!event.id) return null;
  const declined = (event.attendees ?? []).some((attendee) => attendee.self && attendee.responseStatus === 'declined');
  const start = instantOf(event.start, zone);
  const end = instantOf(event.end, zone);
  if (event.status === 'cancelled' || event.transparency === 'transparent' || declined || !start || !end) return { id: event.id, busy: false };
  return { id: event.id, busy: true, start, end };
}

export function createGoogleCalendar(options: GoogleCalendarOptions): CalendarPort {
  const timeout = options.timeoutMs ?? 8000;
  const endpoints = oauthEndpoints(options.oauthRoot);
  const newClient = (redirectUri?: string): OAuth2Client =>
    new googleAuth.OAuth2({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      ...(redirectUri ? { redirectUri } : {}),
      ...(endpoints ? { endpoints } : {}),
      transporterOptions: { timeout },
    });

  // One client per refresh token, kept while warm, so access tokens are reused until they expire.
  const clients = new Map<string, OAuth2Client>();
  function authorised(grant: CalendarGrant): OAuth2Client {
    const key = createHash('sha256').update(grant.refreshToken).digest('base64url');
    let client = clients.get(key);
    if (!client) {
      client = newClient();
      client.setCredentials({ refresh_token: grant.refreshToken });
      if (clients.size >= CLIENT_CACHE_SIZE) clients.delete(clients.keys().next().value!);
      clients.set(key, client);
    }
    return client;
  }
  const api = (grant: CalendarGrant): calendar_v3.Calendar =>
    googleCalendar({
      version: 'v3',
      auth: authorised(grant),
      timeout,
      retryConfig: { retry: 2, noResponseRetries: 1 },
      ...(options.apiRoot ? { rootUrl: options.apiRoot.endsWith('/') ? options.apiRoot : `${options.apiRoot}/` } : {}),
    });

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw translate(error, 'call');
    }
  }

  async function revokeToken(token: string, client: OAuth2Client) {
    // The token goes in the form body, not the URL (google-auth-library's revokeToken puts it in the query).
    await client.transporter.request({
      url: client.endpoints.oauth2RevokeUrl.toString(),
      method: 'POST',
      data: new URLSearchParams({ token }),
      timeout,
    });
  }

  return {
    provider: async () => 'google',
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      return newClient(redirectUri).generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: [...CALENDAR_SCOPES],
        code_challenge_method: 'S256' as AuthUrlOptions['code_challenge_method'],
        code_challenge: codeChallenge,
        state,
      });
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const client = newClient(redirectUri);
      let tokens;
      try {
        ({ tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri }));
      } catch (error) {
        throw translate(error, 'exchange');
      }
      if (!tokens.refresh_token) throw new CalendarError('rejected', 'Google returned no refresh token');
      // With granular consent the owner may untick a scope: without both, the product cannot work.
      const granted = new Set((tokens.scope ?? CALENDAR_SCOPES.join(' ')).split(/\s+/));
      if (!CALENDAR_SCOPES.every((scope) => granted.has(scope))) {
        await revokeToken(tokens.refresh_token, client).catch(() => undefined);
        throw new CalendarError('rejected', 'Not every calendar permission was granted');
      }
      return { refreshToken: tokens.refresh_token };
    },
    async listCalendars(grant) {
      return call(async () => {
        const calendars: CalendarSummary[] = [];
        let pageToken: string | undefined;
        do {
          const page = await api(grant).calendarList.list({ minAccessRole: 'writer', maxResults: 250, pageToken });
          for (const item of page.data.items ?? []) {
            if (!item.id) continue;
            calendars.push({ id: item.id, summary: item.summaryOverride ?? item.summary ?? item.id });
          }
          pageToken = page.data.nextPageToken ?? undefined;
        } while (pageToken);
        return calendars;
      });
    },
    async freeBusy(grant, calendarIds, from, to) {
      if (!(from.getTime() < to.getTime())) throw new CalendarError('rejected', 'The time range is empty');
      return call(async () => {
        const answer: FreeBusy = {};
        for (let start = 0; start < calendarIds.length; start += FREEBUSY_BATCH) {
          const batch = calendarIds.slice(start, start + FREEBUSY_BATCH);
          const result = await api(grant).freebusy.query({
            requestBody: { timeMin: from.toISOString(), timeMax: to.toISOString(), items: batch.map((id) => ({ id })) },
          });
          for (const id of batch) {
            const calendar = result.data.calendars?.[id];
            const error = calendar?.errors?.[0]?.reason ?? (calendar ? undefined : 'notFound');
            answer[id] = {
              busy: (calendar?.busy ?? []).flatMap((period) =>
                period.start && period.end ? [{ start: new Date(period.start).toISOString(), end: new Date(period.end).toISOString() }] : [],
              ),
              ...(error ? { error } : {}),
            };
          }
        }
        return answer;
      });
    },
    async createEvent(grant, calendarId, event) {
      if (!isValidEventId(event.id)) throw new CalendarError('rejected', 'Invalid event id');
      try {
        const result = await api(grant).events.insert({
          calendarId,
          sendUpdates: 'none',
          requestBody: {
            id: event.id,
            summary: event.summary,
            ...(event.description !== undefined ? { description: event.description } : {}),
            start: { dateTime: event.start, timeZone: event.timeZone },
            end: { dateTime: event.end, timeZone: event.timeZone },
          },
        });
        return { id: result.data.id ?? event.id, created: true };
      } catch (error) {
        // The id is ours (from the booking): "already exists" means an earlier attempt got through.
        if ((error as HttpishError)?.response?.status === 409) return { id: event.id, created: false };
        throw translate(error, 'call');
      }
    },
    async deleteEvent(grant, calendarId, eventId) {
      try {
        await api(grant).events.delete({ calendarId, eventId, sendUpdates: 'none' });
        return { deleted: true };
      } catch (error) {
        const status = (error as HttpishError)?.response?.status;
        if (status === 404 || status === 410) return { deleted: false };
        throw translate(error, 'call');
      }
    },
    async listEvents(grant, calendarId, listing) {
      try {
        const { data } = await api(grant).events.list({
          calendarId,
          singleEvents: true,
          maxResults: EVENTS_PAGE,
          ...(listing.pageToken ? { pageToken: listing.pageToken } : {}),
          // A sync token takes no other filter; the full sync's timeMin is remembered in it.
          ...(listing.syncToken ? { syncToken: listing.syncToken } : listing.timeMin ? { timeMin: listing.timeMin.toISOString() } : {}),
        });
        const zone = data.timeZone ?? 'UTC';
        return {
          changes: (data.items ?? []).flatMap((event) => changeOf(event, zone) ?? []),
          ...(data.nextPageToken ? { nextPageToken: data.nextPageToken } : {}),
          ...(data.nextSyncToken ? { nextSyncToken: data.nextSyncToken } : {}),
        };
      } catch (error) {
        if ((error as HttpishError)?.response?.status === 410) throw new CalendarError('gone', 'The sync token is no longer valid', 410);
        throw translate(error, 'call');
      }
    },
    async watch(grant, calendarId, request) {
      return call(async () => {
        const { data } = await api(grant).events.watch({
          calendarId,
          requestBody: { id: request.id, type: 'web_hook', address: request.address, token: request.token, params: { ttl: String(request.ttlSeconds) } },
        });
        if (!data.resourceId) throw new CalendarError('rejected', 'Google answered the watch without a resource id');
        const expiration = Number(data.expiration);
        return {
          resourceId: data.resourceId,
          expiresAt: new Date(Number.isFinite(expiration) && expiration > 0 ? expiration : Date.now() + request.ttlSeconds * 1000).toISOString(),
        };
      });
    },
    async stopChannel(grant, channel) {
      try {
        await api(grant).channels.stop({ requestBody: { id: channel.id, resourceId: channel.resourceId } });
      } catch (error) {
        const status = (error as HttpishError)?.response?.status;
        if (status === 404 || status === 410) return;
        throw translate(error, 'call');
      }
    },
    async revoke(grant) {
      try {
        await revokeToken(grant.refreshToken, newClient());
      } catch (error) {
        const data = (error as HttpishError)?.response?.data as { error?: unknown } | undefined;
        // Already revoked or expired: the goal is reached.
        if (data?.error === 'invalid_token' || data?.error === 'invalid_grant') return;
        throw translate(error, 'call');
      } finally {
        clients.delete(createHash('sha256').update(grant.refreshToken).digest('base64url'));
      }
    },
  };
}
