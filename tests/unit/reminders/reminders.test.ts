import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { Appointment } from '../../../functions/contracts/appointments.js';
import { outOfQuietHours, reminderSendAt, reminderSettings } from '../../../functions/core/reminders/reminder-time.js';
import { reminderSms } from '../../../functions/core/reminders/reminder-text.js';
import { reminderFor, sweepReminders, type ReminderDeps } from '../../../functions/core/reminders/reminders.js';
import { createReminderStore } from '../../../functions/store/reminder-store.js';
import { createDeliveryClaims } from '../../../functions/store/delivery-claims.js';
import { sendReminder } from '../../../functions/core/reminders/send-reminder.js';
import type { SmsMessage } from '../../../functions/core/ports/sms.js';
import { dyingClient } from '../../support/dying-client.js';
import { setLogSink } from '../../../functions/logger.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';
import { book } from '../../../functions/core/booking/book.js';
import { cancel } from '../../../functions/core/booking/cancel.js';
import { reschedule } from '../../../functions/core/booking/reschedule.js';
import type { StoredAppointment } from '../../../functions/core/booking/records.js';

/** Reminders (docs/reminders.md, RELIABILITY 70-72): when they go, and that the sweep sends each once, only for a booking that still stands. */
const dublin = (local: string) => DateTime.fromISO(local, { zone: 'Europe/Dublin' });
const iso = (local: string) => dublin(local).toISO()!;

function appointment(overrides: Partial<StoredAppointment> = {}): StoredAppointment {
  return {
    id: `bk_${Math.random().toString(36).slice(2, 10)}`,
    salonId: 'sal_reminders',
    stylistId: 'sty_aoife',
    stylistName: 'Aoife',
    service: { id: 'svc_cut', name: 'Cut and blow-dry', durationMinutes: 45, priceCents: 4500, priceMinCents: null, priceMaxCents: null },
    start: iso('2026-12-03T14:30'),
    end: iso('2026-12-03T15:15'),
    callerName: 'Mary Murphy',
    callerPhone: '+353851112233',
    callerEmail: null,
    status: 'confirmed',
    source: 'phone-agent',
    createdAt: dublin('2026-11-30T10:00').toUTC().toISO()!,
    calendarEventId: null,
    calendarId: null,
    calendarSync: 'none',
    idempotencyKey: null,
    cancelledAt: null,
    rescheduledFrom: null,
    rescheduledTo: null,
    ...overrides,
  } as StoredAppointment;
}

describe('when a reminder goes', () => {
  it('24 hours before the start, or 48 when the owner chose it', () => {
    expect(reminderSendAt(appointment(), 24)?.toISOString()).toBe(dublin('2026-12-02T14:30').toUTC().toISO({ suppressMilliseconds: false }));
    expect(reminderSendAt(appointment(), 48)?.getTime()).toBe(dublin('2026-12-01T14:30').toMillis());
  });

  it('none for a booking made inside its window', () => {
    expect(reminderSendAt(appointment({ createdAt: dublin('2026-12-02T15:00').toUTC().toISO()! }), 24)).toBeNull();
    expect(reminderSendAt(appointment({ createdAt: dublin('2026-12-02T14:00').toUTC().toISO()! }), 24)).not.toBeNull();
    expect(reminderSendAt(appointment({ createdAt: dublin('2026-12-02T14:00').toUTC().toISO()! }), 48)).toBeNull();
  });

  it('never between 21:00 and 08:00 Irish time: at 08:00 instead, summer time included', () => {
    const early = appointment({ start: iso('2026-12-03T08:30'), end: iso('2026-12-03T09:15') });
    expect(reminderSendAt(early, 24)?.getTime()).toBe(dublin('2026-12-02T08:30').toMillis());
    const dawn = appointment({ start: iso('2026-12-03T07:00'), end: iso('2026-12-03T08:00') });
    expect(reminderSendAt(dawn, 24)?.getTime()).toBe(dublin('2026-12-02T08:00').toMillis());
    const late = appointment({ start: iso('2026-12-03T21:30'), end: iso('2026-12-03T22:00') });
    expect(reminderSendAt(late, 24)?.getTime()).toBe(dublin('2026-12-03T08:00').toMillis());
    // July: Irish summer time is UTC+1, so 20:30 UTC is 21:30 in Dublin.
    expect(outOfQuietHours(new Date('2026-07-10T20:30:00Z')).toISOString()).toBe('2026-07-11T07:00:00.000Z');
    expect(outOfQuietHours(new Date('2026-07-10T19:30:00Z')).toISOString()).toBe('2026-07-10T19:30:00.000Z');
  });

  it('on, 24 hours ahead, for a salon that never chose', () => {
    expect(reminderSettings(null)).toEqual({ enabled: true, leadHours: 24 });
    expect(reminderSettings({ reminders: false, reminder_hours: 48 })).toEqual({ enabled: false, leadHours: 48 });
  });
});

