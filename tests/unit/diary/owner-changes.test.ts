import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { listSalonAppointments } from '../../../functions/core/booking/appointments.js';
import { ownerCancel, ownerMove } from '../../../functions/core/booking/owner-changes.js';
import { markNoShow, pastNoShows, unmarkNoShow } from '../../../functions/core/no-shows/no-shows.js';
import { setupProgress } from '../../../functions/contracts/setup.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/**
 * The owner's own changes from the diary (issue 45, docs/bookings.md "The salon's own diary";
 * RELIABILITY 150–154): the receptionist's engine moves and cancels (one transaction on the day
 * items, the caller's texts from the same outbox events), a no-show undone in one transaction,
 * and setup finished without Google. Clocks on several weekdays and times.
 */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

const idOf = (answer: { booking: { id: string } }) => answer.booking.id;
const MARY = { callerName: 'Mary Murphy', callerPhone: '+353871200101' };

describe("the owner's moves and cancels", () => {
  it.each([
    ['a Monday morning', '2026-11-23T08:00', '2026-11-24T10:00', '2026-11-28T11:00'],
    ['a Friday evening', '2026-11-27T17:30', '2026-11-28T09:00', '2026-12-05T14:15'],
    ['a Saturday before the move across a month', '2026-11-28T12:00', '2026-11-30T15:00', '2026-12-01T09:30'],
  ])('on %s: a move is one change through the engine, the caller is told (cancelled old, confirmed new)', async (_when, now, from, to) => {
    const clock = { value: at(now) };
    const salon = await makeSalon(table, { now: clock });
    const booked = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: from, ...MARY }));
    salon.published.length = 0;

    const moved = await ownerMove(salon.deps, salon.salonId, { bookingId: booked, start: to, stylistId: 'sty_ciara1' });
    expect(moved.appointment).toMatchObject({ status: 'confirmed', stylistId: 'sty_ciara1', callerName: 'Mary Murphy', callerPhone: MARY.callerPhone });
    expect(Date.parse(moved.appointment!.start)).toBe(at(to));
    expect(await salon.deps.bookings.appointments.get(salon.salonId, booked)).toMatchObject({ status: 'cancelled', rescheduledTo: moved.bookingId });
    // The caller's texts come from these events (send-booking-sms.ts), written in the move's own transaction.
    expect(salon.published.map((event) => `${event.type} ${(event.detail as { appointment: { id: string } }).appointment.id}`)).toEqual([
      `booking.cancelled ${booked}`,
      `booking.confirmed ${moved.bookingId}`,
    ]);
    // The old time is free again: someone else can take it.
    expect(
      await book(salon.deps, salon.salonId, {
        service: 'Cut & blow-dry',
        start: from,
        stylist: 'Aoife',
        callerName: 'Nóra Daly',
        callerPhone: '+353871200102',
      }),
    ).toMatchObject({ ok: true });
  });

  it('refuses a move onto a taken time or outside opening hours, and changes nothing', async () => {
    const clock = { value: at('2026-11-25T09:00') };
    const salon = await makeSalon(table, { now: clock, stylists: ['Aoife'] });
    const mary = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-26T10:00', ...MARY }));
    await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-26T12:00', callerName: 'Nóra Daly', callerPhone: '+353871200103' });
    salon.published.length = 0;
    await expect(ownerMove(salon.deps, salon.salonId, { bookingId: mary, start: '2026-11-26T12:15' })).rejects.toMatchObject({ kind: 'conflict' });
    await expect(ownerMove(salon.deps, salon.salonId, { bookingId: mary, start: '2026-11-26T21:00' })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(ownerMove(salon.deps, salon.salonId, { bookingId: 'bk_00000000000000000000', start: '2026-11-26T15:00' })).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect(await salon.deps.bookings.appointments.get(salon.salonId, mary)).toMatchObject({ status: 'confirmed', rescheduledTo: null });
    expect(salon.published).toEqual([]);
  });

  it('a cancel frees the time and tells the caller; a second cancel is a no-op', async () => {
    const clock = { value: at('2026-12-01T16:45') };
    const salon = await makeSalon(table, { now: clock });
    const mary = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-12-02T11:00', stylist: 'Aoife', ...MARY }));
    salon.published.length = 0;
    expect((await ownerCancel(salon.deps, salon.salonId, mary)).appointment).toMatchObject({ status: 'cancelled' });
    expect((await ownerCancel(salon.deps, salon.salonId, mary)).appointment).toMatchObject({ status: 'cancelled' });
    expect(salon.published.filter((event) => event.type === 'booking.cancelled')).toHaveLength(1);
    const listed = await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-12-02', days: 1 });
    expect(listed.appointments.map((each) => each.status)).toEqual(['cancelled']);
    expect(
      await book(salon.deps, salon.salonId, {
        service: 'Cut & blow-dry',
        start: '2026-12-02T11:00',
        stylist: 'Aoife',
        callerName: 'Nóra',
        callerPhone: '+353871200104',
      }),
    ).toMatchObject({ ok: true });
  });

  it("reaches a test booking too, and a started appointment can't be moved or cancelled", async () => {
    const clock = { value: at('2026-11-24T08:00') };
    const salon = await makeSalon(table, { now: clock });
    const test = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-24T10:00', ...MARY }, { source: 'test-call' }));
    expect((await ownerMove(salon.deps, salon.salonId, { bookingId: test, start: '2026-11-24T11:00' })).appointment).toMatchObject({ source: 'test-call' });
    const real = idOf(
      await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-24T14:00', callerName: 'Nóra', callerPhone: '+353871200105' }),
    );
    clock.value = at('2026-11-24T14:10');
    await expect(ownerMove(salon.deps, salon.salonId, { bookingId: real, start: '2026-11-24T16:00' })).rejects.toMatchObject({ kind: 'invalid', code: 'past' });
    await expect(ownerCancel(salon.deps, salon.salonId, real)).rejects.toMatchObject({ kind: 'invalid', code: 'past' });
  });
});

