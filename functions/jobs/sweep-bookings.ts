import { deps } from '../composition-root.js';
import { sweepBookings, type SweepResult } from '../core/booking/booking-sweep.js';
import { renewMirrors } from '../core/calendar/mirror.js';
import { logger } from '../logger.js';
import { graceOf } from './sweep-schedule.js';
import { tracedHandler } from '../observability/traced-handler.js';

/**
 * The booking sweep, on a schedule (functions/jobs/sweep-schedule.ts): releases held times whose
 * deposit never came, retries calendar writes the provider refused, keeps the calendar mirrors up (push channels renewed a day before they expire, failed mirrors
 * opened again, every mirror resynced within 10 minutes; docs/bookings.md). The reminders have
 * a job of their own (send-due-reminders.ts).
 */
const SWEEP_LIMIT = 200;

export type BookingSweepResult = SweepResult & { mirrors: Awaited<ReturnType<typeof renewMirrors>> };

export const handler = tracedHandler(async (event?: { graceMs?: unknown }): Promise<BookingSweepResult> => {
  const d = deps();
  const result = await sweepBookings(d, { graceMs: graceOf(event), limit: SWEEP_LIMIT });
  if (result.settled || result.failed || result.calendarSalons) logger.info('booking sweep', { ...result });
  const mirrors = await renewMirrors(d, SWEEP_LIMIT);
  if (mirrors.renewed || mirrors.synced || mirrors.failed) logger.info('calendar mirrors', { ...mirrors });
  // A failure is thrown so the schedule's retries and alarm see it; what was settled or sent stays so.
  if (result.failed) throw new Error(`${result.failed} booking(s) could not be settled`);
  if (mirrors.failed) throw new Error(`${mirrors.failed} calendar mirror(s) could not be synced`);
  return { ...result, mirrors };
});