describe('the reminder text', () => {
  it('names the salon, service, stylist, day and time, and how to answer', () => {
    expect(reminderSms(appointment(), 'Bláth Hair', 'en', true)).toBe(
      'Bláth Hair: a reminder of your Cut and blow-dry with Aoife on Thursday 3 December at 14:30. Reply C to cancel, or call us to change it.',
    );
  });

  it("in the receptionist's language where it speaks another, English where we have no words", () => {
    expect(reminderSms(appointment(), 'Bláth Hair', 'pl', true)).toBe(
      'Bláth Hair: przypominamy o wizycie Cut and blow-dry (Aoife): czwartek 3 grudnia o 14:30. Odpisz C, aby odwołać, lub zadzwoń do nas, aby ją zmienić.',
    );
    expect(reminderSms(appointment(), 'Bláth Hair', 'sv', true)).toContain('Reply C to cancel');
  });

  // An alphanumeric sender ID is one-way: no reply reaches anyone (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id).
  it('from a one-way sender, says to call instead of offering a reply', () => {
    expect(reminderSms(appointment(), 'Bláth Hair', 'en', false)).toBe(
      'Bláth Hair: a reminder of your Cut and blow-dry with Aoife on Thursday 3 December at 14:30. To cancel or change it, please call us.',
    );
    expect(reminderSms(appointment(), 'Bláth Hair', 'pl', false)).not.toContain('Odpisz');
  });
});

