import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { retryCalendarSync } from '../../../functions/core/booking/calendar-events.js';
import { isMirrorTrusted } from '../../../functions/core/calendar/mirror-busy.js';
import { syncMirror } from '../../../functions/core/calendar/mirror.js';
import { OWN_WRITE_TTL_MS } from '../../../functions/core/calendar/own-writes.js';
import { reconcileSalonMirrors } from '../../../functions/core/calendar/salon-mirrors.js';
import { setLogSink } from '../../../functions/logger.js';
import { mirrorKey } from '../../../functions/store/calendar-mirror-store.js';
import { at, startTable, type Table } from '../booking/harness.js';
import { CAL, holdNextListing, mirroredSalon } from './mirror-harness.js';

/**
 * Our own calendar writes and the mirror's freshness (issue 21, 10 calls in flight): the event a
 * booking writes makes Google notify us like any change, and that notification must not send
 * the next bookings to a live freeBusy; an owner's edit still must.
 */
let table: Table;
const clock = { value: at('2026-11-23T08:00') };

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});
afterEach(() => {
  clock.value = at('2026-11-23T08:00');
});

const input = { service: 'Cut & blow-dry', stylist: 'Aoife', callerName: 'Mary Murphy' };

/** A salon with its mirror open, and a way to hold the next incremental sync inside its events.list. */
async function openSalon() {
  const m = await mirroredSalon(table, clock);
  await reconcileSalonMirrors(m.deps, m.salon.salonId);
  await m.deliver();
  m.calls.length = 0;
  /** Holds the next events.list until released; a second passes first, so what it notes is newer than the last sync. */
  const holdListing = () => {
    clock.value += 1_000;
    return holdNextListing(m.state);
  };
  /** Whether booking trusts the mirror while the next notification's sync is listing, and that delivery's outcomes. */
  const trustedDuringSync = async () => {
    const held = holdListing();
    const delivered = m.deliver();
    await held.listing;
    const trusted = isMirrorTrusted(await m.mirror(), clock.value);
    held.release();
    return { trusted, outcomes: await delivered };
  };
  const freeBusyCalls = () => m.calls.filter((name) => name === 'freeBusy').length;
  return { ...m, holdNextListing: holdListing, trustedDuringSync, freeBusyCalls };
}

