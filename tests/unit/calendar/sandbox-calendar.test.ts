import { describe, expect, it } from 'vitest';
import { pkceChallenge } from '../../../functions/core/ports/calendar.js';
import { CALENDAR_SCOPES } from '../../../functions/providers/google-calendar-rules.js';
import { createSandboxCalendar, sandboxAuthorizationCode, SANDBOX_CALENDARS } from '../../../local/sandboxes/sandbox-calendar.js';
import { memoryGoogleStore } from './memory-google-store.js';

const SITE = 'http://localhost:3000';
const redirectUri = `${SITE}/api/google/oauth/callback`;

async function sandbox() {
  const memory = memoryGoogleStore();
  const calendar = createSandboxCalendar({ store: memory.store, now: () => new Date('2025-05-01T10:00:00Z') });
  const verifier = 'v'.repeat(64);
  const { refreshToken } = await calendar.exchangeCode({ code: sandboxAuthorizationCode(pkceChallenge(verifier)), codeVerifier: verifier, redirectUri });
  return { calendar, memory, grant: { salonId: 'sal_a', refreshToken } };
}

describe('calendar sandbox', () => {
  it('sends the owner to the local consent page with the same parameters Google gets', async () => {
    const { calendar } = await sandbox();
    expect(await calendar.provider()).toBe('sandbox');
    const url = new URL(await calendar.authorizationUrl({ state: 's'.repeat(43), codeChallenge: 'c'.repeat(43), redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/api/google/sandbox-consent`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: 's'.repeat(43),
      redirect_uri: redirectUri,
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      scope: CALENDAR_SCOPES.join(' '),
    });
  });

  it('checks the PKCE verifier when exchanging a code', async () => {
    const { calendar } = await sandbox();
    const code = sandboxAuthorizationCode(pkceChallenge('right'.repeat(10)));
    await expect(calendar.exchangeCode({ code, codeVerifier: 'wrong'.repeat(10), redirectUri })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(calendar.exchangeCode({ code: 'sandbox-nonsense', codeVerifier: 'right'.repeat(10), redirectUri })).rejects.toMatchObject({
      kind: 'rejected',
    });
    await expect(calendar.exchangeCode({ code, codeVerifier: 'right'.repeat(10), redirectUri })).resolves.toMatchObject({
      refreshToken: expect.stringMatching(/^sandbox-refresh-/),
    });
  });

  it('serves a fixed, realistic list of calendars', async () => {
    const { calendar, grant } = await sandbox();
    expect((await calendar.listCalendars(grant)).map((item) => item.summary)).toEqual(['Salon bookings', 'Aoife – stylist', 'Ciara – stylist', 'Staff rota']);
  });

  it('keeps events per salon: idempotent insert by id, free/busy clipped and merged, idempotent delete', async () => {
    const { calendar, grant } = await sandbox();
    const aoife = SANDBOX_CALENDARS[1]!.id;
    const base = { summary: 'Cut', timeZone: 'Europe/Dublin' };
    expect(
      await calendar.createEvent(grant, aoife, { ...base, id: 'booking0001', start: '2025-05-02T09:00:00+01:00', end: '2025-05-02T10:00:00+01:00' }),
    ).toEqual({ id: 'booking0001', created: true });
    expect(
      await calendar.createEvent(grant, aoife, { ...base, id: 'booking0001', start: '2025-05-02T09:00:00+01:00', end: '2025-05-02T10:00:00+01:00' }),
    ).toEqual({ id: 'booking0001', created: false });
    await calendar.createEvent(grant, aoife, { ...base, id: 'booking0002', start: '2025-05-02T09:30:00+01:00', end: '2025-05-02T11:00:00+01:00' });
    await calendar.createEvent(grant, aoife, { ...base, id: 'booking0003', start: '2025-05-02T15:00:00+01:00', end: '2025-05-02T16:00:00+01:00' });
    const busy = await calendar.freeBusy(
      grant,
      [aoife, SANDBOX_CALENDARS[2]!.id, 'unknown@x'],
      new Date('2025-05-02T08:30:00Z'),
      new Date('2025-05-02T14:30:00Z'),
    );
    expect(busy).toEqual({
      [aoife]: {
        busy: [
          { start: '2025-05-02T08:30:00.000Z', end: '2025-05-02T10:00:00.000Z' },
          { start: '2025-05-02T14:00:00.000Z', end: '2025-05-02T14:30:00.000Z' },
        ],
      },
      [SANDBOX_CALENDARS[2]!.id]: { busy: [] },
      'unknown@x': { busy: [], error: 'notFound' },
    });
    // Another salon's sandbox is separate.
    const other = await calendar.freeBusy({ ...grant, salonId: 'sal_b' }, [aoife], new Date('2025-05-02T00:00:00Z'), new Date('2025-05-03T00:00:00Z'));
    expect(other[aoife]!.busy).toEqual([]);
    expect(await calendar.deleteEvent(grant, aoife, 'booking0001')).toEqual({ deleted: true });
    expect(await calendar.deleteEvent(grant, aoife, 'booking0001')).toEqual({ deleted: false });
  });

  it('refuses what Google refuses: bad ids, unknown calendars, empty ranges', async () => {
    const { calendar, grant } = await sandbox();
    const base = { summary: 'Cut', timeZone: 'Europe/Dublin', start: '2025-05-02T09:00:00Z', end: '2025-05-02T10:00:00Z' };
    await expect(calendar.createEvent(grant, SANDBOX_CALENDARS[0]!.id, { ...base, id: 'Booking_1' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(calendar.createEvent(grant, 'nobody@x', { ...base, id: 'booking0001' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(calendar.freeBusy(grant, [SANDBOX_CALENDARS[0]!.id], new Date('2025-05-02'), new Date('2025-05-02'))).rejects.toMatchObject({
      kind: 'rejected',
    });
  });

  it('answers "revoked" for a revoked or made-up refresh token, like invalid_grant', async () => {
    const { calendar, grant } = await sandbox();
    await expect(calendar.listCalendars({ ...grant, refreshToken: 'made-up' })).rejects.toMatchObject({ kind: 'revoked' });
    await calendar.revoke(grant);
    await expect(calendar.listCalendars(grant)).rejects.toMatchObject({ kind: 'revoked' });
  });
});
