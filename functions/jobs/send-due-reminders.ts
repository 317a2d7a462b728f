import { deps } from '../composition-root.js';
import { sweepReminders, type ReminderSweepResult } from '../core/reminders/reminders.js';
import { logger } from '../logger.js';
import { tracedHandler } from '../observability/traced-handler.js';

/**
 * The reminders that are due, on a schedule of their own (functions/jobs/sweep-schedule.ts):
 * each published as booking.reminder-due for its text (docs/reminders.md). A failure is thrown, so
 * the schedule's alarm sees it; what was published stays so.
 */
const REMINDER_LIMIT = 1000;

export const handler = tracedHandler(async (): Promise<ReminderSweepResult> => {
  const reminders = await sweepReminders(deps(), { limit: REMINDER_LIMIT });
  if (reminders.published || reminders.dropped || reminders.failed) logger.info('reminder sweep', { ...reminders });
  if (reminders.failed) throw new Error(`${reminders.failed} reminder(s) could not be published`);
  return reminders;
});
