import { randomBytes } from 'node:crypto';
import type { calendar_v3 } from '@googleapis/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEventId } from '../../../functions/providers/google-calendar-rules.js';
import { pkceChallenge } from '../../../functions/core/ports/calendar.js';
import { createGoogleCalendar } from '../../../functions/providers/google-calendar.js';
import { FAKE_CLIENT, startFakeGoogle, type FakeGoogle } from '../../support/fake-google.js';

/**
 * The bodies the calendar adapter sends Google, as they leave googleapis: every field is one the
 * calendar client's own types declare (the lists below are typed by them, so a field Google's
 * client does not know cannot be listed), and event ids follow Google's rule (base32hex, 5 to
 * 1024 characters).
 */
const EVENT_FIELDS: (keyof calendar_v3.Schema$Event)[] = ['id', 'summary', 'description', 'start', 'end'];
const EVENT_TIME_FIELDS: (keyof calendar_v3.Schema$EventDateTime)[] = ['dateTime', 'timeZone'];
const FREEBUSY_FIELDS: (keyof calendar_v3.Schema$FreeBusyRequest)[] = ['timeMin', 'timeMax', 'items'];
const FREEBUSY_ITEM_FIELDS: (keyof calendar_v3.Schema$FreeBusyRequestItem)[] = ['id'];

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());

describe('Google Calendar request bodies', () => {
  it('name only fields of the calendar client’s types', async () => {
    const calendar = createGoogleCalendar({ ...FAKE_CLIENT, apiRoot: google.apiRoot, oauthRoot: google.oauthRoot, timeoutMs: 2000 });
    const redirectUri = 'http://localhost:3000/api/google/oauth/callback';
    const verifier = randomBytes(48).toString('base64url');
    const back = await google.consent(await calendar.authorizationUrl({ state: 's', codeChallenge: pkceChallenge(verifier), redirectUri }));
    const { refreshToken } = await calendar.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: verifier, redirectUri });
    const grant = { salonId: 'sal_contract', refreshToken };

    const event = {
      id: 'booking0000contract',
      summary: 'Cut',
      description: 'Booked by phone',
      start: '2026-11-28T14:30:00Z',
      end: '2026-11-28T15:15:00Z',
      timeZone: 'Europe/Dublin',
    };
    await calendar.createEvent(grant, 'owner@example.ie', event);
    await calendar.freeBusy(grant, ['owner@example.ie'], new Date('2026-11-28T09:00:00Z'), new Date('2026-11-28T18:00:00Z'));

    const [insert] = google.requestsTo(/\/calendars\/[^/]+\/events$/).filter((request) => request.method === 'POST');
    const body = insert!.json as calendar_v3.Schema$Event;
    expect(EVENT_FIELDS).toEqual(expect.arrayContaining(Object.keys(body)));
    for (const time of [body.start!, body.end!]) expect(EVENT_TIME_FIELDS).toEqual(expect.arrayContaining(Object.keys(time)));
    expect(isValidEventId(body.id!)).toBe(true);

    const [query] = google.requestsTo('/calendar/v3/freeBusy');
    const request = query!.json as calendar_v3.Schema$FreeBusyRequest;
    expect(FREEBUSY_FIELDS).toEqual(expect.arrayContaining(Object.keys(request)));
    for (const item of request.items!) expect(FREEBUSY_ITEM_FIELDS).toEqual(expect.arrayContaining(Object.keys(item)));
  });
});
