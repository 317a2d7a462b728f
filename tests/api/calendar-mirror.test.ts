import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { resetConfig } from '../../functions/config.js';
import { deps, resetDeps } from '../../functions/composition-root.js';
import { setLogSink } from '../../functions/logger.js';
import { PUSH_HEADERS } from '../../functions/providers/google-calendar-rules.js';
import { sandboxNotificationsSent } from '../../local/sandboxes/sandbox-calendar-push.js';
import { agentTool, bookableSalon, connectSandboxCalendar, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { standIns } from '../support/stand-ins.js';

/**
 * The calendar mirror in the running product (issue 21): connecting the calendar opens the mirror
 * of the mapped calendar; an event the owner adds in the (sandbox) calendar while the product runs
 * reaches POST /api/calendar/notifications over HTTP, as Google's would, and check-availability
 * stops offering that time; a notification without the channel's token is a 404 and changes nothing.
 */
beforeAll(() => {
  setLogSink(() => {}, 'error');
  Object.assign(process.env, inject('productEnv'));
  resetConfig();
  resetDeps();
});

const CAL = 'aoife@sandbox.calendar';

const mirrorOf = async (salonId: string) => (await standIns().salonItems(salonId)).find((item) => String(item.sk) === `CALMIRROR#${CAL}`);

describe('the calendar mirror in the running product', () => {
  let salonId: string;
  let secret: string;
  const day = nextOpenDay();
  beforeAll(async () => {
    const owner = await signUpOwner('calendar-mirror');
    ({ salonId, secret } = await bookableSalon(owner));
    await connectSandboxCalendar(owner);
  });

  it('an event the owner adds in the calendar while a caller chooses is no longer offered', async () => {
    expect(await mirrorOf(salonId)).toMatchObject({ channel: { id: expect.any(String) }, failure: null });
    const offered = async () => {
      const answer = await agentTool(secret, 'check-availability', { service: 'Cut and blow-dry', date: day, stylist: 'Aoife' });
      expect(answer.status).toBe(200);
      return [...answer.body.slots, ...answer.body.moreTimes].map((slot: { start: string }) => slot.start);
    };
    expect(await offered()).toContain(`${day}T11:00`);

    // The owner adds an appointment of their own in Google Calendar (the sandbox's, with the salon's grant).
    const d = deps();
    const connection = (await d.googleStore.getConnection(salonId))!;
    const grant = { salonId, refreshToken: await d.tokenCipher.decrypt(connection.encryptedRefreshToken, salonId) };
    const start = DateTime.fromISO(`${day}T11:00`, { zone: 'Europe/Dublin' }).toJSDate();
    await d.calendar.createEvent(grant, CAL, {
      id: 'schoolrun1',
      summary: 'School run',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3600_000).toISOString(),
      timeZone: 'Europe/Dublin',
    });
    // Its push notification was posted to the product and answered (the sync runs before the answer).
    await sandboxNotificationsSent();
    expect(await offered()).not.toContain(`${day}T11:00`);
  });

  it('a notification without the channel’s token is a 404 and changes nothing', async () => {
    const before = await mirrorOf(salonId);
    const channel = before!.channel as { id: string };
    const forged = await api('/api/calendar/notifications', {
      method: 'POST',
      headers: {
        [PUSH_HEADERS.channelId]: channel.id,
        [PUSH_HEADERS.token]: `v1.${salonId}.${Buffer.from(CAL).toString('base64url')}.${'A'.repeat(43)}`,
        [PUSH_HEADERS.state]: 'exists',
      },
    });
    expect(forged.status).toBe(404);
    expect(await mirrorOf(salonId)).toEqual(before);
  });
});
