import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DAYS, DEFAULT_HOURS, type Hours } from '../../../functions/contracts/setup.js';
import { findFreeSlots, mergeIntervals, subtractIntervals, type AvailabilityRequest, type Interval } from '../../../functions/core/booking/availability.js';
import { addDays, localDate, openingOn } from '../../../functions/core/booking/time.js';

const ZONE = 'Europe/Dublin';
const MINUTE = 60_000;
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();
const wall = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm ZZ');
const ALL_DAY: Hours = Object.fromEntries(DAYS.map((day) => [day, { open: '00:00', close: '23:59', closed: false }])) as Hours;

function request(overrides: Partial<AvailabilityRequest>): AvailabilityRequest {
  return {
    hours: DEFAULT_HOURS,
    durationMinutes: 60,
    stylistIds: ['aoife'],
    booked: {},
    busy: {},
    now: at('2026-11-23T08:00'),
    fromDate: '2026-11-23',
    toDate: '2026-11-23',
    minNoticeMinutes: 0,
    ...overrides,
  };
}

describe('findFreeSlots: examples', () => {
  it('offers every quarter hour a service fits inside opening hours', () => {
    const slots = findFreeSlots(request({ durationMinutes: 60 }));
    // Monday 09:00–18:00: starts 09:00 … 17:00.
    expect(slots).toHaveLength(33);
    expect(wall(slots[0]!.start)).toBe('2026-11-23 09:00 +00:00');
    expect(wall(slots.at(-1)!.start)).toBe('2026-11-23 17:00 +00:00');
    expect(slots.every((slot) => slot.end - slot.start === 60 * MINUTE)).toBe(true);
  });

  it('leaves out booked and busy time, touching ends allowed', () => {
    const slots = findFreeSlots(
      request({
        durationMinutes: 30,
        booked: { aoife: [{ start: at('2026-11-23T10:00'), end: at('2026-11-23T11:00') }] },
        busy: { aoife: [{ start: at('2026-11-23T12:10'), end: at('2026-11-23T12:20') }] },
      }),
    );
    const starts = slots.map((slot) => wall(slot.start).slice(11, 16));
    expect(starts).toContain('09:30');
    expect(starts).not.toContain('09:45');
    expect(starts).not.toContain('10:30');
    expect(starts).toContain('11:00');
    expect(starts).toContain('11:30');
    expect(starts).not.toContain('11:45');
    expect(starts).not.toContain('12:00');
    expect(starts).toContain('12:30');
  });

  it('serves any free stylist, in the order given', () => {
    const slots = findFreeSlots(
      request({
        stylistIds: ['aoife', 'ciara'],
        booked: { aoife: [{ start: at('2026-11-23T09:00'), end: at('2026-11-23T18:00') }] },
        limit: 2,
      }),
    );
    expect(slots.map((slot) => slot.stylistId)).toEqual(['ciara', 'ciara']);
  });

  it('never offers the past, the notice period, closed days or beyond the horizon', () => {
    const now = at('2026-11-28T13:05'); // a Saturday, open till 17:00
    const slots = findFreeSlots(request({ now, fromDate: '2026-11-20', toDate: '2027-06-01', minNoticeMinutes: 15, durationMinutes: 60 }));
    expect(wall(slots[0]!.start)).toBe('2026-11-28 13:30 +00:00');
    expect(slots.some((slot) => localDate(slot.start) === '2026-11-29')).toBe(false); // Sunday: closed
    expect(localDate(slots.at(-1)!.start)).toBe(addDays('2026-11-28', 90));
  });

  it('filters by part of the day on the wall clock', () => {
    const morning = findFreeSlots(request({ partOfDay: 'morning', durationMinutes: 30 }));
    const evening = findFreeSlots(request({ partOfDay: 'evening', durationMinutes: 30 }));
    expect(morning.map((slot) => wall(slot.start).slice(11, 16)).at(-1)).toBe('11:45');
    expect(evening.map((slot) => wall(slot.start).slice(11, 16))).toEqual(['17:00', '17:15', '17:30']);
  });

  it('aligns to the quarter hour when the salon opens at an odd minute', () => {
    const hours = { ...DEFAULT_HOURS, monday: { open: '09:10', close: '10:40', closed: false } };
    const slots = findFreeSlots(request({ hours, durationMinutes: 30 }));
    expect(slots.map((slot) => wall(slot.start).slice(11, 16))).toEqual(['09:15', '09:30', '09:45', '10:00']);
  });
});

