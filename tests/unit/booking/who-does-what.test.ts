import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAYS, DEFAULT_HOURS, type Day } from '../../../functions/contracts/setup.js';
import { findFreeSlots } from '../../../functions/core/booking/availability.js';
import { book } from '../../../functions/core/booking/book.js';
import { checkAvailability } from '../../../functions/core/booking/check-availability.js';
import { ToolError } from '../../../functions/core/booking/errors.js';
import { reschedule } from '../../../functions/core/booking/reschedule.js';
import { dayOfWeek } from '../../../functions/core/booking/time.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, makeSalon, startTable, type Table } from './harness.js';

/**
 * Who does what (issue 45, RELIABILITY 157–158): a stylist who does not do a service, or is off
 * that day, is never offered it nor booked for it, by any tool, on any weekday.
 */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

const AOIFE_DAYS: Day[] = ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const CIARA_DAYS: Day[] = ['monday', 'wednesday', 'friday'];
/** Aoife colours and cuts, Tuesday to Saturday; Ciara cuts and trims fringes (the gents' chair), Monday, Wednesday and Friday. */
const TEAM = {
  Aoife: { days: AOIFE_DAYS, services: ['svc_cut', 'svc_balayage'] },
  Ciara: { days: CIARA_DAYS, services: ['svc_cut', 'svc_fringe'] },
};
/** Monday 23 November 2026 to Saturday 28th: every day the salon opens that week. */
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'done';
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

