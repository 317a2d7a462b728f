import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { retryCalendarSync } from '../../../functions/core/booking/calendar-events.js';
import { MIRROR_TRUSTED_MS } from '../../../functions/core/calendar/mirror-busy.js';
import { receiveNotification, renewMirrors, syncMirror, RENEW_AHEAD_MS, CHANNEL_TTL_SECONDS } from '../../../functions/core/calendar/mirror.js';
import { reconcileSalonMirrors } from '../../../functions/core/calendar/salon-mirrors.js';
import { setLogSink } from '../../../functions/logger.js';
import { PUSH_HEADERS } from '../../../functions/providers/google-calendar-rules.js';
import { type CalendarPort } from '../../../functions/core/ports/calendar.js';
import { at, startTable, type Table } from '../booking/harness.js';
import { CAL, holdNextListing, mirroredSalon, offered, starts } from './mirror-harness.js';

/** The calendar mirror (issue 21) against the real DynamoDB wire API and the sandbox calendar (mirror-harness.ts). */
let table: Table;
const clock = { value: at('2026-11-23T08:00') };

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

describe('the calendar mirror', () => {
  it('opens with a full sync and a channel; an owner’s event added while a caller chooses is offered no more, and check-availability never asks Google', async () => {
    const m = await mirroredSalon(table, clock);
    await m.ownerAdds('dentist01', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(1);
    expect(await m.deliver()).toEqual(['opened']);
    expect(await m.mirror()).toMatchObject({
      busy: { dentist01: ['2026-11-24T09:00:00.000Z', '2026-11-24T10:00:00.000Z'] },
      failure: null,
      channel: { resourceId: expect.any(String) },
    });

    m.calls.length = 0;
    expect(starts(await offered(m.deps, m.salon.salonId))).toContain('2026-11-24T11:00');
    // The owner books their own 11:00 in Google while the caller is deciding.
    await m.ownerAdds('dentist02', '2026-11-24T11:00:00Z', '2026-11-24T12:00:00Z');
    expect(await m.deliver()).toEqual(['synced']);
    const again = await offered(m.deps, m.salon.salonId);
    expect(starts(again)).not.toContain('2026-11-24T11:00');
    expect(starts(again)).not.toContain('2026-11-24T09:00');
    expect(m.calls.filter((name) => name === 'freeBusy')).toEqual([]);

    // Deleted in Google: free again after the incremental sync.
    await m.sandbox.deleteEvent(m.grant, CAL, 'dentist02');
    await m.deliver();
    expect(Object.keys((await m.mirror()).busy)).toEqual(['dentist01']);
    expect(starts(await offered(m.deps, m.salon.salonId))).toContain('2026-11-24T11:00');
  });

  it('believes a notification only with its channel’s token', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    const [delivery] = m.outbox.splice(0);
    const headers = { channelId: delivery!.headers[PUSH_HEADERS.channelId], token: delivery!.headers[PUSH_HEADERS.token] };
    const forged = headers.token!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect(await receiveNotification(m.deps, { ...headers, token: forged, state: 'exists' })).toBe('refused');
    expect(await receiveNotification(m.deps, { ...headers, channelId: 'ch-another', state: 'exists' })).toBe('refused');
    expect(await receiveNotification(m.deps, { channelId: headers.channelId, state: 'exists' })).toBe('refused');
    expect(await receiveNotification(m.deps, { ...headers, state: 'exists' })).toBe('synced');
  });

  it('a sync token Google no longer honours (410) means a full sync', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    m.outbox.length = 0;
    const before = await m.mirror();
    expect(await m.deps.calendarMirrors.save({ ...before, syncToken: 'expired-token', version: before.version + 1 })).toBe(true);
    await m.ownerAdds('dentist03', '2026-11-24T14:00:00Z', '2026-11-24T15:00:00Z');
    expect(await m.deliver()).toEqual(['synced']);
    expect(await m.mirror()).toMatchObject({ busy: { dentist03: expect.any(Array) }, syncToken: expect.stringMatching(/^sandbox-sync\./) });
  });

  it('book trusts a fresh mirror (no freeBusy); otherwise one freeBusy over the booking’s own time', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    m.outbox.length = 0;
    m.calls.length = 0;
    const input = { service: 'Cut & blow-dry', stylist: 'Aoife', callerName: 'Mary Murphy', callerPhone: '087 123 4567' };
    expect((await book(m.deps, m.salon.salonId, { ...input, start: '2026-11-24T10:00' })).ok).toBe(true);
    expect(m.calls).toEqual([]);

    // Not synced within the bound (say notifications stopped arriving): Google is asked, for the chosen time only.
    clock.value += MIRROR_TRUSTED_MS + 1;
    const freeBusy = m.deps.calendar.freeBusy;
    const asked: [string[], string, string][] = [];
    const deps = {
      ...m.deps,
      calendar: {
        ...m.deps.calendar,
        freeBusy: async (...args: Parameters<CalendarPort['freeBusy']>) => (
          asked.push([[...args[1]], args[2].toISOString(), args[3].toISOString()]),
          freeBusy(...args)
        ),
      },
    };
    expect((await book(deps, m.salon.salonId, { ...input, start: '2026-11-25T10:00', callerPhone: '087 765 4321' })).ok).toBe(true);
    expect(asked).toEqual([[[CAL], '2026-11-25T10:00:00.000Z', '2026-11-25T10:45:00.000Z']]);
    clock.value = at('2026-11-23T08:00');
  });

  it('a Google outage still books from the mirror, and the calendar catches up afterwards', async () => {
    const m = await mirroredSalon(table, clock);
    await m.ownerAdds('dentist04', '2026-11-24T12:00:00Z', '2026-11-24T13:00:00Z');
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    m.outbox.length = 0;
    m.state.down = true;
    // A notification arrives but its sync fails: the mirror is no longer trusted, and Google is down too.
    await m.deps.calendarMirrors.noteNotified(m.salon.salonId, CAL, new Date(clock.value).toISOString());
    const input = { service: 'Cut & blow-dry', stylist: 'Aoife', callerName: 'Mary Murphy', callerPhone: '087 123 4567' };
    await expect(book(m.deps, m.salon.salonId, { ...input, start: '2026-11-24T12:00' })).rejects.toMatchObject({ code: 'slot_taken' });
    const booked = await book(m.deps, m.salon.salonId, { ...input, start: '2026-11-24T14:00' });
    expect(booked.ok).toBe(true);
    expect(await retryCalendarSync(m.deps, m.salon.salonId)).toBe(0);

    m.state.down = false;
    clock.value += 5 * 60_000;
    expect(await retryCalendarSync(m.deps, m.salon.salonId)).toBe(1);
    expect((await m.salon.googleStore.sandboxEvents(m.salon.salonId, CAL)).map((event) => event.id)).toContain(
      `bk${(booked.booking as { id: string }).id.slice(3)}`,
    );
    clock.value = at('2026-11-23T08:00');
  });

  it('two syncs racing to save: one that loses to a sync begun after it was asked is done (no second listing, no failure); one that loses to an older sync lists again', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    const listings = () => m.calls.filter((name) => name === 'listEvents').length;

    await m.ownerAdds('dentist06', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    m.calls.length = 0;
    const first = holdNextListing(m.state);
    const older = syncMirror(m.deps, m.salon.salonId, CAL);
    await first.listing;
    clock.value += 1_000;
    await m.ownerAdds('dentist07', '2026-11-24T11:00:00Z', '2026-11-24T12:00:00Z');
    await syncMirror(m.deps, m.salon.salonId, CAL);
    first.release();
    await older;
    expect(listings()).toBe(2);
    expect(await m.mirror()).toMatchObject({ failure: null, busy: { dentist06: expect.any(Array), dentist07: expect.any(Array) } });

    // The other way round: the sync that saves first began before the other was asked, so the other lists again.
    m.calls.length = 0;
    const early = holdNextListing(m.state);
    const before = syncMirror(m.deps, m.salon.salonId, CAL);
    await early.listing;
    clock.value += 1_000;
    const late = holdNextListing(m.state);
    const after = syncMirror(m.deps, m.salon.salonId, CAL);
    await late.listing;
    early.release();
    await before;
    late.release();
    await after;
    expect(listings()).toBe(3);
    expect((await m.mirror()).syncedAt).toBe(new Date(clock.value).toISOString());
    clock.value = at('2026-11-23T08:00');
  });

  it('the renewal job replaces a channel a day before it expires, and resyncs a quiet mirror', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    m.outbox.length = 0;
    const first = (await m.mirror()).channel!;
    // (The table is shared with the other tests' salons, whose mirrors are due as well.)
    clock.value += 11 * 60_000;
    expect(await renewMirrors(m.deps, 50)).toMatchObject({ renewed: 0, failed: 0 });
    expect(await m.mirror()).toMatchObject({ syncedAt: new Date(clock.value).toISOString(), channel: { id: first.id } });
    clock.value += CHANNEL_TTL_SECONDS * 1000 - RENEW_AHEAD_MS;
    expect(await renewMirrors(m.deps, 50)).toMatchObject({ failed: 0 });
    const renewed = (await m.mirror()).channel!;
    expect(renewed.id).not.toBe(first.id);
    expect(Date.parse(renewed.expiresAt)).toBe(clock.value + CHANNEL_TTL_SECONDS * 1000);
    // The old channel is stopped: a change is announced on the new one only.
    m.outbox.length = 0;
    await m.ownerAdds('dentist05', '2026-12-01T12:00:00Z', '2026-12-01T13:00:00Z');
    expect(m.outbox.map((delivery) => delivery.headers[PUSH_HEADERS.channelId])).toEqual([renewed.id]);
    clock.value = at('2026-11-23T08:00');
  });
});
