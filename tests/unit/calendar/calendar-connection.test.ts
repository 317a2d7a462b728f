import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALLBACK_PATH,
  STATE_TTL_SECONDS,
  CalendarBrokenError,
  CalendarNotConnectedError,
  completeCalendarConnection,
  isCalendarConnected,
  listOwnerCalendars,
  revokeCalendarAccess,
  startCalendarConnection,
  withCalendarGrant,
  type CalendarDeps,
} from '../../../functions/core/calendar-connection.js';
import { clearedStateCookie, stateCookie, stateFromCookies } from '../../../functions/http/oauth-state-cookie.js';
import { salonIdForOwner } from '../../../functions/core/salon.js';
import { CalendarError, type CalendarPort } from '../../../functions/core/ports/calendar.js';
import { createLocalTokenCipher, ensureLocalTokenKey } from '../../../local/sandboxes/local-token-cipher.js';
import { createSandboxCalendar, sandboxAuthorizationCode, SANDBOX_CALENDARS } from '../../../local/sandboxes/sandbox-calendar.js';
import type { SalonStore } from '../../../functions/core/ports/salon-store.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import type { Identity } from '../../../functions/core/ports/identity.js';
import { UnavailableError } from '../../../functions/core/errors.js';
import { setLogSink } from '../../../functions/logger.js';
import { memoryGoogleStore } from './memory-google-store.js';

const SITE = 'http://localhost:3000';
const dir = mkdtempSync(join(tmpdir(), 'calendar-core-'));
const keyFile = join(dir, 'token-key.bin');
ensureLocalTokenKey(keyFile);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
setLogSink(() => {}, 'error');