describe('no-show undo', () => {
  it('takes the mark and both counts back together; undoing twice is refused and changes nothing', async () => {
    const clock = { value: at('2026-11-26T09:00') };
    const salon = await makeSalon(table, { now: clock });
    const mary = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-26T10:00', ...MARY }));
    await expect(unmarkNoShow(salon.deps, salon.salonId, mary)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'That appointment is not marked as a no-show',
    });
    clock.value = at('2026-11-26T10:20');
    await markNoShow(salon.deps, salon.salonId, mary);
    expect(await pastNoShows(salon.deps, salon.salonId, MARY.callerPhone)).toBe(1);
    expect(await unmarkNoShow(salon.deps, salon.salonId, mary)).toEqual({ bookingId: mary, noShow: false });
    const listed = await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-11-26', days: 1 });
    expect(listed).toMatchObject({ noShowsThisMonth: 0, noShowIds: [] });
    expect(await pastNoShows(salon.deps, salon.salonId, MARY.callerPhone)).toBe(0);
    await expect(unmarkNoShow(salon.deps, salon.salonId, mary)).rejects.toMatchObject({ kind: 'conflict' });
    // Marked again after the undo: counted once more, not twice.
    await markNoShow(salon.deps, salon.salonId, mary);
    expect(await pastNoShows(salon.deps, salon.salonId, MARY.callerPhone)).toBe(1);
  });

  it('two undos at once: one takes effect, the counts never go below what was marked', async () => {
    const clock = { value: at('2026-11-27T09:00') };
    const salon = await makeSalon(table, { now: clock });
    const mary = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-27T10:00', ...MARY }));
    const nora = idOf(
      await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-27T10:00', callerName: 'Nóra', callerPhone: '+353871200106' }),
    );
    clock.value = at('2026-11-27T11:00');
    await markNoShow(salon.deps, salon.salonId, mary);
    await markNoShow(salon.deps, salon.salonId, nora);
    const results = await Promise.allSettled([unmarkNoShow(salon.deps, salon.salonId, mary), unmarkNoShow(salon.deps, salon.salonId, mary)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-11-27', days: 1 })).toMatchObject({ noShowsThisMonth: 1, noShowIds: [nora] });
  });
});

describe('the diary reaches as far as bookings go', () => {
  it('a week with nothing booked names the next booking after it, skipping cancelled ones', async () => {
    const clock = { value: at('2026-11-23T09:00') };
    const salon = await makeSalon(table, { now: clock });
    const early = idOf(await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-12-09T10:00', ...MARY }));
    await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-12-19T11:00', callerName: 'Nóra', callerPhone: '+353871200107' });
    expect(Date.parse((await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-11-23', days: 7 })).nextStart!)).toBe(at('2026-12-09T10:00'));
    await ownerCancel(salon.deps, salon.salonId, early);
    const after = await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-11-23', days: 7 });
    expect(after.appointments).toEqual([]);
    expect(Date.parse(after.nextStart!)).toBe(at('2026-12-19T11:00'));
    expect((await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-12-14', days: 7 })).nextStart).toBeNull();
  });
});

describe('setup without Google', () => {
  const base = { business: { name: 'Bláth', phone: '+35312345678', hours: null }, selectedVoice: 'niamh', phoneOption: 'new' as const, forwardNumber: '' };
  const service = { id: 'svc_cut', name: 'Cut', duration: 30, price: 30, price_min: null, price_max: null, isRange: false, comment: '' };
  it('Calendar & Services is complete with a stylist and a service, calendar or none; a calendar alone is not enough', () => {
    expect(setupProgress({ ...base, stylists: [{ id: 'sty_a', name: 'Aoife' }], services: [service] }).calendar).toBe(true);
    expect(setupProgress({ ...base, stylists: [{ id: 'sty_a', name: 'Aoife' }], services: [] }).calendar).toBe(false);
    expect(setupProgress({ ...base, stylists: [], services: [service] }).calendar).toBe(false);
  });
});
