import { describe, expect, it } from 'vitest';
import { cancelOn, commitMoveOn, movedToOf, reserve, swapOn } from '../../../functions/core/booking/day-ledger.js';
import type { DayItem, DayReservation } from '../../../functions/core/booking/records.js';

/** The pure decisions on a stylist's day: each change of a booking is decided where it is written. */
const at = '2026-11-23T09:00:00.000Z';
const record = {
  stylistName: 'Aoife',
  service: { id: 'svc_cut', name: 'Cut', durationMinutes: 45, priceCents: 4500, priceMinCents: null, priceMaxCents: null },
  callerName: 'Mary',
  callerPhone: '+353871234567',
  callerEmail: null,
  source: 'phone-agent' as const,
  createdAt: at,
  calendarId: null,
  idempotencyKey: null,
  rescheduledFrom: null,
};
const booking = (bookingId: string, start: string, end: string): DayReservation => ({
  bookingId,
  start: `2026-11-24T${start}:00.000Z`,
  end: `2026-11-24T${end}:00.000Z`,
  record,
});
const day = (intervals: DayReservation[] = []): DayItem => ({ stylistId: 'sty_a', date: '2026-11-24', intervals, ended: [], version: 3 });

describe('the day ledger', () => {
  it('reserves free time, refuses overlapping time, and treats a retry as reserved without a write', () => {
    const first = reserve(day(), booking('bk_1', '10:00', '10:45'));
    expect(first.result).toBe('reserved');
    expect(first.next!.intervals.map((entry) => entry.bookingId)).toEqual(['bk_1']);
    expect(reserve(first.next!, booking('bk_2', '10:30', '11:15'))).toEqual({ result: 'taken' });
    expect(reserve(first.next!, booking('bk_2', '10:45', '11:30')).result).toBe('reserved');
    expect(reserve(first.next!, booking('bk_1', '10:00', '10:45'))).toEqual({ result: 'reserved' });
  });

  it('cancels once: the second cancel reads the tombstone instead of cancelling again', () => {
    const cancelled = cancelOn(day([booking('bk_1', '10:00', '10:45')]), 'bk_1', at);
    expect(cancelled.result).toBe('cancelled');
    expect(cancelled.next!.intervals).toEqual([]);
    const again = cancelOn(cancelled.next!, 'bk_1', at);
    expect(again.next).toBeUndefined();
    expect(again.result).toMatchObject({ kind: 'ended', ended: { bookingId: 'bk_1', movedTo: null } });
    expect(cancelOn(day(), 'bk_9', at)).toEqual({ result: { kind: 'missing' } });
  });

  it('swaps within the day in one write, ignoring the old time, and refuses once the booking is gone', () => {
    const today = day([booking('bk_1', '10:00', '10:45'), booking('bk_2', '12:00', '12:45')]);
    const moved = swapOn(today, 'bk_1', booking('bk_3', '10:15', '11:00'), at);
    expect(moved.result).toBe('moved');
    expect(moved.next!.intervals.map((entry) => entry.bookingId).sort()).toEqual(['bk_2', 'bk_3']);
    expect(moved.next!.ended[0]).toMatchObject({ bookingId: 'bk_1', movedTo: { bookingId: 'bk_3', start: '2026-11-24T10:15:00.000Z', stylistName: 'Aoife' } });
    expect(swapOn(today, 'bk_1', booking('bk_3', '11:45', '12:30'), at)).toEqual({ result: 'taken' });
    // A second move of the same booking reads the first.
    const second = swapOn(moved.next!, 'bk_1', booking('bk_4', '14:00', '14:45'), at);
    expect(second.next).toBeUndefined();
    expect(second.result).toMatchObject({ kind: 'ended', ended: { movedTo: { bookingId: 'bk_3' } } });
  });

  it('commits a move across days once, and never after a cancellation', () => {
    const old = day([booking('bk_1', '10:00', '10:45')]);
    const target = movedToOf(booking('bk_5', '16:00', '16:45'), 'sty_b');
    const committed = commitMoveOn(old, 'bk_1', target, at);
    expect(committed.result).toBe('moved');
    expect(commitMoveOn(committed.next!, 'bk_1', target, at)).toEqual({ result: 'moved' });
    expect(commitMoveOn(committed.next!, 'bk_1', { ...target, bookingId: 'bk_6' }, at).result).toMatchObject({
      kind: 'ended',
      ended: { movedTo: { bookingId: 'bk_5' } },
    });

    const cancelled = cancelOn(old, 'bk_1', at).next!;
    expect(commitMoveOn(cancelled, 'bk_1', target, at).result).toMatchObject({ kind: 'ended', ended: { movedTo: null } });
  });
});