function world() {
  let now = new Date('2025-05-01T10:00:00Z');
  const salons = new Map<string, Salon>();
  const google = memoryGoogleStore();
  const salonStore = {
    get: async (id: string) => salons.get(id) ?? null,
    createIfAbsent: async (salon: Salon) => {
      if (!salons.has(salon.id)) salons.set(salon.id, salon);
      return salons.get(salon.id)!;
    },
  } as unknown as SalonStore;
  const identity = { getUser: async (username: string) => ({ username, email: `${username}@example.ie` }) } as unknown as Identity;
  const clock = () => new Date(now);
  const calendar = createSandboxCalendar({ store: google.store, now: clock });
  const deps: CalendarDeps = {
    salons: salonStore,
    identity,
    deletedOwners: { mark: async () => undefined, isDeleted: async () => false },
    googleStore: google.store,
    calendar,
    tokenCipher: createLocalTokenCipher(keyFile),
    config: { SITE_URL: SITE },
    now: clock,
  };
  return {
    deps,
    google,
    salons,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

const owner = (id: string) => ({ userId: id, username: id });

/** What the consent page's Allow button does: a code for the challenge the start URL carried. */
function allow(url: string) {
  const consent = new URL(url);
  const state = consent.searchParams.get('state')!;
  return { state, code: sandboxAuthorizationCode(consent.searchParams.get('code_challenge')!) };
}

let w: ReturnType<typeof world>;
beforeEach(() => {
  w = world();
});

describe('starting a calendar connection', () => {
  it('answers the sandbox consent URL with a fresh random state, an S256 challenge and our callback', async () => {
    const first = await startCalendarConnection(w.deps, owner('u-aoife'));
    const second = await startCalendarConnection(w.deps, owner('u-aoife'));
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/api/google/sandbox-consent`);
    expect(url.searchParams.get('state')).toBe(first.state);
    expect(first.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.state).not.toBe(first.state);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}${CALLBACK_PATH}`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The verifier never leaves the server; the state is stored by its hash only, with a TTL.
    expect(first.url).not.toContain([...w.google.states.values()][0]!.codeVerifier);
    expect([...w.google.states.keys()]).not.toContain(first.state);
    const stored = [...w.google.states.values()][0]!;
    expect(stored).toMatchObject({ salonId: salonIdForOwner('u-aoife'), ownerId: 'u-aoife' });
    expect(stored.expiresAt.getTime() - Date.parse(stored.createdAt)).toBe(STATE_TTL_SECONDS * 1000);
  });
});

describe('the OAuth callback state (RELIABILITY 32)', () => {
  it('sends the owner back to the page they started from, whatever the outcome once the state is known', async () => {
    const allowed = await startCalendarConnection(w.deps, owner('u-settings'), 'settings');
    expect(await completeCalendarConnection(w.deps, { ...allow(allowed.url), browserState: allowed.state })).toMatchObject({
      outcome: 'ok',
      returnTo: 'settings',
    });
    const denied = await startCalendarConnection(w.deps, owner('u-settings'), 'settings');
    expect(await completeCalendarConnection(w.deps, { state: denied.state, error: 'access_denied', browserState: denied.state })).toEqual({
      outcome: 'fail',
      reason: 'denied',
      returnTo: 'settings',
    });
  });

  it('connects exactly once with a fresh state from this browser', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-1'));
    const { state, code } = allow(url);
    expect(await completeCalendarConnection(w.deps, { state, code, browserState: state })).toEqual({
      outcome: 'ok',
      salonId: salonIdForOwner('u-1'),
      returnTo: 'setup-wizard',
    });
    expect(await completeCalendarConnection(w.deps, { state, code, browserState: state })).toEqual({
      outcome: 'fail',
      reason: 'unknown_or_reused_state',
      returnTo: 'setup-wizard',
    });
    expect(await isCalendarConnected(w.google.store, salonIdForOwner('u-1'))).toBe(true);
  });

  it('a reconnect closes the old grant’s calendar mirrors with that grant, before the new one replaces it; a first connect has none to close', async () => {
    const salonId = salonIdForOwner('u-reconnect');
    const closedWith: string[] = [];
    const deps: CalendarDeps = {
      ...w.deps,
      beforeReplacingGrant: async (id) => closedWith.push(await withCalendarGrant(w.deps, id, async (grant) => grant.refreshToken)),
    };
    const connect = async () => {
      const { url } = await startCalendarConnection(deps, owner('u-reconnect'), 'settings');
      const { state, code } = allow(url);
      expect(await completeCalendarConnection(deps, { state, code, browserState: state })).toMatchObject({ outcome: 'ok' });
      return withCalendarGrant(w.deps, salonId, async (grant) => grant.refreshToken);
    };
    const first = await connect();
    expect(closedWith).toEqual([]);
    const second = await connect();
    expect(second).not.toBe(first);
    expect(closedWith).toEqual([first]);
  });

  it('lets only one of two racing callbacks with the same state through', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-race'));
    const { state, code } = allow(url);
    const outcomes = await Promise.all([1, 2, 3].map(() => completeCalendarConnection(w.deps, { state, code, browserState: state })));
    expect(outcomes.filter((outcome) => outcome.outcome === 'ok')).toHaveLength(1);
  });

  it.each([
    ['missing', undefined, 'missing_state'],
    ['empty', '', 'missing_state'],
    ['malformed', 'not a state', 'missing_state'],
    ['never issued', 'A'.repeat(43), 'unknown_or_reused_state'],
  ])('fails on a %s state', async (_label, state, reason) => {
    await startCalendarConnection(w.deps, owner('u-2'));
    expect(await completeCalendarConnection(w.deps, { state, code: 'sandbox-x', browserState: state })).toEqual({
      outcome: 'fail',
      reason,
      returnTo: 'setup-wizard',
    });
    expect(await isCalendarConnected(w.google.store, salonIdForOwner('u-2'))).toBe(false);
  });

  it('fails on a state that does not match the one this browser started with, and burns it', async () => {
    const mine = await startCalendarConnection(w.deps, owner('u-3'));
    const theirs = await startCalendarConnection(w.deps, owner('u-3'));
    const { state, code } = allow(mine.url);
    expect(await completeCalendarConnection(w.deps, { state, code, browserState: theirs.state })).toEqual({
      outcome: 'fail',
      reason: 'state_not_from_this_browser',
      returnTo: 'setup-wizard',
    });
    expect(await completeCalendarConnection(w.deps, { state, code })).toEqual({ outcome: 'fail', reason: 'unknown_or_reused_state', returnTo: 'setup-wizard' });
    expect(await isCalendarConnected(w.google.store, salonIdForOwner('u-3'))).toBe(false);
  });

  it('fails on a stale state (older than 10 minutes) even if the store has not expired it yet', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-4'));
    const { state, code } = allow(url);
    w.advance(STATE_TTL_SECONDS * 1000 + 1000);
    expect(await completeCalendarConnection(w.deps, { state, code, browserState: state })).toEqual({
      outcome: 'fail',
      reason: 'stale_state',
      returnTo: 'setup-wizard',
    });
  });

  it('accepts a state just inside its 10 minutes', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-5'));
    const { state, code } = allow(url);
    w.advance(STATE_TTL_SECONDS * 1000 - 1000);
    expect((await completeCalendarConnection(w.deps, { state, code, browserState: state })).outcome).toBe('ok');
  });

  it('fails when the owner denies consent, and the state cannot be used afterwards', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-6'));
    const { state, code } = allow(url);
    expect(await completeCalendarConnection(w.deps, { state, error: 'access_denied', browserState: state })).toEqual({
      outcome: 'fail',
      reason: 'denied',
      returnTo: 'setup-wizard',
    });
    expect(await completeCalendarConnection(w.deps, { state, code, browserState: state })).toEqual({
      outcome: 'fail',
      reason: 'unknown_or_reused_state',
      returnTo: 'setup-wizard',
    });
  });

  it('fails without a code, with a code for another challenge, and for a salon deleted meanwhile', async () => {
    const a = await startCalendarConnection(w.deps, owner('u-7'));
    expect(await completeCalendarConnection(w.deps, { state: a.state, browserState: a.state })).toEqual({
      outcome: 'fail',
      reason: 'missing_code',
      returnTo: 'setup-wizard',
    });
    const b = await startCalendarConnection(w.deps, owner('u-7'));
    const other = await startCalendarConnection(w.deps, owner('u-7'));
    const { code } = allow(other.url);
    expect(await completeCalendarConnection(w.deps, { state: b.state, code, browserState: b.state })).toEqual({
      outcome: 'fail',
      reason: 'exchange_failed',
      returnTo: 'setup-wizard',
    });
    const c = await startCalendarConnection(w.deps, owner('u-7'));
    w.salons.delete(salonIdForOwner('u-7'));
    expect(await completeCalendarConnection(w.deps, { ...allow(c.url), browserState: c.state })).toEqual({
      outcome: 'fail',
      reason: 'salon_gone',
      returnTo: 'setup-wizard',
    });
  });

  it('connects the salon the state was issued for, whoever completes it', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-a'));
    const { state, code } = allow(url);
    await completeCalendarConnection(w.deps, { state, code, browserState: state });
    expect(await isCalendarConnected(w.google.store, salonIdForOwner('u-a'))).toBe(true);
    expect(await isCalendarConnected(w.google.store, salonIdForOwner('u-b'))).toBe(false);
  });
});

