import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../../../functions/core/agent-tools/registry.js';
import { ToolError } from '../../../functions/core/booking/errors.js';
import { setLogSink } from '../../../functions/logger.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { at, makeSalon, startTable, type Table, type UnitSalon } from './harness.js';

/**
 * RELIABILITY 96: one caller never holds two overlapping bookings they did not ask for. The tools
 * enforce it, not the prompt: `book` refuses a time that overlaps the caller's own booking (same
 * phone, any stylist), names that booking and offers to move it; only `additional: true` (another
 * person, another service as well) books it. Through the tool registry, as the hosted agent and the
 * sandbox receptionist call it.
 */
let table: Table;
const clock = { value: at('2026-11-23T08:00') }; // Monday morning

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('book, for a caller who already holds a booking at that time', () => {
  let salon: UnitSalon;
  const tool = (name: 'book' | 'reschedule' | 'cancel', input: Record<string, unknown>, test = false) =>
    runTool({ ...salon.deps, rateLimits: createRateLimits(table.client, table.tableName) }, name, { salonId: salon.salonId, input, test });
  const balayage = (overrides: Record<string, unknown> = {}) => ({
    service: 'Balayage',
    start: '2026-11-27T14:00',
    callerName: 'Máire Ní Bhriain',
    callerPhone: '087 123 4567',
    ...overrides,
  });
  // Sorted: two bookings at the same start come back in either order.
  const on = async (date: string) =>
    (await salon.deps.bookings.appointments.list(salon.salonId, new Date(at(`${date}T00:00`)), new Date(at(`${date}T23:59`))))
      .filter((each) => each.status !== 'cancelled')
      .map((each) => `${each.service.name} ${each.start.slice(11, 16)} ${each.stylistName}${each.source === 'test-call' ? ' (test)' : ''}`)
      .sort();

  beforeAll(async () => {
    salon = await makeSalon(table, { now: clock, stylists: ['Aoife', 'Ciara'] });
  });

  it('a caller with a 14:00 balayage who asks for 14:30 is offered to move it, with any stylist, and nothing is booked', async () => {
    const first = await tool('book', balayage({ stylist: 'Aoife' }));
    const existing = first.booking as { id: string };

    for (const stylist of [undefined, 'Ciara', 'Aoife']) {
      const refused = await refusal(tool('book', balayage({ start: '2026-11-27T14:30', callerPhone: '+353871234567', ...(stylist ? { stylist } : {}) })));
      expect(refused.code).toBe('already_booked');
      expect(refused.say).toBe(
        "You already have a Balayage with Aoife on Friday the 27th at two o'clock. Shall I move that one to half two instead, or is this one for someone else?",
      );
      expect(refused.data.existing).toMatchObject({ id: existing.id, service: 'Balayage', stylist: 'Aoife', start: '2026-11-27T14:00:00+00:00' });
    }
    // Starting as the other ends is no overlap.
    await tool('book', balayage({ service: 'Fringe trim', start: '2026-11-27T17:30', stylist: 'Aoife' }));
    expect(await on('2026-11-27')).toEqual(['Balayage 14:00 Aoife', 'Fringe trim 17:30 Aoife']);

    // The offer taken: a move, never a second booking.
    const moved = await tool('reschedule', { callerPhone: '087 123 4567', bookingId: existing.id, newStart: '2026-11-27T14:30' });
    expect(moved.say).toMatch(/moved to .*half two/);
    expect(await on('2026-11-27')).toEqual(['Balayage 14:30 Aoife', 'Fringe trim 17:30 Aoife']);
  });

  it('books it when the agent says the caller wants it as well (another person, another service)', async () => {
    const phone = '086 222 3333';
    await tool('book', balayage({ start: '2026-11-30T10:00', stylist: 'Aoife', callerPhone: phone }));
    // At the very same time there is nothing to move it to: only whether it is wanted as well.
    expect((await refusal(tool('book', balayage({ start: '2026-11-30T10:00', callerName: 'Aoibhe Ní Bhriain', callerPhone: phone })))).say).toBe(
      "You already have a Balayage with Aoife on Monday the 30th at ten o'clock. Is this one for someone else?",
    );
    const answer = await tool('book', balayage({ start: '2026-11-30T10:00', callerName: 'Aoibhe Ní Bhriain', callerPhone: phone, additional: true }));
    expect(answer.say).toMatch(/^You're booked in for a Balayage with Ciara /);
    expect(await on('2026-11-30')).toEqual(['Balayage 10:00 Aoife', 'Balayage 10:00 Ciara']);
  });

  it('a test call sees only test bookings, and a real call only real ones', async () => {
    const trim = balayage({ service: 'Fringe trim', start: '2026-12-01T10:00', callerPhone: '086 444 5555' });
    await tool('book', { ...trim, stylist: 'Aoife' });
    // The owner's test call under the same number: the customer's real booking is out of its reach.
    await tool('book', trim, true);
    const again = await refusal(tool('book', trim, true));
    expect(again.say).toMatch(/^You already have a Fringe trim with Ciara /);
    expect(await on('2026-12-01')).toEqual(['Fringe trim 10:00 Aoife', 'Fringe trim 10:00 Ciara (test)']);
  });

  it('a cancelled booking no longer stands in the way, and the flag is refused unless a boolean', async () => {
    const callerPhone = '086 666 7777';
    const made = (await tool('book', balayage({ service: 'Fringe trim', start: '2026-12-02T10:00', callerPhone }))).booking as { id: string };
    expect((await refusal(tool('book', balayage({ start: '2026-12-02T09:00', callerPhone })))).code).toBe('already_booked');
    expect((await refusal(tool('book', balayage({ start: '2026-12-02T09:00', callerPhone, additional: 'yes' })))).code).toBe('bad_request');
    await tool('cancel', { callerPhone, bookingId: made.id });
    await tool('book', balayage({ start: '2026-12-02T09:00', callerPhone }));
    expect(await on('2026-12-02')).toHaveLength(1);
  });
});
