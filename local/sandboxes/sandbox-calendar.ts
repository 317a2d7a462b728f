import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GoogleStore } from '../../functions/core/ports/google-store.js';
import type { SandboxCalendarStore } from './sandbox-calendar-store.js';
import { createSandboxPush, type PushDelivery } from './sandbox-calendar-push.js';
import { CALENDAR_SCOPES, isValidEventId } from '../../functions/providers/google-calendar-rules.js';
import {
  CalendarError,
  pkceChallenge,
  type BusyInterval,
  type CalendarGrant,
  type CalendarPort,
  type CalendarSummary,
  type FreeBusy,
} from '../../functions/core/ports/calendar.js';

/**
 * Sandbox: the calendar provider when no Google credentials are configured. It follows Google's
 * flow (consent page → code → PKCE-checked exchange → refresh token) on a local page, serves a
 * fixed list of calendars, and keeps free/busy and events in the single table under the salon.
 * Nothing leaves the machine; the consent page says so.
 */
export const SANDBOX_CALENDARS: readonly CalendarSummary[] = [
  { id: 'salon-bookings@sandbox.calendar', summary: 'Salon bookings' },
  { id: 'aoife@sandbox.calendar', summary: 'Aoife – stylist' },
  { id: 'ciara@sandbox.calendar', summary: 'Ciara – stylist' },
  { id: 'staff-rota@sandbox.calendar', summary: 'Staff rota' },
];

export const SANDBOX_CONSENT_PATH = '/api/google/sandbox-consent';