describe('the stored grant (RELIABILITY 31)', () => {
  it('keeps the refresh token encrypted with the salon as context', async () => {
    const { url } = await startCalendarConnection(w.deps, owner('u-enc'));
    const { state, code } = allow(url);
    await completeCalendarConnection(w.deps, { state, code, browserState: state });
    const salonId = salonIdForOwner('u-enc');
    const stored = (await w.google.store.getConnection(salonId))!;
    expect(stored).toMatchObject({ provider: 'sandbox', status: 'connected' });
    const token = await w.deps.tokenCipher.decrypt(stored.encryptedRefreshToken, salonId);
    expect(token).toMatch(/^sandbox-refresh-/);
    expect(stored.encryptedRefreshToken).not.toContain(token);
    await expect(w.deps.tokenCipher.decrypt(stored.encryptedRefreshToken, salonIdForOwner('u-other'))).rejects.toThrow();
  });
});

describe('using the grant', () => {
  async function connected(id: string) {
    const { url } = await startCalendarConnection(w.deps, owner(id));
    const { state, code } = allow(url);
    await completeCalendarConnection(w.deps, { state, code, browserState: state });
    return salonIdForOwner(id);
  }

  it('lists the sandbox calendars once connected, and says to connect first before', async () => {
    await expect(listOwnerCalendars(w.deps, owner('u-l'))).rejects.toBeInstanceOf(CalendarNotConnectedError);
    await expect(listOwnerCalendars(w.deps, owner('u-l'))).rejects.toMatchObject({ kind: 'conflict', message: 'Please connect Google Calendar first.' });
    await connected('u-l');
    expect(await listOwnerCalendars(w.deps, owner('u-l'))).toEqual(SANDBOX_CALENDARS);
  });

  it('marks a revoked grant broken and tells the owner to try again', async () => {
    const salonId = await connected('u-r');
    const stored = (await w.google.store.getConnection(salonId))!;
    await w.deps.calendar.revoke({ salonId, refreshToken: await w.deps.tokenCipher.decrypt(stored.encryptedRefreshToken, salonId) });
    await expect(listOwnerCalendars(w.deps, owner('u-r'))).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Calendar connection failed. Please try again.',
    });
    expect((await w.google.store.getConnection(salonId))!.status).toBe('broken');
    expect(await isCalendarConnected(w.google.store, salonId)).toBe(false);
    await expect(listOwnerCalendars(w.deps, owner('u-r'))).rejects.toBeInstanceOf(CalendarBrokenError);
    // Connecting again repairs it.
    await connected('u-r');
    expect(await listOwnerCalendars(w.deps, owner('u-r'))).toHaveLength(SANDBOX_CALENDARS.length);
  });

  it('marks a grant that no longer decrypts broken', async () => {
    const salonId = await connected('u-t');
    const stored = (await w.google.store.getConnection(salonId))!;
    await w.google.store.saveConnection({ ...stored, encryptedRefreshToken: `${stored.encryptedRefreshToken.slice(0, -4)}AAAA` });
    await expect(withCalendarGrant(w.deps, salonId, async () => 'never')).rejects.toBeInstanceOf(CalendarBrokenError);
    expect((await w.google.store.getConnection(salonId))!.status).toBe('broken');
  });

  it('answers 503 when the provider is unavailable, and leaves the connection alone', async () => {
    const salonId = await connected('u-u');
    await expect(
      withCalendarGrant(w.deps, salonId, async () => {
        throw new CalendarError('unavailable', 'Google is busy (429)', 429);
      }),
    ).rejects.toBeInstanceOf(UnavailableError);
    expect(await isCalendarConnected(w.google.store, salonId)).toBe(true);
  });

  it('revokes the grant on account deletion, and never throws', async () => {
    const salonId = await connected('u-d');
    expect(await revokeCalendarAccess(w.deps, salonId)).toBe(true);
    await expect(
      w.deps.calendar.listCalendars({
        salonId,
        refreshToken: await w.deps.tokenCipher.decrypt((await w.google.store.getConnection(salonId))!.encryptedRefreshToken, salonId),
      }),
    ).rejects.toMatchObject({ kind: 'revoked' });
    expect(await revokeCalendarAccess(w.deps, salonIdForOwner('never-connected'))).toBe(false);
    const failing: CalendarPort = { ...w.deps.calendar, revoke: vi.fn(async () => Promise.reject(new CalendarError('unavailable', 'down'))) };
    expect(await revokeCalendarAccess({ ...w.deps, calendar: failing }, salonId)).toBe(false);
  });
});

describe('the browser binding cookie', () => {
  it('is HttpOnly, Lax, short-lived, and __Host-/Secure on https', () => {
    expect(stateCookie('https://salondesk.ie', 'abc')).toBe('__Host-gcal_oauth=abc; Path=/; Max-Age=600; HttpOnly; SameSite=Lax; Secure');
    expect(stateCookie('http://localhost:3000', 'abc')).toBe('gcal_oauth=abc; Path=/; Max-Age=600; HttpOnly; SameSite=Lax');
    expect(clearedStateCookie('https://salondesk.ie')).toContain('Max-Age=0');
  });

  it('is read from API Gateway cookies or a Cookie header', () => {
    expect(stateFromCookies('https://salondesk.ie', ['theme=dark', '__Host-gcal_oauth=s1'])).toBe('s1');
    expect(stateFromCookies('http://localhost:3000', ['a=1; gcal_oauth=s2; b=2'])).toBe('s2');
    expect(stateFromCookies('https://salondesk.ie', ['gcal_oauth=s3'])).toBeUndefined();
  });
});
