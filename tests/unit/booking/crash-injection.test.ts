import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book } from '../../../functions/core/booking/book.js';
import { cancel } from '../../../functions/core/booking/cancel.js';
import { reschedule } from '../../../functions/core/booking/reschedule.js';
import { phoneKey } from '../../../functions/core/booking/context.js';
import { sweepBookings } from '../../../functions/core/booking/booking-sweep.js';
import { keys } from '../../../functions/store/keys.js';
import { setLogSink } from '../../../functions/logger.js';
import { dyingClient } from '../../support/dying-client.js';
import { at, makeSalon, startTable, type Table, type UnitSalon } from './harness.js';

/**
 * RELIABILITY 34: a crash at any instant of a booking or a change leaves, with no sweep, every
 * reservation with its appointment and every confirmed appointment with its reservation, its count,
 * its reminder and its caller's record: each change is one transaction (booking-change.ts).
 *
 * The crash is a DynamoDB client that lets N writes through and then fails every call
 * (tests/support/dying-client.ts). N runs from 0 until the operation completes without reaching the crash.
 */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

type Item = Record<string, unknown>;
const bySk = (items: Item[], prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));

/** Reservations and appointments agree, nothing is left half-done. */
async function expectConsistent(salon: UnitSalon) {
  const items = await table.items(salon.salonId);
  const live = bySk(items, 'DAY#').flatMap((day) => (day.intervals as Item[]).map((entry): Item => ({ ...entry, stylistId: day.stylistId })));
  const confirmed = bySk(items, 'APPT#').filter((item) => item.status === 'confirmed');
  expect(confirmed.map((item) => item.id).sort()).toEqual(live.map((entry) => entry.bookingId).sort());
  for (const appointment of confirmed) {
    const reservation = live.find((entry) => entry.bookingId === appointment.id)!;
    expect([appointment.stylistId, Date.parse(String(appointment.start))]).toEqual([reservation.stylistId, Date.parse(String(reservation.start))]);
  }
  // Nothing for a sweep to repair.
  expect(items.filter((item) => item.gsi1pk === keys.settleIndex)).toEqual([]);
  const reminded = bySk(items, 'REMINDER#').map((item) => item.bookingId);
  expect(reminded.sort()).toEqual(confirmed.map((item) => item.id).sort());
  // The calendar holds exactly the confirmed bookings' events, and the month's count is theirs.
  const events = bySk(items, 'SANDBOXCAL#EVENT#').map((item) => String(item.sk).split('#').at(-1));
  expect(events.sort()).toEqual(confirmed.map((item) => `bk${String(item.id).slice(3)}`).sort());
  const counted = bySk(items, 'BOOKINGS#').flatMap((item) => [...((item.ids as Set<string> | undefined) ?? [])]);
  // A moved booking is counted as the booking first made (countedAs).
  expect(counted.sort()).toEqual(confirmed.map((item) => (item.countedAs as { bookingId: string } | null)?.bookingId ?? item.id).sort());
  // Each confirmed booking is among its caller's upcoming ones ("cancel my booking" finds it by phone).
  for (const appointment of confirmed) {
    const record = items.find((item) => item.sk === keys.callerSk(phoneKey(salon.salonId, String(appointment.callerPhone))));
    expect(((record?.bookings as { bookingId: string }[] | undefined) ?? []).map((entry) => entry.bookingId)).toContain(appointment.id);
  }
  return { confirmed, items };
}

interface Scenario {
  name: string;
  /** Bookings made (without faults) before the operation under test. */
  arrange: (salon: UnitSalon) => Promise<string[]>;
  act: (deps: UnitSalon['deps'], salon: UnitSalon, arranged: string[]) => Promise<unknown>;
  /** The state the caller was told about, checked when the operation answered. */
  told: (confirmed: Item[], arranged: string[]) => void;
  /** Either the state before or after: never a mix. */
  either: (confirmed: Item[], arranged: string[]) => void;
  /** The caller's retry once the process is healthy again (the same request, the same key). */
  retry?: (deps: UnitSalon['deps'], salon: UnitSalon) => Promise<{ booking?: unknown }>;
  /** The writes the operation makes without a crash, so every point between them is tried . */
  writes?: number;
}

const input = { service: 'Cut & blow-dry', start: '2026-11-24T10:00', callerName: 'Mary Murphy', callerPhone: '087 123 4567' };
const bookFirst = async (salon: UnitSalon) => [String(((await book(salon.deps, salon.salonId, { ...input, stylist: 'Aoife' })).booking as { id: string }).id)];
const startsOf = (confirmed: Item[]) => confirmed.map((item) => `${item.stylistName} ${String(item.start).slice(0, 16)}`).sort();

