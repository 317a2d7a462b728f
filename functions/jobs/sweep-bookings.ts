import { deps } from '../composition-root.js';
import { sweepBookings, type SweepResult } from '../core/booking/booking-sweep.js';
import { renewMirrors } from '../core/calendar/mirror.js';
import { sweepReminders, type ReminderSweepResult } from '../core/reminders/reminders.js';
import { logger } from '../logger.js';
import { graceOf } from './sweep-schedule.js';

/**
 * The booking repair, on a schedule (functions/jobs/sweep-schedule.ts): settles booking changes a
 * crashed or timed-out request left unfinished, retries calendar writes the provider refused,
 * keeps the calendar mirrors up (push channels renewed a day before they expire, failed mirrors
 * opened again, every mirror resynced within 10 minutes; docs/bookings.md), and publishes the
 * reminders that are due (docs/reminders.md). One Lambda and one schedule for all three: the
 * same grants, and the stack's resources are counted.
 */
const SWEEP_LIMIT = 200;
const REMINDER_LIMIT = 1000;

export type BookingSweepResult = SweepResult & { mirrors: Awaited<ReturnType<typeof renewMirrors>>; reminders: ReminderSweepResult };

export async function handler(event?: { graceMs?: unknown }): Promise<BookingSweepResult> {
  const d = deps();
  const result = await sweepBookings(d, { graceMs: graceOf(event), limit: SWEEP_LIMIT });
  if (result.settled || result.failed || result.calendarSalons) logger.info('booking sweep', { ...result });
  const mirrors = await renewMirrors(d, SWEEP_LIMIT);
  if (mirrors.renewed || mirrors.synced || mirrors.failed) logger.info('calendar mirrors', { ...mirrors });
  const reminders = await sweepReminders(d, { limit: REMINDER_LIMIT });
  if (reminders.published || reminders.dropped || reminders.failed) logger.info('reminder sweep', { ...reminders });
  // A failure is thrown so the schedule's retries and alarm see it; what was settled or sent stays so.
  if (result.failed) throw new Error(`${result.failed} booking(s) could not be settled`);
  if (mirrors.failed) throw new Error(`${mirrors.failed} calendar mirror(s) could not be synced`);
  if (reminders.failed) throw new Error(`${reminders.failed} reminder(s) could not be published`);
  return { ...result, mirrors, reminders };
}
