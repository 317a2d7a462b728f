import { deps } from '../composition-root.js';
import { sweepBookings, type SweepResult } from '../core/booking/settle.js';
import { sweepReminders, type ReminderSweepResult } from '../core/reminders/reminders.js';
import { logger } from '../logger.js';
import { graceOf } from './sweep-schedule.js';

/**
 * The booking repair, on a schedule (functions/jobs/sweep-schedule.ts): settles booking changes a
 * crashed or timed-out request left unfinished, retries calendar writes the provider refused
 * (docs/bookings.md), and publishes the reminders that are due (docs/reminders.md).
 */
const SWEEP_LIMIT = 200;
const REMINDER_LIMIT = 1000;

export async function handler(event?: { graceMs?: unknown }): Promise<SweepResult & { reminders: ReminderSweepResult }> {
  const result = await sweepBookings(deps(), { graceMs: graceOf(event), limit: SWEEP_LIMIT });
  if (result.settled || result.failed || result.calendarSalons) logger.info('booking sweep', { ...result });
  const reminders = await sweepReminders(deps(), { limit: REMINDER_LIMIT });
  if (reminders.published || reminders.dropped || reminders.failed) logger.info('reminder sweep', { ...reminders });
  // A failure is thrown so the schedule's retries and alarm see it; what was settled or sent stays so.
  if (result.failed) throw new Error(`${result.failed} booking(s) could not be settled`);
  if (reminders.failed) throw new Error(`${reminders.failed} reminder(s) could not be published`);
  return { ...result, reminders };
}