describe('the reminder sweep', () => {
  let table: Table;
  beforeAll(async () => {
    setLogSink(() => {}, 'error');
    table = await startTable();
  });
  afterAll(() => table.close());

  function world(options: { business?: { reminders?: boolean; reminder_hours?: 24 | 48 }; language?: string } = {}) {
    const clock = { value: dublin('2026-11-30T10:00').toMillis() };
    const appointments = new Map<string, StoredAppointment>();
    const published: { type: string; detail: unknown }[] = [];
    const salonId = `sal_${Math.random().toString(36).slice(2, 10)}`;
    const salon = { id: salonId, name: 'Bláth Hair', business: options.business ?? null };
    const reminders = createReminderStore(table.client, table.tableName);
    const deps = {
      now: () => new Date(clock.value),
      salons: { get: async (id: string) => (id === salonId ? salon : null) },
      setup: { load: async () => ({ voice: { selectedLanguage: options.language ?? 'en' } }) },
      events: { publish: async (type: string, detail: unknown) => void published.push({ type, detail }) },
      bookings: { reminders, appointments: { get: async (_salon: string, id: string) => appointments.get(id) ?? null } },
    } as unknown as ReminderDeps;
    const book = async (overrides: Partial<StoredAppointment> = {}) => {
      const made = appointment({ salonId, ...overrides });
      appointments.set(made.id, made);
      // As a booking's transaction writes it (change-items.ts): the reminder reminderFor gives, if any.
      const reminder = reminderFor(salon, made as Appointment);
      if (reminder) await reminders.put(reminder);
      return { made, outcome: reminder !== null };
    };
    const dropReminder = (made: Appointment) => reminders.drop(made.salonId, made.id);
    const mine = () => published.filter((event) => (event.detail as { appointment: Appointment }).appointment.salonId === salonId);
    return { clock, deps, book, appointments, mine, dropReminder };
  }

  it('publishes booking.reminder-due once, when the clock reaches 24 hours before, and not a minute sooner', async () => {
    const w = world();
    const { made, outcome } = await w.book();
    expect(outcome).toBe(true);
    w.clock.value = dublin('2026-12-02T14:29').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine()).toEqual([]);
    w.clock.value = dublin('2026-12-02T14:30').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    w.clock.value = dublin('2026-12-02T14:35').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine()).toEqual([
      {
        type: 'booking.reminder-due',
        detail: expect.objectContaining({ salonName: 'Bláth Hair', language: 'en', appointment: expect.objectContaining({ id: made.id }) }),
      },
    ]);
  });

  it('none for a test booking, a cancelled one, or a salon that switched reminders off; a moved one reminds of its new time only', async () => {
    const w = world();
    expect((await w.book({ source: 'test-call' })).outcome).toBe(false);
    const cancelled = (await w.book()).made;
    await w.dropReminder(cancelled);
    const cancelledLate = (await w.book()).made;
    w.appointments.set(cancelledLate.id, { ...cancelledLate, status: 'cancelled' });
    const moved = (await w.book({ start: iso('2026-12-04T11:00'), end: iso('2026-12-04T11:45') })).made;
    await w.dropReminder(moved);
    const movedTo = (await w.book({ start: iso('2026-12-05T11:00'), end: iso('2026-12-05T11:45'), rescheduledFrom: moved.id })).made;
    w.clock.value = dublin('2026-12-02T14:35').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine()).toEqual([]);
    w.clock.value = dublin('2026-12-04T11:05').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine().map((event) => (event.detail as { appointment: Appointment }).appointment.id)).toEqual([movedTo.id]);

    const off = world({ business: { reminders: false } });
    await off.book();
    off.clock.value = dublin('2026-12-03T10:00').toMillis();
    await sweepReminders(off.deps, { limit: 100 });
    expect(off.mine()).toEqual([]);
  });

  it('sends nothing in the Irish night; the reminder waits until 08:00', async () => {
    const w = world({ language: 'pl' });
    await w.book({ start: iso('2026-12-03T21:30'), end: iso('2026-12-03T22:00') });
    w.clock.value = dublin('2026-12-02T21:30').toMillis();
    expect(await sweepReminders(w.deps, { limit: 100 })).toMatchObject({ quiet: true, published: 0 });
    w.clock.value = dublin('2026-12-03T07:59').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine()).toEqual([]);
    w.clock.value = dublin('2026-12-03T08:00').toMillis();
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine()).toEqual([expect.objectContaining({ detail: expect.objectContaining({ language: 'pl' }) })]);
  });

  it('a reminder whose event could not be published stays for the next run', async () => {
    const w = world();
    await w.book();
    const publish = w.deps.events.publish;
    w.deps.events.publish = async () => {
      throw new Error('bus down');
    };
    w.clock.value = dublin('2026-12-02T15:00').toMillis();
    expect(await sweepReminders(w.deps, { limit: 100 })).toMatchObject({ failed: 1 });
    w.deps.events.publish = publish;
    await sweepReminders(w.deps, { limit: 100 });
    expect(w.mine()).toHaveLength(1);
  });
});