describe('findFreeSlots: the days the clocks change', () => {
  it('spring forward (28 March 2027): the skipped hour is never offered, the day is an hour shorter', () => {
    const slots = findFreeSlots(request({ hours: ALL_DAY, durationMinutes: 15, now: at('2027-03-27T12:00'), fromDate: '2027-03-28', toDate: '2027-03-28' }));
    const walls = slots.map((slot) => wall(slot.start));
    expect(walls).toContain('2027-03-28 00:45 +00:00');
    expect(walls.some((text) => text.includes(' 01:'))).toBe(false);
    expect(walls).toContain('2027-03-28 02:00 +01:00');
    // 00:00 … 23:44 wall time minus the hour that does not exist: 95 − 4 quarter hours.
    expect(slots).toHaveLength(91);
    // A 60-minute booking from 00:30 ends at 02:30 on the wall clock: one real hour.
    const across = findFreeSlots(request({ hours: ALL_DAY, durationMinutes: 60, now: at('2027-03-27T12:00'), fromDate: '2027-03-28', toDate: '2027-03-28' }));
    const half = across.find((slot) => wall(slot.start) === '2027-03-28 00:30 +00:00')!;
    expect(wall(half.end)).toBe('2027-03-28 02:30 +01:00');
  });

  it('fall back (31 October 2027): the repeated hour is offered once per real occurrence', () => {
    const slots = findFreeSlots(request({ hours: ALL_DAY, durationMinutes: 15, now: at('2027-10-30T12:00'), fromDate: '2027-10-31', toDate: '2027-10-31' }));
    const walls = slots.map((slot) => wall(slot.start));
    expect(walls).toContain('2027-10-31 01:15 +01:00');
    expect(walls).toContain('2027-10-31 01:15 +00:00');
    expect(slots).toHaveLength(99);
    expect(new Set(slots.map((slot) => slot.start)).size).toBe(slots.length);
  });

  it('a salon open 9 to 6 keeps its wall-clock hours on both sides of each change', () => {
    const hours = Object.fromEntries(DAYS.map((day) => [day, { open: '09:00', close: '18:00', closed: false }])) as Hours;
    for (const [from, to] of [
      ['2027-03-26', '2027-03-30'],
      ['2027-10-29', '2027-11-02'],
    ] as const) {
      const slots = findFreeSlots(request({ hours, durationMinutes: 60, now: at(`${from}T00:00`), fromDate: from, toDate: to }));
      const byDay = new Map<string, string[]>();
      for (const slot of slots) byDay.set(localDate(slot.start), [...(byDay.get(localDate(slot.start)) ?? []), wall(slot.start).slice(11, 16)]);
      expect(byDay.size).toBe(5);
      for (const times of byDay.values()) {
        expect(times[0]).toBe('09:00');
        expect(times.at(-1)).toBe('17:00');
        expect(times).toHaveLength(33);
      }
    }
  });
});

describe('interval helpers', () => {
  it('merge and subtract', () => {
    expect(
      mergeIntervals([
        { start: 5, end: 7 },
        { start: 1, end: 3 },
        { start: 2, end: 5 },
      ]),
    ).toEqual([{ start: 1, end: 7 }]);
    expect(
      subtractIntervals(
        [{ start: 0, end: 10 }],
        [
          { start: 2, end: 3 },
          { start: 5, end: 12 },
        ],
      ),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 5 },
    ]);
  });

  it('subtract leaves exactly the uncovered points (property)', () => {
    const intervals = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 30 })).map(([start, length]) => ({ start, end: start + length })),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(intervals, intervals, (from, cut) => {
        const result = subtractIntervals(from, cut);
        for (let point = 0; point < 135; point += 0.5) {
          const inFrom = from.some((interval) => interval.start <= point && point < interval.end);
          const inCut = cut.some((interval) => interval.start <= point && point < interval.end);
          const inResult = result.some((interval) => interval.start <= point && point < interval.end);
          if (inResult !== (inFrom && !inCut)) return false;
        }
        return true;
      }),
    );
  });
});

// Around the Irish clock changes of 2026 and 2027, and an ordinary week.
const ANCHORS = ['2026-03-27T00:00', '2026-10-23T00:00', '2027-03-26T00:00', '2027-10-29T00:00', '2026-12-01T00:00'].map(at);

const quarter = (minutes: number) => Math.round(minutes / 15) * 15;
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const dayHours = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ open: '09:00', close: '18:00', closed: true }) },
  {
    weight: 5,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 22 * 60 }), fc.integer({ min: 30, max: 14 * 60 }), fc.boolean()).map(([open, length, aligned]) => {
      const start = aligned ? quarter(open) : open;
      const end = Math.min(23 * 60 + 59, start + length);
      return { open: clock(start), close: clock(end), closed: false };
    }),
  },
);
const hoursArbitrary = fc.tuple(...DAYS.map(() => dayHours)).map((days) => Object.fromEntries(DAYS.map((day, index) => [day, days[index]!])) as Hours);

