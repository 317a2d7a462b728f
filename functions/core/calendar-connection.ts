import { createHash, randomBytes } from 'node:crypto';
import { DomainError, UnavailableError } from './errors.js';
import type { Owner } from './owner.js';
import { logger } from '../logger.js';
import { CalendarError, isCalendarError, pkceChallenge, type CalendarGrant, type CalendarSummary } from './ports/calendar.js';
import { TokenCipherError } from './ports/token-cipher.js';
import type { Ports } from './ports.js';
import type { CalendarReturnPage } from '../contracts/calendar.js';
import { findOrCreateOwnerSalon, ownerSalonId, type DeletedOwnerCheck, type SalonDeps } from './salon.js';

/**
 * Connecting a salon's Google Calendar (OAuth 2.0 authorisation code + PKCE), using it, and
 * letting it go. RELIABILITY 31/32: the state is random, bound to the salon and to the browser
 * that started, single-use and short-lived; the refresh token is stored encrypted with the salon
 * as context; a revoked grant marks the connection broken and tells the owner.
 */
export const STATE_TTL_SECONDS = 600;
export const CALLBACK_PATH = '/api/google/oauth/callback';

/** The calendar messages the product shows, and the API's own refusal for a salon without a connection. */
export const calendarMessages = {
  connectFailed: 'Calendar connection failed. Please try again.',
  startFailed: 'Failed to start Google OAuth',
  connectFirst: 'Please connect Google Calendar first.',
  notConfigured: 'Google Calendar is not set up here. Your bookings stay in your SalonDesk diary.',
} as const;

/** No Google credentials where the product runs (and no stand-in): the salon keeps its own diary, nothing to connect. */
export class CalendarNotConfiguredError extends DomainError {
  constructor() {
    super('conflict', 'calendar_not_configured', calendarMessages.notConfigured);
  }
}

export class CalendarNotConnectedError extends DomainError {
  constructor() {
    super('conflict', 'calendar_not_connected', calendarMessages.connectFirst);
  }
}

/** The grant stopped working (revoked at Google, or undecryptable): the owner must connect again. */
export class CalendarBrokenError extends DomainError {
  constructor() {
    super('conflict', 'calendar_broken', calendarMessages.connectFailed);
  }
}

export type CalendarDeps = SalonDeps &
  Pick<Ports, 'googleStore' | 'calendar' | 'tokenCipher' | 'config'> & {
    /**
     * Runs before a new grant replaces the salon's stored one (a reconnect), while the old one still
     * works: the calendar mirrors' push channels were opened with it (core/calendar/salon-mirrors.ts closeMirrors).
     */
    beforeReplacingGrant?: (salonId: string) => Promise<unknown>;
  };

export type CalendarGrantDeps = Pick<CalendarDeps, 'googleStore' | 'calendar' | 'tokenCipher' | 'now'>;

const STATE_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * The site the owner is on: SITE_URL, except locally, where the product answers on several
 * origins and the state cookie lives on the one the browser used (its `Host`, when listed).
 */
export function requestSiteUrl(config: { SITE_URL: string; LOCAL_SITE_ORIGINS: readonly string[] }, host: string | undefined): string {
  const origin = host ? `http://${host.toLowerCase()}` : undefined;
  return origin && config.LOCAL_SITE_ORIGINS.includes(origin) ? origin : config.SITE_URL;
}

export function callbackUrl(siteUrl: string): string {
  return new URL(CALLBACK_PATH, siteUrl).toString();
}

/** Back to the page the owner connected from, with the outcome: the wizard, or Settings → Calendar & Services. */
export function returnUrl(siteUrl: string, outcome: 'ok' | 'fail', page: CalendarReturnPage = 'setup-wizard'): string {
  const path = page === 'settings' ? `/settings?section=calendar&connected=${outcome}` : `/setup-wizard?connected=${outcome}`;
  return new URL(path, siteUrl).toString();
}

