import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../functions/contracts/appointments.js';
import { bookingActivity, callActivity, messageActivity } from '../../../functions/core/dashboard/activity.js';
import { createActivityStore } from '../../../functions/store/activity-store.js';
import { type ActivityStore } from '../../../functions/core/ports/activity-store.js';
import { createCallStatsStore } from '../../../functions/store/call-stats-store.js';
import { type CallStatsStore } from '../../../functions/core/ports/call-stats-store.js';
import { startTable, type Table } from '../booking/harness.js';

/** What the dashboard's cards read: per-day call figures counted once per call, and the activity lines. */
let table: Table;
let stats: CallStatsStore;
let activity: ActivityStore;

beforeAll(async () => {
  table = await startTable();
  stats = createCallStatsStore(table.client, table.tableName);
  activity = createActivityStore(table.client, table.tableName);
});
afterAll(() => table.close());

const sid = (n: number) => `CA${n.toString(16).padStart(32, '0')}`;

describe('call figures per day', () => {
  it('counts each call and each rating once, however often they arrive', async () => {
    const salonId = 'sal_stats01';
    await Promise.all([1, 1, 1, 2, 3, 3].map((n) => stats.countCall(salonId, '2026-11-20', sid(n), n === 3)));
    await Promise.all([1, 1, 2].map((n) => stats.countRating(salonId, '2026-11-20', sid(n), n === 1)));
    await stats.countCall(salonId, '2026-11-21', sid(4), false);
    await stats.countCall(salonId, '2026-12-01', sid(5), false);
    expect(await stats.days(salonId, '2026-11-01', '2026-11-30')).toEqual([
      { day: '2026-11-20', calls: 3, missed: 1, rated: 2, satisfied: 1 },
      { day: '2026-11-21', calls: 1, missed: 0, rated: 0, satisfied: 0 },
    ]);
  });
});

describe('recent activity', () => {
  const appointment = {
    id: 'bk_1',
    salonId: 'sal_act01',
    stylistId: 'sty_1',
    stylistName: 'Ciara',
    service: { id: 'svc_1', name: 'Balayage', durationMinutes: 180, priceCents: 18000, priceMinCents: null, priceMaxCents: null },
    start: '2026-11-28T14:30:00.000Z',
    end: '2026-11-28T17:30:00.000Z',
    callerName: 'Mary Murphy',
    callerPhone: '+353871234567',
    callerEmail: null,
    status: 'confirmed',
    source: 'phone-agent',
    createdAt: '2026-11-20T10:00:00.000Z',
  } as unknown as Appointment;
  const now = new Date('2026-11-20T12:00:00Z');

  it('reads as an owner would say it, without phone numbers', () => {
    expect(bookingActivity('confirmed', appointment, '2026-11-20T10:00:01.000Z', now).text).toBe(
      'Booked Mary Murphy for Balayage with Ciara, Saturday 28 November at 14:30.',
    );
    expect(bookingActivity('cancelled', appointment, '2026-11-21T09:00:00.000Z', now)).toMatchObject({
      kind: 'cancellation',
      at: '2026-11-21T09:00:00.000Z',
      text: 'Mary Murphy cancelled Balayage with Ciara, Saturday 28 November at 14:30.',
    });
    expect(callActivity({ callSid: sid(1), startedAt: '2026-11-20T09:00:00.000Z', durationSeconds: 185, outcome: 'answered', test: false }).text).toBe(
      'Your receptionist answered a call (3 min).',
    );
    expect(callActivity({ callSid: sid(2), startedAt: '2026-11-20T09:00:00.000Z', durationSeconds: 0, outcome: 'missed', test: false }).text).toBe(
      'Missed call: nobody could answer.',
    );
    expect(messageActivity({ id: 'msg_1', callerName: 'Seán', createdAt: '2026-11-20T09:00:00.000Z' }).text).toBe('Seán left a message.');
    for (const entry of [
      bookingActivity('confirmed', appointment, appointment.createdAt, now),
      bookingActivity('cancelled', appointment, appointment.createdAt, now),
    ]) {
      expect(entry.text).not.toContain('87');
    }
  });

  it('lists newest first; a redelivered event is one line', async () => {
    const salonId = 'sal_act02';
    const lines = [
      callActivity({ callSid: sid(1), startedAt: '2026-11-20T09:00:00.000Z', durationSeconds: 60, outcome: 'answered', test: false }),
      bookingActivity('confirmed', { ...appointment, salonId }, appointment.createdAt, now),
      messageActivity({ id: 'msg_1', callerName: 'Seán', createdAt: '2026-11-20T11:00:00.000Z' }),
    ];
    await Promise.all([...lines, ...lines].map((line) => activity.record(salonId, line)));
    expect((await activity.latest(salonId, 10)).map((line) => line.kind)).toEqual(['message', 'booking', 'call']);
    expect(await activity.latest(salonId, 2)).toHaveLength(2);
  });
});