const scenario = fc
  .record({
    anchor: fc.constantFrom(...ANCHORS),
    nowOffsetMinutes: fc.integer({ min: 0, max: 4 * 24 * 60 }),
    hours: hoursArbitrary,
    durationMinutes: fc.integer({ min: 1, max: 48 }).map((n) => n * 5),
    stylists: fc.integer({ min: 1, max: 3 }),
    intervals: fc.array(
      fc.record({
        stylist: fc.integer({ min: 0, max: 2 }),
        offset: fc.integer({ min: 0, max: 6 * 24 * 60 }),
        length: fc.integer({ min: 5, max: 240 }),
        busy: fc.boolean(),
      }),
      { maxLength: 30 },
    ),
    notice: fc.constantFrom(0, 15, 30),
    span: fc.integer({ min: 0, max: 4 }),
  })
  .map((input) => {
    const stylistIds = ['s0', 's1', 's2'].slice(0, input.stylists);
    const booked: Record<string, Interval[]> = {};
    const busy: Record<string, Interval[]> = {};
    for (const interval of input.intervals) {
      const id = `s${interval.stylist}`;
      const target = interval.busy ? busy : booked;
      (target[id] ??= []).push({ start: input.anchor + interval.offset * MINUTE, end: input.anchor + (interval.offset + interval.length) * MINUTE });
    }
    const now = input.anchor + input.nowOffsetMinutes * MINUTE;
    const fromDate = localDate(input.anchor);
    return { ...input, stylistIds, booked, busy, now, fromDate, toDate: addDays(fromDate, input.span + 2) };
  });

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The slots a random scenario offers, with a three-day horizon. */
function slotsFor(input: Scenario) {
  return findFreeSlots({
    hours: input.hours,
    durationMinutes: input.durationMinutes,
    stylistIds: input.stylistIds,
    booked: input.booked,
    busy: input.busy,
    now: input.now,
    fromDate: input.fromDate,
    toDate: input.toDate,
    minNoticeMinutes: input.notice,
    horizonDays: 3,
  });
}

describe('findFreeSlots: properties (fast-check), across the March and October changes', () => {
  it('no slot overlaps a booking or busy time; all lie on the grid within opening hours, after now, inside the horizon', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const slots = slotsFor(input);
        const lastDate = addDays(localDate(input.now), 3);
        for (const slot of slots) {
          const blocked = [...(input.booked[slot.stylistId] ?? []), ...(input.busy[slot.stylistId] ?? [])];
          if (blocked.some((interval) => interval.start < slot.end && slot.start < interval.end)) return false;
          if (slot.end - slot.start !== input.durationMinutes * MINUTE) return false;
          if (slot.start % (15 * MINUTE) !== 0) return false;
          if (slot.start < input.now + input.notice * MINUTE) return false;
          const date = localDate(slot.start);
          if (date > lastDate || date < input.fromDate || date > input.toDate) return false;
          const opening = openingOn(input.hours, date);
          if (!opening || slot.start < opening.open || slot.end > opening.close) return false;
          // Wall-clock check, independent of instants: the start is not before opening time.
          const local = DateTime.fromMillis(slot.start, { zone: ZONE });
          const day = input.hours[DAYS[local.weekday - 1]!];
          if (local.toFormat('HH:mm') < day.open && local.offset === DateTime.fromMillis(opening.open, { zone: ZONE }).offset) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('offers every free quarter hour (brute force over the window)', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const slots = slotsFor(input);
        const offered = new Set(slots.map((slot) => `${slot.stylistId}@${slot.start}`));
        const lastDate = addDays(localDate(input.now), 3);
        const windowStart = DateTime.fromISO(input.fromDate, { zone: ZONE }).toMillis();
        const windowEnd = DateTime.fromISO(addDays(input.toDate, 1), { zone: ZONE }).toMillis();
        for (let start = windowStart; start < windowEnd; start += 15 * MINUTE) {
          const date = localDate(start);
          const opening = openingOn(input.hours, date);
          const end = start + input.durationMinutes * MINUTE;
          const fits = opening && start >= opening.open && end <= opening.close && start >= input.now + input.notice * MINUTE && date <= lastDate;
          for (const stylist of input.stylistIds) {
            const blocked = [...(input.booked[stylist] ?? []), ...(input.busy[stylist] ?? [])];
            const free = fits && !blocked.some((interval) => interval.start < end && start < interval.end);
            if (Boolean(free) !== offered.has(`${stylist}@${start}`)) return false;
          }
        }
        return true;
      }),
      { numRuns: 100 },
    );
  });
});
