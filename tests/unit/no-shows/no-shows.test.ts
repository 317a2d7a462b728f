import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { listSalonAppointments } from '../../../functions/core/booking/appointments.js';
import { markNoShow, pastNoShows } from '../../../functions/core/no-shows/no-shows.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/** No-shows (docs/reminders.md, RELIABILITY 75). */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

const idOf = (answer: unknown) => (answer as { booking: { id: string } }).booking.id;

describe('no-shows', () => {
  it('only an appointment that has started, confirmed, is marked; twice counts once, in the month and against the caller', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock, deposits: true });
    const phone = '+353871200001';
    const cut = idOf(
      await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-23T10:00', callerName: 'Mary Murphy', callerPhone: phone }),
    );
    await expect(markNoShow(salon.deps, salon.salonId, cut)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'An appointment can be marked as a no-show only once it has started',
    });
    await expect(markNoShow(salon.deps, salon.salonId, 'bk_00000000000000000000')).rejects.toMatchObject({ kind: 'not_found' });
    clock.value = at('2026-11-23T10:30');
    expect(await markNoShow(salon.deps, salon.salonId, cut)).toEqual({ bookingId: cut, noShow: true });
    expect(await markNoShow(salon.deps, salon.salonId, cut)).toEqual({ bookingId: cut, noShow: true });
    const listed = await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-11-23', days: 1 });
    expect(listed).toMatchObject({ noShowsThisMonth: 1, noShowIds: [cut] });
    expect(await pastNoShows(salon.deps, salon.salonId, phone)).toBe(1);

    // The caller books a service with a deposit: the answer knows, and says why the deposit matters.
    const again = await book(salon.deps, salon.salonId, { service: 'Balayage', start: '2026-11-25T10:00', callerName: 'Mary Murphy', callerPhone: phone });
    expect(again.pastNoShows).toBe(1);
    expect(again.say).toContain('As an appointment was missed before, the deposit is needed to keep this one.');
    const other = await book(salon.deps, salon.salonId, {
      service: 'Balayage',
      start: '2026-11-26T10:00',
      callerName: 'Nóra Daly',
      callerPhone: '+353871200002',
    });
    expect(other.say).not.toContain('missed');
  });

  it("refuses a test booking (the owner's test call): nothing is counted, and the number typed in it is told nothing of a missed appointment", async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock, deposits: true });
    const phone = '+353871200003';
    const test = idOf(
      await book(
        salon.deps,
        salon.salonId,
        { service: 'Cut & blow-dry', start: '2026-11-23T10:00', callerName: 'Owner Testing', callerPhone: phone },
        { source: 'test-call' },
      ),
    );
    clock.value = at('2026-11-23T10:30');
    await expect(markNoShow(salon.deps, salon.salonId, test)).rejects.toMatchObject({ kind: 'conflict', message: 'A test booking cannot be a no-show' });
    expect(await listSalonAppointments(salon.deps, salon.salonId, { from: '2026-11-23', days: 1 })).toMatchObject({ noShowsThisMonth: 0, noShowIds: [] });
    expect(await pastNoShows(salon.deps, salon.salonId, phone)).toBe(0);
    const real = await book(salon.deps, salon.salonId, { service: 'Balayage', start: '2026-11-25T10:00', callerName: 'Mary Murphy', callerPhone: phone });
    expect(real.say).not.toContain('missed');
  });
});