describe('who does what (RELIABILITY 157)', () => {
  // The clock at several times of day on several weekdays: Sunday evening, Wednesday morning, Friday afternoon.
  for (const now of ['2026-11-22T19:30', '2026-11-18T08:15', '2026-11-20T15:45']) {
    it(`check-availability offers each service only with a stylist who does it, on a day they work (clock ${now})`, async () => {
      const salon = await makeSalon(table, { now: { value: at(now) }, team: TEAM });
      const wanted: Record<string, { who: string; days: Day[] }> = {
        fringe: { who: 'Ciara', days: CIARA_DAYS },
        balayage: { who: 'Aoife', days: AOIFE_DAYS },
      };
      for (const [service, { who, days }] of Object.entries(wanted)) {
        for (const date of WEEK) {
          const answer = await checkAvailability(salon.deps, salon.salonId, { service, date });
          const offered = [...answer.slots, ...answer.moreTimes];
          for (const slot of offered) {
            expect(slot.stylists.map((stylist) => stylist.name)).toEqual([who]);
            expect(days).toContain(dayOfWeek(slot.start.slice(0, 10)));
          }
          const works = days.includes(dayOfWeek(date));
          expect(answer.available, `${service} on ${date}`).toBe(works);
          if (works) expect(offered.every((slot) => slot.start.startsWith(date))).toBe(true);
        }
      }
      // A cut is done by both: Monday is Ciara's alone, Tuesday Aoife's, Wednesday either's.
      const names = async (date: string) =>
        new Set((await checkAvailability(salon.deps, salon.salonId, { service: 'cut', date })).slots.flatMap((slot) => slot.stylists.map((each) => each.name)));
      expect(await names('2026-11-23')).toEqual(new Set(['Ciara']));
      expect(await names('2026-11-24')).toEqual(new Set(['Aoife']));
    });
  }

  it('asking for a stylist who does not do the service, or on their day off, is refused with who can and when', async () => {
    const salon = await makeSalon(table, { now: { value: at('2026-11-22T10:00') }, team: TEAM });
    const refusal = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: unknown) => error as ToolError,
      );
    const notHers = await refusal(checkAvailability(salon.deps, salon.salonId, { service: 'fringe', stylist: 'Aoife', date: '2026-11-25' }));
    expect(notHers?.code).toBe('stylist_does_not_do_service');
    expect(notHers?.say).toBe("Aoife doesn't do Fringe trim, but Ciara can. Would that suit?");
    const off = await refusal(checkAvailability(salon.deps, salon.salonId, { service: 'cut', stylist: 'Ciara', date: '2026-11-24' }));
    expect(off?.code).toBe('stylist_off');
    expect(off?.say).toBe("Ciara doesn't work on Tuesdays. Ciara works Mondays, Wednesdays and Fridays. Would another day suit, or someone else?");
  });

  it('book enforces it on every weekday: never a stylist who does not do the service or is off, whatever is asked', async () => {
    const salon = await makeSalon(table, { now: { value: at('2026-11-22T10:00') }, team: TEAM });
    let caller = 100;
    const bookAt = (service: string, start: string, stylist?: string) =>
      book(salon.deps, salon.salonId, {
        service,
        start,
        callerName: 'Nóra Daly',
        callerPhone: `+3538712${String(caller++).padStart(5, '0')}`,
        ...(stylist ? { stylist } : {}),
      });
    for (const date of WEEK) {
      const weekday = dayOfWeek(date);
      const fringe = await codeOf(bookAt('fringe', `${date}T10:00`));
      expect(fringe, `fringe on ${weekday}`).toBe(CIARA_DAYS.includes(weekday) ? 'done' : 'nobody_in');
      expect(await codeOf(bookAt('fringe', `${date}T11:00`, 'Aoife')), `Aoife's fringe on ${weekday}`).toBe('stylist_does_not_do_service');
      expect(await codeOf(bookAt('cut', `${date}T12:00`, 'Ciara')), `Ciara's cut on ${weekday}`).toBe(CIARA_DAYS.includes(weekday) ? 'done' : 'stylist_off');
      // Anyone: the cut goes to whoever does it and works that day.
      const answer = await bookAt('cut', `${date}T14:00`);
      const expected = [AOIFE_DAYS.includes(weekday) ? 'Aoife' : null, CIARA_DAYS.includes(weekday) ? 'Ciara' : null].filter(Boolean);
      expect(expected, `cut on ${weekday}`).toContain(answer.booking.stylist);
    }
    const stored = await salon.deps.bookings.appointments.list(salon.salonId, new Date('2026-11-23T00:00:00Z'), new Date('2026-11-29T00:00:00Z'));
    for (const appointment of stored.filter((each) => each.status === 'confirmed')) {
      const team = TEAM[appointment.stylistName as keyof typeof TEAM];
      expect(team.services).toContain(appointment.service.id);
      expect(team.days).toContain(dayOfWeek(appointment.start.slice(0, 10)));
    }
    expect(stored.length).toBeGreaterThan(0);
  });

  it("reschedule keeps to it: a move to the stylist's day off is refused, to a day they work goes through", async () => {
    const salon = await makeSalon(table, { now: { value: at('2026-11-22T10:00') }, team: TEAM });
    await book(salon.deps, salon.salonId, { service: 'fringe', start: '2026-11-23T10:00', callerName: 'Nóra Daly', callerPhone: '+353871000200' });
    expect(await codeOf(reschedule(salon.deps, salon.salonId, { callerPhone: '+353871000200', newStart: '2026-11-24T10:00' }))).toBe('stylist_off');
    expect(await codeOf(reschedule(salon.deps, salon.salonId, { callerPhone: '+353871000200', newStart: '2026-11-24T10:00', stylist: 'Aoife' }))).toBe(
      'stylist_does_not_do_service',
    );
    expect(await codeOf(reschedule(salon.deps, salon.salonId, { callerPhone: '+353871000200', newStart: '2026-11-25T10:00' }))).toBe('done');
  });
});

describe('the free-slot search keeps to working days (RELIABILITY 157)', () => {
  it('offers a stylist only on the weekdays they work, for each day of a week', () => {
    const slots = findFreeSlots({
      hours: DEFAULT_HOURS,
      durationMinutes: 60,
      stylistIds: ['aoife', 'ciara'],
      booked: {},
      busy: {},
      workingDays: { aoife: AOIFE_DAYS, ciara: CIARA_DAYS },
      now: at('2026-11-22T09:00'),
      fromDate: '2026-11-23',
      toDate: '2026-11-29',
    });
    const byDay = new Map<Day, Set<string>>();
    for (const slot of slots) {
      const day = dayOfWeek(new Date(slot.start).toISOString().slice(0, 10));
      byDay.set(day, (byDay.get(day) ?? new Set()).add(slot.stylistId));
    }
    for (const day of DAYS) {
      const expected = [AOIFE_DAYS.includes(day) ? 'aoife' : null, CIARA_DAYS.includes(day) && day !== 'sunday' ? 'ciara' : null].filter(Boolean);
      expect([...(byDay.get(day) ?? [])].sort(), day).toEqual(day === 'sunday' ? [] : expected);
    }
  });
});