/** `POST /api/google/oauth/start`: a fresh state and PKCE verifier for the owner's salon, and where to consent. */
export async function startCalendarConnection(
  deps: CalendarDeps,
  owner: Owner,
  returnTo: CalendarReturnPage = 'setup-wizard',
): Promise<{ url: string; state: string }> {
  const salon = await findOrCreateOwnerSalon(deps, owner);
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  const now = deps.now();
  await deps.googleStore.saveState(
    hashState(state),
    { salonId: salon.id, ownerId: owner.userId, codeVerifier, createdAt: now.toISOString(), returnTo },
    new Date(now.getTime() + STATE_TTL_SECONDS * 1000),
  );
  const url = await deps.calendar.authorizationUrl({ state, codeChallenge: pkceChallenge(codeVerifier), redirectUri: callbackUrl(deps.config.SITE_URL) });
  return { url, state };
}

export interface CallbackInput {
  state?: string;
  code?: string;
  /** Google's `error` parameter, e.g. `access_denied` when the owner says no. */
  error?: string;
  /** The state the browser's cookie holds. */
  browserState?: string;
}

export type CallbackFailure =
  'missing_state' | 'unknown_or_reused_state' | 'state_not_from_this_browser' | 'stale_state' | 'denied' | 'missing_code' | 'salon_gone' | 'exchange_failed';

/** `returnTo`: where the state said the owner started (the wizard when the state is unknown). */
export type CallbackOutcome = ({ outcome: 'ok'; salonId: string } | { outcome: 'fail'; reason: CallbackFailure }) & { returnTo: CalendarReturnPage };

/**
 * `GET /api/google/oauth/callback`: consumes the state (a conditional delete, so a replay or a
 * racing duplicate fails), checks it belongs to this browser and is fresh, exchanges the code
 * with the PKCE verifier, and stores the refresh token encrypted under the state's salon.
 */
export async function completeCalendarConnection(deps: CalendarDeps, input: CallbackInput): Promise<CallbackOutcome> {
  let returnTo: CalendarReturnPage = 'setup-wizard';
  const fail = (reason: CallbackFailure): CallbackOutcome => {
    logger.warn('calendar connection failed', { reason });
    return { outcome: 'fail', reason, returnTo };
  };
  if (!input.state || !STATE_FORMAT.test(input.state)) return fail('missing_state');
  const record = await deps.googleStore.consumeState(hashState(input.state));
  if (!record) return fail('unknown_or_reused_state');
  ({ returnTo } = record);
  if (input.browserState !== input.state) return fail('state_not_from_this_browser');
  const ageMs = deps.now().getTime() - Date.parse(record.createdAt);
  if (!(ageMs >= 0 && ageMs <= STATE_TTL_SECONDS * 1000)) return fail('stale_state');
  if (input.error) return fail('denied');
  if (!input.code) return fail('missing_code');
  // The owner may have deleted their account while on the consent page (or be deleting it now).
  const [salon, ownerDeleted] = await Promise.all([deps.salons.get(record.salonId), deps.deletedOwners.isDeleted(record.ownerId, deps.now())]);
  if (!salon || ownerDeleted) return fail('salon_gone');

  let refreshToken: string;
  try {
    ({ refreshToken } = await deps.calendar.exchangeCode({
      code: input.code,
      codeVerifier: record.codeVerifier,
      redirectUri: callbackUrl(deps.config.SITE_URL),
    }));
  } catch (error) {
    logger.warn('calendar code exchange failed', { kind: isCalendarError(error) ? error.kind : (error as Error)?.name });
    return fail('exchange_failed');
  }
  if (deps.beforeReplacingGrant && (await deps.googleStore.getConnection(record.salonId))) {
    // The new grant is stored whatever becomes of the old one's channels (they expire within a week).
    await deps
      .beforeReplacingGrant(record.salonId)
      .catch((error: unknown) => logger.warn('calendar mirrors not closed before a reconnect', { name: (error as Error)?.name }));
  }
  await deps.googleStore.saveConnection({
    salonId: record.salonId,
    encryptedRefreshToken: await deps.tokenCipher.encrypt(refreshToken, record.salonId),
    connectedAt: deps.now().toISOString(),
    provider: await deps.calendar.provider(),
    status: 'connected',
  });
  logger.info('calendar connected', { salonId: record.salonId });
  return { outcome: 'ok', salonId: record.salonId, returnTo };
}