describe('the mirror and our own calendar writes', () => {
  it('an own calendar write leaves the mirror fresh: while its notification is synced, the next book makes no live freeBusy', async () => {
    const m = await openSalon();
    expect((await book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0001', start: '2026-11-24T10:00' })).ok).toBe(true);
    expect(await retryCalendarSync(m.deps, m.salon.salonId)).toBe(1);
    expect(m.outbox).toHaveLength(1);

    const held = m.holdNextListing();
    const delivered = m.deliver();
    await held.listing;
    expect(isMirrorTrusted(await m.mirror(), clock.value)).toBe(true);
    expect((await book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0002', start: '2026-11-24T11:00' })).ok).toBe(true);
    expect(m.freeBusyCalls()).toBe(0);
    held.release();
    expect(await delivered).toEqual(['synced']);
    // Its notification came: the write is owed nothing more, so the next notification is anyone's.
    expect((await m.mirror()).ownWrites).toEqual({});
  });

  it('a write is owed its notification even after a sync listed it: two writes close together, and the second one’s notification does not make booking ask Google; the next one is anyone’s', async () => {
    const m = await openSalon();
    expect((await book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0006', start: '2026-11-24T14:00' })).ok).toBe(true);
    expect((await book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0007', start: '2026-11-24T15:00' })).ok).toBe(true);
    expect(await retryCalendarSync(m.deps, m.salon.salonId)).toBe(2);
    expect(m.outbox).toHaveLength(2);
    const later = m.outbox.splice(1);
    // The first notification's sync lists both of our events.
    expect(await m.deliver()).toEqual(['synced']);
    m.outbox.push(...later);
    expect(await m.trustedDuringSync()).toEqual({ trusted: true, outcomes: ['synced'] });
    expect((await m.mirror()).ownWrites).toEqual({});

    await m.ownerAdds('dentist13', '2026-11-24T16:00:00Z', '2026-11-24T17:00:00Z');
    expect((await m.trustedDuringSync()).trusted).toBe(false);
  });

  it('an owner’s edit still makes the mirror untrusted until its sync: book asks Google once, for its own time', async () => {
    const m = await openSalon();
    await m.ownerAdds('dentist10', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z');
    const held = m.holdNextListing();
    const delivered = m.deliver();
    await held.listing;
    expect(isMirrorTrusted(await m.mirror(), clock.value)).toBe(false);
    await expect(book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0003', start: '2026-11-24T09:15' })).rejects.toMatchObject({
      code: 'slot_taken',
    });
    expect(m.freeBusyCalls()).toBe(1);
    held.release();
    expect(await delivered).toEqual(['synced']);
    expect(isMirrorTrusted(await m.mirror(), clock.value)).toBe(true);
  });

  it('a failed write is not awaited: a notification then is the owner’s', async () => {
    const m = await openSalon();
    expect((await book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0004', start: '2026-11-24T12:00' })).ok).toBe(true);
    m.state.failing.add('createEvent');
    expect(await retryCalendarSync(m.deps, m.salon.salonId)).toBe(0);
    expect((await m.mirror()).ownWrites).toEqual({});
    m.state.failing.clear();
    await m.ownerAdds('dentist11', '2026-11-24T15:00:00Z', '2026-11-24T16:00:00Z');
    expect((await m.trustedDuringSync()).trusted).toBe(false);
  });

  it('an awaited write no longer vouches for a notification once OWN_WRITE_TTL_MS has passed', async () => {
    const m = await openSalon();
    expect((await book(m.deps, m.salon.salonId, { ...input, callerPhone: '087 100 0005', start: '2026-11-24T13:00' })).ok).toBe(true);
    // The write is awaited, but its notification never comes (say Google folded it into another).
    await m.deps.calendarMirrors.noteOwnWrite(m.salon.salonId, CAL, 'bkneverseen', new Date(clock.value).toISOString());
    clock.value += OWN_WRITE_TTL_MS + 1;
    await m.ownerAdds('dentist12', '2026-11-24T16:00:00Z', '2026-11-24T17:00:00Z');
    expect((await m.trustedDuringSync()).trusted).toBe(false);
    expect((await m.mirror()).ownWrites).toEqual({});
  });

  it('a write is noted on a mirror kept before own writes were, and on no calendar without a mirror', async () => {
    const m = await openSalon();
    await table.client.send(new UpdateCommand({ TableName: table.tableName, Key: mirrorKey(m.salon.salonId, CAL), UpdateExpression: 'REMOVE ownWrites' }));
    const at = new Date(clock.value).toISOString();
    expect(await m.deps.calendarMirrors.noteOwnWrite(m.salon.salonId, CAL, 'bkone', at)).toBe(true);
    expect(await m.deps.calendarMirrors.noteOwnWrite(m.salon.salonId, CAL, 'bktwo', at)).toBe(true);
    expect((await m.mirror()).ownWrites).toEqual({ bkone: at, bktwo: at });
    // Two notifications at once never take the same write: only one drop of it succeeds.
    expect(
      await Promise.all([
        m.deps.calendarMirrors.dropOwnWrite(m.salon.salonId, CAL, 'bkone'),
        m.deps.calendarMirrors.dropOwnWrite(m.salon.salonId, CAL, 'bkone'),
      ]),
    ).toEqual(expect.arrayContaining([true, false]));
    expect((await m.mirror()).ownWrites).toEqual({ bktwo: at });
    expect(await m.deps.calendarMirrors.noteOwnWrite(m.salon.salonId, 'staff-rota@sandbox.calendar', 'bkthree', at)).toBe(false);
    expect(await m.mirrors()).toHaveLength(1);
  });

  it('a notification that arrives while a sync is listing is not lost when that sync saves', async () => {
    const m = await openSalon();
    const held = m.holdNextListing();
    const syncing = syncMirror(m.deps, m.salon.salonId, CAL);
    await held.listing;
    // The owner's change lands after the listing began: only a sync after this notification sees it.
    clock.value += 1_000;
    await m.deps.calendarMirrors.noteNotified(m.salon.salonId, CAL, new Date(clock.value).toISOString());
    held.release();
    await syncing;
    expect(isMirrorTrusted(await m.mirror(), clock.value)).toBe(false);
    await syncMirror(m.deps, m.salon.salonId, CAL);
    expect(isMirrorTrusted(await m.mirror(), clock.value)).toBe(true);
  });
});
