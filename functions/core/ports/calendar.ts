import { createHash } from 'node:crypto';

/**
 * The calendar port: what the product needs from a calendar provider. Two adapters implement it:
 * `google-calendar.ts` (googleapis) and `sandbox-calendar.ts` (local, clearly labelled Sandbox).
 *
 * A grant is the salon's refresh token together with the salon it belongs to: Google only needs
 * the token, the sandbox keeps its events under the salon in the single table.
 */
export type CalendarProviderName = 'google' | 'sandbox';

export interface CalendarGrant {
  salonId: string;
  refreshToken: string;
}

export interface CalendarSummary {
  id: string;
  summary: string;
}

/** A busy interval, as ISO instants. */
export interface BusyInterval {
  start: string;
  end: string;
}

/** Per requested calendar: its busy intervals, or why the provider could not answer for it. */
export type FreeBusy = Record<string, { busy: BusyInterval[]; error?: string }>;

export interface CalendarEventInput {
  /** Chosen by the caller (derived from the booking id) so a retried write never duplicates. */
  id: string;
  summary: string;
  description?: string;
  /** ISO date-times; `timeZone` (IANA, e.g. Europe/Dublin) names the zone they are shown in. */
  start: string;
  end: string;
  timeZone: string;
}

/** One event as a sync sees it: busy time (opaque, not declined, not cancelled) or gone. */
export type CalendarEventChange = { id: string; busy: true; start: string; end: string } | { id: string; busy: false };

export interface EventPage {
  changes: CalendarEventChange[];
  nextPageToken?: string;
  /** On the last page only: what the next incremental sync starts from. */
  nextSyncToken?: string;
}

/**
 * `syncToken` for an incremental sync (every change since, deleted events included), else a full
 * sync of events ending after `timeMin`. A sync token Google no longer honours is a
 * `CalendarError('gone')` (410): start again with a full sync.
 */
export interface EventListing {
  syncToken?: string;
  timeMin?: Date;
  pageToken?: string;
}

/** A push channel (events.watch): Google posts to `address` with our `token` on every change. */
export interface WatchRequest {
  id: string;
  token: string;
  address: string;
  ttlSeconds: number;
}

export interface WatchedChannel {
  resourceId: string;
  expiresAt: string;
}

export interface CalendarPort {
  provider(): Promise<CalendarProviderName>;
  /** Where to send the owner to consent (Google's page, or the local sandbox page). */
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): Promise<string>;
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<{ refreshToken: string }>;
  listCalendars(grant: CalendarGrant): Promise<CalendarSummary[]>;
  freeBusy(grant: CalendarGrant, calendarIds: readonly string[], from: Date, to: Date): Promise<FreeBusy>;
  /** Idempotent: an event with this id already there counts as created (`created: false`). */
  createEvent(grant: CalendarGrant, calendarId: string, event: CalendarEventInput): Promise<{ id: string; created: boolean }>;
  /** Idempotent: an event that is already gone counts as deleted (`deleted: false`). */
  deleteEvent(grant: CalendarGrant, calendarId: string, eventId: string): Promise<{ deleted: boolean }>;
  revoke(grant: CalendarGrant): Promise<void>;
  listEvents(grant: CalendarGrant, calendarId: string, listing: EventListing): Promise<EventPage>;
  watch(grant: CalendarGrant, calendarId: string, request: WatchRequest): Promise<WatchedChannel>;
  /** Idempotent: a channel that is already gone counts as stopped. */
  stopChannel(grant: CalendarGrant, channel: { id: string; resourceId: string }): Promise<void>;
}

/**
 * - `revoked`: the owner withdrew access (Google's `invalid_grant`) or scopes are missing: the
 *   connection is broken until they connect again.
 * - `unavailable`: timeout, 429 or 5xx: try again later.
 * - `not_found`: the calendar (or event) does not exist for this grant.
 * - `rejected`: the provider refused the request itself (bad code, bad input).
 * - `gone`: a sync token that is no longer valid (410): a full sync is needed.
 */
export type CalendarErrorKind = 'revoked' | 'unavailable' | 'not_found' | 'rejected' | 'gone';

export class CalendarError extends Error {
  constructor(
    readonly kind: CalendarErrorKind,
    message: string,
    /** Provider status, when there was one (never a token or a body). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CalendarError';
  }
}

export function isCalendarError(error: unknown, kind?: CalendarErrorKind): error is CalendarError {
  return error instanceof CalendarError && (kind === undefined || error.kind === kind);
}

/** PKCE (RFC 7636) S256: the challenge sent with the consent request for a verifier kept server-side. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
