import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool, type ToolDeps } from '../../../functions/core/agent-tools/registry.js';
import type { ToolAnswer } from '../../../functions/contracts/agent-tools.js';
import { ToolError } from '../../../functions/core/booking/errors.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, makeSalon, startTable, type Table, type UnitSalon } from './harness.js';

/**
 * RELIABILITY 41, 43: the owner's test call reaches test bookings only. A real customer's booking
 * is "not found" to it, so a test call can never cancel or move it, nor cause a message to them.
 */
let table: Table;
let salon: UnitSalon;
let deps: ToolDeps;
const clock = { value: at('2026-11-23T08:00') };
const CUSTOMER = '087 765 0000';

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
  salon = await makeSalon(table, { now: clock });
  deps = { ...salon.deps, rateLimits: undefined as never };
});
afterAll(async () => {
  await table.close();
});

const call = (tool: 'book' | 'cancel' | 'reschedule', input: unknown, test: boolean) => runTool(deps, tool, { salonId: salon.salonId, input, test });

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const bookingOf = (answer: ToolAnswer) => answer.booking as { id: string; status: string };

describe("a test call and a real customer's booking", () => {
  it('cannot find, cancel or move it, by phone or by id, and nothing is announced about it', async () => {
    const real = bookingOf(
      await call('book', { service: 'cut', stylist: 'Aoife', start: '2026-11-24T10:00', callerName: 'Nóra Byrne', callerPhone: CUSTOMER }, false),
    );
    const announced = salon.published.length;

    for (const input of [{ callerPhone: CUSTOMER }, { callerPhone: CUSTOMER, bookingId: real.id }, { callerPhone: CUSTOMER, date: '2026-11-24' }]) {
      const cancelled = await refusal(call('cancel', input, true));
      expect([cancelled.code, cancelled.say], JSON.stringify(input)).toEqual([
        'booking_not_found',
        "Sorry, I couldn't find a booking under that phone number.",
      ]);
      const moved = await refusal(call('reschedule', { ...input, newStart: '2026-11-24T12:00' }, true));
      expect(moved.code, JSON.stringify(input)).toBe('booking_not_found');
    }
    expect(await salon.deps.bookings.appointments.get(salon.salonId, real.id)).toMatchObject({
      status: 'confirmed',
      start: '2026-11-24T10:00:00+00:00',
      source: 'phone-agent',
    });
    expect(salon.published.length).toBe(announced);
  });

  it("changes only its own test booking under the same number, and its messages stay test bookings' (the salon's phone)", async () => {
    const real = bookingOf(
      await call('book', { service: 'cut', stylist: 'Ciara', start: '2026-11-25T10:00', callerName: 'Nóra Byrne', callerPhone: CUSTOMER }, false),
    );
    const test = bookingOf(
      await call('book', { service: 'fringe', stylist: 'Aoife', start: '2026-11-26T10:00', callerName: 'Owner Testing', callerPhone: CUSTOMER }, true),
    );
    const announced = salon.published.length;

    // One booking in its reach, so no "which one?" naming the customer's.
    const moved = await call('reschedule', { callerPhone: CUSTOMER, newStart: '2026-11-26T11:00' }, true);
    expect(moved.previousBookingId).toBe(test.id);
    const cancelled = await call('cancel', { callerPhone: CUSTOMER }, true);
    expect(bookingOf(cancelled).id).toBe(bookingOf(moved).id);

    const changes = salon.published.slice(announced);
    expect(changes.map((event) => event.type).sort()).toEqual(['booking.cancelled', 'booking.cancelled', 'booking.confirmed']);
    for (const event of changes) expect((event.detail as { appointment: { source: string } }).appointment.source).toBe('test-call');
    expect(await salon.deps.bookings.appointments.get(salon.salonId, real.id)).toMatchObject({ status: 'confirmed' });
  });
});
