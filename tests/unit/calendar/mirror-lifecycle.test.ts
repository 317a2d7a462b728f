import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewMirrors, RESYNC_MS } from '../../../functions/core/calendar/mirror.js';
import { calendarHealth } from '../../../functions/core/calendar/calendar-health.js';
import { closeMirrors, reconcileSalonMirrors } from '../../../functions/core/calendar/salon-mirrors.js';
import { checkAvailability } from '../../../functions/core/booking/check-availability.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, startTable, type Table } from '../booking/harness.js';
import { CAL, mirroredSalon, offered, starts } from './mirror-harness.js';

/**
 * A mirror's beginning and end (issue 21): a calendar whose first opening failed is opened again
 * by the booking sweep, and one no longer mirrored (unmapped, Google disconnected, the account
 * deleted: tests/unit/account.test.ts) has its push channel stopped and its mirror removed; the
 * mirrors of a connection found broken are closed until the owner connects again.
 */
let table: Table;
const clock = { value: at('2026-11-23T08:00') };
const CIARA = 'ciara@sandbox.calendar';

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

describe('a mirror whose first opening fails', () => {
  it('is opened by the booking sweep once Google answers; meanwhile booking asks Google live, and the channel opened for it is stopped', async () => {
    const m = await mirroredSalon(table, clock);
    await m.ownerAdds('dentist01', '2026-11-24T11:00:00Z', '2026-11-24T12:00:00Z');
    // The channel opens, then the full sync fails.
    m.state.failing.add('listEvents');
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(0);
    expect(await m.mirror()).toMatchObject({ calendarId: CAL, syncedAt: null, channel: null, failure: { kind: 'UnavailableError' } });
    expect((await m.channelsOn()).map((channel) => channel.stoppedAt)).toEqual([expect.any(String)]);

    // Not mirrored yet: the offer asks Google, and the owner's own event is respected.
    m.calls.length = 0;
    expect(starts(await offered(m.deps, m.salon.salonId))).not.toContain('2026-11-24T11:00');
    expect(m.calls).toContain('freeBusy');

    m.state.failing.clear();
    clock.value += 60_000;
    expect(await renewMirrors(m.deps, 50)).toMatchObject({ failed: 0 });
    const opened = await m.mirror();
    expect(opened).toMatchObject({ syncedAt: new Date(clock.value).toISOString(), failure: null, busy: { dentist01: expect.any(Array) } });
    expect((await m.channelsOn()).filter((channel) => !channel.stoppedAt).map((channel) => channel.id)).toEqual([opened.channel!.id]);
    m.calls.length = 0;
    expect(starts(await offered(m.deps, m.salon.salonId))).not.toContain('2026-11-24T11:00');
    expect(m.calls).not.toContain('freeBusy');
    clock.value = at('2026-11-23T08:00');
  });

  it('with Google down altogether (no channel opens) is kept as failed and opened by the sweep too', async () => {
    const m = await mirroredSalon(table, clock);
    m.state.down = true;
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(0);
    expect(await m.mirror()).toMatchObject({ syncedAt: null, failure: { kind: 'UnavailableError' } });
    m.state.down = false;
    clock.value += 60_000;
    expect(await renewMirrors(m.deps, 50)).toMatchObject({ failed: 0 });
    expect(await m.mirror()).toMatchObject({ syncedAt: new Date(clock.value).toISOString(), failure: null, channel: { id: expect.any(String) } });
    clock.value = at('2026-11-23T08:00');
  });
});