/** For the setup load's `google_connected`: a usable connection (not a broken one). */
export async function isCalendarConnected(store: Pick<Ports['googleStore'], 'getConnection'>, salonId: string): Promise<boolean> {
  return (await store.getConnection(salonId))?.status === 'connected';
}

/**
 * Runs `use` with the salon's decrypted grant. Not connected → 409 'Please connect Google
 * Calendar first.'; a revoked grant (or one that no longer decrypts) marks the connection broken
 * → 409 'Calendar connection failed. Please try again.'; timeouts, 429 and 5xx → 503. Other
 * calendar errors (`not_found`, `rejected`) reach the caller as `CalendarError`.
 */
export async function withCalendarGrant<T>(deps: CalendarGrantDeps, salonId: string, use: (grant: CalendarGrant) => Promise<T>): Promise<T> {
  const connection = await deps.googleStore.getConnection(salonId);
  if (!connection) throw new CalendarNotConnectedError();
  if (connection.status !== 'connected') throw new CalendarBrokenError();
  const markBroken = async (why: string) => {
    logger.warn('calendar connection broken', { salonId, why });
    await deps.googleStore.markBroken(salonId, connection.encryptedRefreshToken, deps.now());
    return new CalendarBrokenError();
  };
  let refreshToken: string;
  try {
    refreshToken = await deps.tokenCipher.decrypt(connection.encryptedRefreshToken, salonId);
  } catch (error) {
    if (error instanceof TokenCipherError) throw await markBroken('token does not decrypt');
    throw error;
  }
  try {
    return await use({ salonId, refreshToken });
  } catch (error) {
    if (isCalendarError(error, 'revoked')) throw await markBroken(error.message);
    if (isCalendarError(error, 'unavailable')) {
      logger.warn('calendar provider unavailable', { salonId, status: error.status });
      throw new UnavailableError();
    }
    throw error;
  }
}

/** `GET /api/google/list-calendars`. */
export async function listOwnerCalendars(deps: CalendarGrantDeps & DeletedOwnerCheck, owner: Owner): Promise<CalendarSummary[]> {
  const salonId = await ownerSalonId(deps, owner);
  try {
    return await withCalendarGrant(deps, salonId, (grant) => deps.calendar.listCalendars(grant));
  } catch (error) {
    if (error instanceof CalendarError) {
      logger.warn('listing calendars failed', { kind: error.kind, status: error.status });
      throw new DomainError('provider_failed', 'calendar_failed', calendarMessages.connectFailed);
    }
    throw error;
  }
}

/**
 * Account deletion (RELIABILITY 24): revokes the salon's grant at the provider. Never throws:
 * failures are logged (without the token) and deletion goes on. Call it before the salon's items
 * are deleted, since it needs the stored (encrypted) token. Answers whether a grant was revoked.
 */
export async function revokeCalendarAccess(deps: Pick<CalendarDeps, 'googleStore' | 'calendar' | 'tokenCipher'>, salonId: string): Promise<boolean> {
  try {
    const connection = await deps.googleStore.getConnection(salonId);
    if (!connection) return false;
    const refreshToken = await deps.tokenCipher.decrypt(connection.encryptedRefreshToken, salonId);
    await deps.calendar.revoke({ salonId, refreshToken });
    logger.info('calendar access revoked', { salonId });
    return true;
  } catch (error) {
    logger.warn('calendar access not revoked', {
      salonId,
      kind: isCalendarError(error) ? error.kind : (error as Error)?.name,
    });
    return false;
  }
}