const scenarios: Scenario[] = [
  {
    name: 'book',
    arrange: async () => [],
    act: (deps, salon) => book(deps, salon.salonId, { ...input, stylist: 'Aoife' }),
    told: (confirmed) => expect(startsOf(confirmed)).toEqual(['Aoife 2026-11-24T10:00']),
    either: (confirmed) => expect(confirmed.length).toBeLessThanOrEqual(1),
    // One transaction: the day, the caller's cap, the appointment, the count, the reminder, the calendar write.
    writes: 1,
  },
  {
    name: 'book with an idempotency key (kept with its answer in the same transaction)',
    arrange: async () => [],
    act: (deps, salon) => book(deps, salon.salonId, { ...input, stylist: 'Aoife' }, { idempotencyKey: 'crash-1' }),
    told: (confirmed) => expect(startsOf(confirmed)).toEqual(['Aoife 2026-11-24T10:00']),
    either: (confirmed) => expect(confirmed.length).toBeLessThanOrEqual(1),
    retry: (deps, salon) => book(deps, salon.salonId, { ...input, stylist: 'Aoife' }, { idempotencyKey: 'crash-1' }),
    writes: 1,
  },
  {
    name: 'cancel',
    arrange: bookFirst,
    act: (deps, salon, [id]) => cancel(deps, salon.salonId, { bookingId: id!, callerPhone: input.callerPhone }),
    told: (confirmed) => expect(confirmed).toEqual([]),
    either: (confirmed) => expect(startsOf(confirmed).length).toBeLessThanOrEqual(1),
    writes: 1,
  },
  {
    name: 'reschedule within the day',
    arrange: bookFirst,
    act: (deps, salon, [id]) => reschedule(deps, salon.salonId, { bookingId: id!, callerPhone: input.callerPhone, newStart: '2026-11-24T10:15' }),
    told: (confirmed) => expect(startsOf(confirmed)).toEqual(['Aoife 2026-11-24T10:15']),
    either: (confirmed) => expect([['Aoife 2026-11-24T10:00'], ['Aoife 2026-11-24T10:15']]).toContainEqual(startsOf(confirmed)),
    writes: 1,
  },
  {
    name: 'reschedule to another stylist and day',
    arrange: bookFirst,
    act: (deps, salon, [id]) =>
      reschedule(deps, salon.salonId, { bookingId: id!, callerPhone: input.callerPhone, newStart: '2026-11-25T16:00', stylist: 'Ciara' }),
    told: (confirmed) => expect(startsOf(confirmed)).toEqual(['Ciara 2026-11-25T16:00']),
    either: (confirmed) => expect([['Aoife 2026-11-24T10:00'], ['Ciara 2026-11-25T16:00']]).toContainEqual(startsOf(confirmed)),
    writes: 1,
  },
];

describe('a crash after any write, with no sweep (RELIABILITY 34)', () => {
  for (const scenario of scenarios) {
    it.each([false, true])(`${scenario.name}: every crash point ends consistent (the answer of the last write lost: %s)`, async (answerLost) => {
      let completedAt: number | undefined;
      for (let writes = 0; completedAt === undefined && writes < 60; writes += 1) {
        const clock = { value: at('2026-11-23T08:00') };
        const salon = await makeSalon(table, {
          now: clock,
          connectCalendar: true,
          mappings: { Aoife: 'aoife@sandbox.calendar', Ciara: 'ciara@sandbox.calendar' },
        });
        const arranged = await scenario.arrange(salon);
        const dying = dyingClient(table, writes, { answerLost });
        const answered = await scenario.act(salon.depsOn(dying.client), salon, arranged).then(
          () => true,
          () => false,
        );
        if (!dying.state.dead) completedAt = writes;
        // The sweep finds no booking to repair; it only retries the calendar writes left to do (what leaves the table).
        clock.value += 5 * 60_000;
        expect(await sweepBookings(salon.deps, { graceMs: 60_000, limit: 100 })).toMatchObject({ settled: 0, failed: 0 });
        // The bus delivers the booking events the request published to the calendar's consumer.
        await salon.deliverCalendarEvents();
        const { confirmed } = await expectConsistent(salon);
        if (answered) scenario.told(confirmed, arranged);
        else scenario.either(confirmed, arranged);
        if (scenario.retry) {
          // The retry answers the one booking there is, or makes it: never a second, never "taken" by its own.
          const retried = await scenario.retry(salon.deps, salon);
          await salon.deliverCalendarEvents();
          const after = await expectConsistent(salon);
          scenario.told(after.confirmed, arranged);
          expect((retried.booking as { id: string }).id).toBe(after.confirmed[0]!.id);
        }
      }
      expect(completedAt).toBe(scenario.writes ?? completedAt);
      expect(completedAt).toBeGreaterThanOrEqual(scenario.writes ?? 1);
    });
  }
});