describe('a kill -9 during the 08:00 reminder sweep (RELIABILITY 71)', () => {
  let table: Table;
  beforeAll(async () => {
    setLogSink(() => {}, 'error');
    table = await startTable();
  });
  afterAll(() => table.close());

  it('loses no reminder: killed mid-sweep, then mid-send (its claim left "sending"), every booking is reminded once', async () => {
    const clock = { value: dublin('2026-12-02T07:30').toMillis() };
    const now = () => new Date(clock.value);
    const salonId = `sal_${Math.random().toString(36).slice(2, 10)}`;
    const salon = { id: salonId, name: 'Bláth Hair', business: null };
    const appointments = new Map<string, StoredAppointment>();
    // Twelve bookings early tomorrow: every reminder falls in the night, so all are due at 08:00.
    for (let n = 0; n < 12; n += 1) {
      const start = dublin('2026-12-03T06:00').plus({ minutes: 5 * n });
      const made = appointment({
        salonId,
        start: start.toISO()!,
        end: start.plus({ minutes: 45 }).toISO()!,
        callerPhone: `+3538510000${String(n).padStart(2, '0')}`,
      });
      appointments.set(made.id, made);
      const reminder = reminderFor(salon, made as Appointment);
      if (reminder) await createReminderStore(table.client, table.tableName).put(reminder);
    }
    // npm start's in-process bus: what it accepted and has not yet handed to the consumer dies with the process.
    let bus: Appointment[] = [];
    const texted: string[] = [];
    const on = (
      client: typeof table.client,
      sms: (message: SmsMessage) => Promise<{ id: string }> = async (message) => (texted.push(message.about!.bookingId), { id: `sms-${texted.length}` }),
    ) => ({
      now,
      salons: { get: async (id: string) => (id === salonId ? salon : null) },
      setup: { load: async () => ({ voice: { selectedLanguage: 'en' } }) },
      events: { publish: async (_type: string, detail: unknown) => void bus.push((detail as { appointment: Appointment }).appointment) },
      bookings: {
        reminders: createReminderStore(client, table.tableName),
        appointments: { get: async (_salon: string, id: string) => appointments.get(id) ?? null },
      },
      deliveryClaims: createDeliveryClaims(client, table.tableName),
      sms: { provider: async () => 'sandbox', sender: async () => ({ from: '+353830000000', twoWay: true, optOutScope: 'service:test' }), send: sms },
    });
    const healthy = on(table.client);
    const deliver = async (deps: ReturnType<typeof on>, count = Infinity) => {
      for (; bus.length && count > 0; count -= 1) await sendReminder(deps, { appointment: bus.shift()!, salonName: 'Bláth Hair', language: 'en' });
    };

    // Killed after five of the sweep's writes; the bus goes with it.
    clock.value = dublin('2026-12-02T08:00').toMillis();
    await sweepReminders(on(dyingClient(table, 5).client) as unknown as ReminderDeps, { limit: 100 });
    bus = [];
    // Restarted: the next run publishes; three are texted, then the process dies as the fourth is being sent.
    clock.value = dublin('2026-12-02T08:05').toMillis();
    await sweepReminders(healthy as unknown as ReminderDeps, { limit: 100 });
    await deliver(healthy, 3);
    const dying = dyingClient(table, 1);
    await deliver(
      on(dying.client, async () => Promise.reject(Object.assign(new Error('process killed'), { name: 'InjectedCrash' }))),
      1,
    ).catch(() => undefined);
    bus = [];
    expect(texted).toHaveLength(3);

    for (const minutes of [15, 25, 35, 45]) {
      clock.value = dublin('2026-12-02T08:00').plus({ minutes }).toMillis();
      await sweepReminders(healthy as unknown as ReminderDeps, { limit: 100 });
      await deliver(healthy);
    }
    expect([...texted].sort()).toEqual([...appointments.keys()].sort());
    const items = await table.items(salonId);
    expect(items.filter((item) => String(item.sk).startsWith('REMINDER#'))).toEqual([]);
    expect(items.filter((item) => String(item.sk).startsWith('SENT#') && item.status !== 'sent')).toEqual([]);
  });
});

describe('the booking core keeps each booking its reminder', () => {
  let table: Table;
  beforeAll(async () => {
    table = await startTable();
  });
  afterAll(() => table.close());

  it('booking schedules it; a reschedule moves it to the new booking; a cancel drops it; a test booking and one made inside the window get none', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock });
    const reminders = async () =>
      (await table.items(salon.salonId))
        .filter((item) => String(item.sk).startsWith('REMINDER#'))
        .map((item) => ({ bookingId: item.bookingId, sendAt: item.sendAt }));
    const phone = '+353871110001';
    const booked = await book(salon.deps, salon.salonId, {
      service: 'Cut & blow-dry',
      start: '2026-11-25T10:00',
      callerName: 'Mary Murphy',
      callerPhone: phone,
    });
    const first = (booked as unknown as { booking: { id: string } }).booking.id;
    expect(await reminders()).toEqual([{ bookingId: first, sendAt: new Date(at('2026-11-24T10:00')).toISOString() }]);

    const moved = await reschedule(salon.deps, salon.salonId, { callerPhone: phone, newStart: '2026-11-26T11:00' });
    const second = (moved as unknown as { booking: { id: string } }).booking.id;
    expect(await reminders()).toEqual([{ bookingId: second, sendAt: new Date(at('2026-11-25T11:00')).toISOString() }]);

    await cancel(salon.deps, salon.salonId, { callerPhone: phone });
    expect(await reminders()).toEqual([]);

    await book(salon.deps, salon.salonId, { service: 'Cut & blow-dry', start: '2026-11-23T15:00', callerName: 'Inside Window', callerPhone: '+353871110002' });
    await book(
      salon.deps,
      salon.salonId,
      { service: 'Cut & blow-dry', start: '2026-11-27T15:00', callerName: 'Owner Testing', callerPhone: '+353871110003' },
      { source: 'test-call' },
    );
    expect(await reminders()).toEqual([]);
  });
});