describe('a mirror no longer needed', () => {
  it('is closed when its calendar is unmapped: the channel stopped at the provider, the mirror removed, and Google tells us nothing more of it', async () => {
    const m = await mirroredSalon(table, clock, { Aoife: CAL, Ciara: CIARA });
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(2);
    const setup = await m.deps.setup.load(m.salon.salonId);
    const aoife = m.salon.stylists.find((stylist) => stylist.name === 'Aoife')!;
    await m.deps.setup.replaceTeam(m.salon.salonId, { stylists: setup.stylists, services: setup.services, mappings: { [aoife.id]: CAL } }, setup);

    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(0);
    expect((await m.mirrors()).map((mirror) => mirror.calendarId)).toEqual([CAL]);
    expect((await m.channelsOn(CIARA)).every((channel) => channel.stoppedAt)).toBe(true);
    expect((await m.channelsOn(CAL)).some((channel) => channel.stoppedAt)).toBe(false);
    m.outbox.length = 0;
    await m.ownerAdds('rota01', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z', CIARA);
    expect(m.outbox).toEqual([]);
  });

  it('is closed, every one, when Google is disconnected (a reconnect replacing the grant), and the mapped calendars are then mirrored afresh', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    const before = (await m.mirror()).channel!;
    expect(await closeMirrors(m.deps, m.salon.salonId)).toBe(1);
    expect(await m.mirrors()).toEqual([]);
    expect(await m.channelsOn()).toEqual([expect.objectContaining({ id: before.id, stoppedAt: expect.any(String) })]);

    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(1);
    expect((await m.mirror()).channel!.id).not.toBe(before.id);
  });

  it('is removed even when its channel cannot be stopped (Google down): its notifications then match no mirror', async () => {
    const m = await mirroredSalon(table, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    m.outbox.length = 0;
    m.state.down = true;
    expect(await closeMirrors(m.deps, m.salon.salonId)).toBe(1);
    expect(await m.mirrors()).toEqual([]);
    m.state.down = false;
    await m.ownerAdds('dentist02', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    expect(await m.deliver()).toEqual(['refused']);
  });
});

describe('the mirrors of a connection found broken', () => {
  // A table of their own: the sweep looks at every salon's mirrors, and Google refuses only this salon's grant.
  let own: Table;
  beforeAll(async () => {
    own = await startTable();
  });
  afterAll(async () => {
    await own.close();
  });

  it('are closed by the sweep that finds Google refusing the grant, stay closed (no sweep fails for them again), and open again on reconnect', async () => {
    const m = await mirroredSalon(own, clock, { Aoife: CAL, Ciara: CIARA });
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(2);
    const channels = (await m.mirrors()).map((mirror) => mirror.channel!.id);
    m.outbox.length = 0;

    // The owner revoked our access at Google: the next sync is answered invalid_grant.
    m.state.revoked = true;
    clock.value += RESYNC_MS + 60_000;
    expect(await renewMirrors(m.deps, 50)).toMatchObject({ failed: 0, closed: 2 });
    expect((await m.deps.googleStore.getConnection(m.salon.salonId))?.status).toBe('broken');
    expect(await m.mirrors()).toEqual([]);
    // Nothing left for the sweep: its alarm stays quiet however long the owner takes.
    clock.value += RESYNC_MS + 60_000;
    expect(await renewMirrors(m.deps, 50)).toEqual({ renewed: 0, synced: 0, failed: 0, closed: 0 });
    // Saving the mappings again opens nothing and leaves no failed mirror behind for the sweep.
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(0);
    expect(await m.mirrors()).toEqual([]);
    // The dashboard shows no failing mirror, only the connection (broken) it already shows.
    expect(await calendarHealth({ ...m.deps, bookings: { calendarSync: { pending: async () => [] } } }, m.salon.salonId)).toMatchObject({
      state: 'none',
      lastFailure: null,
    });
    // The old channels' notifications match no mirror.
    await m.ownerAdds('dentist03', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    expect(await m.deliver()).toEqual(['refused']);
    // Booking asks Google live, which refuses as for any broken connection: the caller is told the calendar was not checked.
    m.calls.length = 0;
    const answer = (await checkAvailability(m.deps, m.salon.salonId, { service: 'Cut & blow-dry', date: '2026-11-24', stylist: 'Aoife' })) as {
      calendarChecked: boolean;
    };
    expect(answer.calendarChecked).toBe(false);
    expect(m.calls).toEqual([]);

    // The owner connects again (the OAuth callback stores the new grant, then reconciles the mirrors).
    m.state.revoked = false;
    const broken = (await m.deps.googleStore.getConnection(m.salon.salonId))!;
    await m.deps.googleStore.saveConnection({ ...broken, connectedAt: new Date(clock.value).toISOString(), status: 'connected' });
    expect(await reconcileSalonMirrors(m.deps, m.salon.salonId)).toBe(2);
    const reopened = await m.mirrors();
    expect(reopened.map((mirror) => mirror.calendarId).sort()).toEqual([CAL, CIARA].sort());
    expect(reopened.every((mirror) => mirror.syncedAt && mirror.channel && !channels.includes(mirror.channel.id) && !mirror.failure)).toBe(true);
    expect(reopened.find((mirror) => mirror.calendarId === CAL)!.busy).toHaveProperty('dentist03');
    clock.value = at('2026-11-23T08:00');
  });

  it('are closed by a notification that finds the grant revoked, which Google is not asked to retry', async () => {
    const m = await mirroredSalon(own, clock);
    await reconcileSalonMirrors(m.deps, m.salon.salonId);
    m.outbox.length = 0;
    await m.ownerAdds('dentist04', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    m.state.revoked = true;
    expect(await m.deliver()).toEqual(['closed']);
    expect(await m.mirrors()).toEqual([]);
    expect((await m.deps.googleStore.getConnection(m.salon.salonId))?.status).toBe('broken');
  });
});