const CODE = /^sandbox-([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;
const REFRESH_TOKEN = /^sandbox-refresh-[A-Za-z0-9_-]{32}$/;

/** The code the consent page's Allow button carries: it remembers the PKCE challenge it was issued for. */
export function sandboxAuthorizationCode(codeChallenge: string): string {
  return `sandbox-${randomBytes(18).toString('base64url')}.${codeChallenge}`;
}

export function isPkceChallenge(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

function overlapsMerged(intervals: BusyInterval[], from: Date, to: Date): BusyInterval[] {
  const clipped = intervals
    .map((interval) => ({ start: Math.max(Date.parse(interval.start), from.getTime()), end: Math.min(Date.parse(interval.end), to.getTime()) }))
    .filter((interval) => interval.start < interval.end)
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const interval of clipped) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged.map((interval) => ({ start: new Date(interval.start).toISOString(), end: new Date(interval.end).toISOString() }));
}

function instant(value: string, field: string): string {
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new CalendarError('rejected', `Invalid ${field} time`);
  return new Date(parsed).toISOString();
}

export interface SandboxCalendarOptions {
  store: GoogleStore;
  /** Its sync counter and push channels; without it the sandbox has no events.list or events.watch (unit tests of other parts). */
  channels?: SandboxCalendarStore;
  /** How a push notification is delivered (default: an HTTP POST to the channel's address, as Google's). */
  deliver?: (delivery: PushDelivery) => Promise<void>;
  now: () => Date;
  /**
   * SANDBOX_CALENDAR_LATENCY_MS: every call that would reach Google waits this long first, so local
   * runs, tests and benches pay what Google costs from eu-west-1 (150–400 ms). Default 0.
   */
  latencyMs?: number;
}

export function createSandboxCalendar(options: SandboxCalendarOptions): CalendarPort {
  const { store } = options;
  const push = options.channels
    ? createSandboxPush({ store, channels: options.channels, now: options.now, ...(options.deliver ? { deliver: options.deliver } : {}) })
    : null;
  const requirePush = () => {
    if (!push) throw new CalendarError('rejected', 'This sandbox has no sync or push', 400);
    return push;
  };
  /** A change to the calendar: the next number of its counter (sync tokens count in it), then every channel on it told. */
  const changeNumber = async (salonId: string, calendarId: string) => (push && options.channels ? options.channels.nextSeq(salonId, calendarId) : undefined);
  const latency = options.latencyMs ?? 0;
  const roundTrip = () => (latency > 0 ? new Promise<void>((resolve) => setTimeout(resolve, latency)) : Promise.resolve());
  const knownCalendar = (id: string) => SANDBOX_CALENDARS.some((calendar) => calendar.id === id);

  /** As Google answers `invalid_grant` for a revoked or unknown refresh token. */
  async function checkGrant(grant: CalendarGrant) {
    if (!REFRESH_TOKEN.test(grant.refreshToken) || (await store.isSandboxTokenRevoked(grant.salonId, tokenHash(grant.refreshToken)))) {
      throw new CalendarError('revoked', 'invalid_grant: the sandbox grant was revoked', 400);
    }
  }

  return {
    provider: async () => 'sandbox',
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      // The consent page is served next to the callback, on the origin the owner started from.
      const url = new URL(SANDBOX_CONSENT_PATH, redirectUri);
      url.search = new URLSearchParams({
        state,
        redirect_uri: redirectUri,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        scope: CALENDAR_SCOPES.join(' '),
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier }) {
      await roundTrip();
      const match = CODE.exec(code);
      const expected = match ? Buffer.from(match[2]!) : Buffer.alloc(0);
      const actual = Buffer.from(pkceChallenge(codeVerifier));
      if (!match || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        throw new CalendarError('rejected', 'invalid_grant: the sandbox code or its verifier is wrong', 400);
      }
      return { refreshToken: `sandbox-refresh-${randomBytes(24).toString('base64url')}` };
    },
    async listCalendars(grant) {
      await roundTrip();
      await checkGrant(grant);
      return SANDBOX_CALENDARS.map((calendar) => ({ ...calendar }));
    },
    async freeBusy(grant, calendarIds, from, to) {
      await roundTrip();
      await checkGrant(grant);
      if (!(from.getTime() < to.getTime())) throw new CalendarError('rejected', 'The time range is empty', 400);
      const answer: FreeBusy = {};
      await Promise.all(
        calendarIds.map(async (calendarId) => {
          if (!knownCalendar(calendarId)) {
            answer[calendarId] = { busy: [], error: 'notFound' };
            return;
          }
          const events = await store.sandboxEvents(grant.salonId, calendarId);
          answer[calendarId] = { busy: overlapsMerged(events, from, to) };
        }),
      );
      return answer;
    },
    async createEvent(grant, calendarId, event) {
      await roundTrip();
      await checkGrant(grant);
      if (!knownCalendar(calendarId)) throw new CalendarError('not_found', 'No such sandbox calendar', 404);
      if (!isValidEventId(event.id)) throw new CalendarError('rejected', 'Invalid event id', 400);
      const start = instant(event.start, 'start');
      const end = instant(event.end, 'end');
      if (!(start < end)) throw new CalendarError('rejected', 'The event ends before it starts', 400);
      const seq = await changeNumber(grant.salonId, calendarId);
      const created = await store.putSandboxEvent(grant.salonId, {
        calendarId,
        id: event.id,
        summary: event.summary,
        ...(event.description !== undefined ? { description: event.description } : {}),
        start,
        end,
        timeZone: event.timeZone,
        ...(seq !== undefined ? { seq } : {}),
      });
      if (created && seq !== undefined) await push!.changed(grant.salonId, calendarId, seq);
      return { id: event.id, created };
    },
    async deleteEvent(grant, calendarId, eventId) {
      await roundTrip();
      await checkGrant(grant);
      if (!knownCalendar(calendarId)) throw new CalendarError('not_found', 'No such sandbox calendar', 404);
      const seq = await changeNumber(grant.salonId, calendarId);
      const deleted = await store.deleteSandboxEvent(grant.salonId, calendarId, eventId, seq);
      if (deleted && seq !== undefined) await push!.changed(grant.salonId, calendarId, seq);
      return { deleted };
    },
    async listEvents(grant, calendarId, listing) {
      await roundTrip();
      await checkGrant(grant);
      if (!knownCalendar(calendarId)) throw new CalendarError('not_found', 'No such sandbox calendar', 404);
      return requirePush().listEvents(grant, calendarId, listing);
    },
    async watch(grant, calendarId, request) {
      await roundTrip();
      await checkGrant(grant);
      if (!knownCalendar(calendarId)) throw new CalendarError('not_found', 'No such sandbox calendar', 404);
      return requirePush().watch(grant, calendarId, request);
    },
    async stopChannel(grant, channel) {
      await roundTrip();
      await checkGrant(grant);
      await requirePush().stopChannel(grant, channel);
    },
    async revoke(grant) {
      await roundTrip();
      if (!REFRESH_TOKEN.test(grant.refreshToken)) return;
      await store.markSandboxTokenRevoked(grant.salonId, tokenHash(grant.refreshToken), options.now());
    },
  };
}
