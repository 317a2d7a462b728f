import type { Ports } from '../ports.js';
import type { Appointment } from '../../contracts/appointments.js';
import { publicAppointment } from '../booking/records.js';
import type { Reminder } from '../ports/reminder-store.js';
import { logger } from '../../logger.js';
import { isQuietHour, reminderSendAt, reminderSettings } from './reminder-time.js';

/**
 * Reminders (docs/reminders.md): a confirmed booking's transaction writes its one reminder
 * (reminderFor, change-items.ts), an ended one's (cancelled, or moved away: the move's new booking
 * id is confirmed and gets its own) deletes it, and the booking sweep publishes
 * `booking.reminder-due` for each reminder whose time has come. The sweep reads the appointment
 * again before it publishes, so a reminder never reminds of a booking not there.
 */
export type ReminderDeps = Pick<Ports, 'salons' | 'setup' | 'events' | 'now'> & { bookings: Pick<Ports['bookings'], 'appointments' | 'reminders'> };

/** A confirmed booking's reminder at its time, or none (a test booking, one made inside its window). */
export function reminderFor(salon: { business: Parameters<typeof reminderSettings>[0] }, appointment: Appointment): Reminder | null {
  if (appointment.source === 'test-call' || appointment.status !== 'confirmed') return null;
  const sendAt = reminderSendAt(appointment, reminderSettings(salon.business).leadHours);
  if (!sendAt) return null;
  return { salonId: appointment.salonId, bookingId: appointment.id, sendAt: sendAt.toISOString(), start: appointment.start };
}

export interface ReminderSweepResult {
  published: number;
  dropped: number;
  failed: number;
  /** The Irish night: nothing was looked at. */
  quiet: boolean;
}

/**
 * How long a reminder whose event went out waits for its text before the sweep publishes it
 * again: past a stale delivery claim (45 s) and a run of the sweep.
 */
export const REMINDER_RESEND_AFTER_MS = 10 * 60_000;

/**
 * Publishes `booking.reminder-due` for every due reminder whose booking still stands as it was,
 * and looks at it again later: the consumer drops it once its text is sent, since an event handed
 * to the bus is not one delivered (a kill -9 of npm start's in-process bus, a consumer killed mid
 * send). One that could not be published stays for the next run; one whose booking no longer
 * stands is dropped; the consumer's delivery claim keeps a repeated event to one text. Nothing
 * goes in the Irish night: a reminder due then waits for the first run from 08:00.
 */
export async function sweepReminders(deps: ReminderDeps, options: { limit: number }): Promise<ReminderSweepResult> {
  const now = deps.now();
  const result: ReminderSweepResult = { published: 0, dropped: 0, failed: 0, quiet: isQuietHour(now) };
  if (result.quiet) return result;
  const { appointments, reminders } = deps.bookings;
  for (const reminder of await reminders.due(now, options.limit)) {
    try {
      const [appointment, salon] = await Promise.all([appointments.get(reminder.salonId, reminder.bookingId), deps.salons.get(reminder.salonId)]);
      const stands =
        appointment?.status === 'confirmed' &&
        appointment.start === reminder.start &&
        Date.parse(appointment.start) > now.getTime() &&
        appointment.source !== 'test-call';
      if (stands && salon && reminderSettings(salon.business).enabled) {
        const setup = await deps.setup.load(reminder.salonId);
        await deps.events.publish('booking.reminder-due', {
          appointment: publicAppointment(appointment),
          salonName: salon.name,
          language: setup.voice?.selectedLanguage ?? 'en',
        });
        result.published += 1;
        await reminders.postpone(reminder.salonId, reminder.bookingId, new Date(now.getTime() + REMINDER_RESEND_AFTER_MS).toISOString());
      } else {
        result.dropped += 1;
        await reminders.drop(reminder.salonId, reminder.bookingId);
      }
    } catch (error) {
      result.failed += 1;
      logger.warn('reminder left for the next sweep', { salonId: reminder.salonId, bookingId: reminder.bookingId, name: (error as Error)?.name });
    }
  }
  return result;
}
