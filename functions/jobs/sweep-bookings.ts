import { deps } from '../composition-root.js';
import { sweepBookings, type SweepResult } from '../core/booking/settle.js';
import { logger } from '../logger.js';
import { graceOf } from './sweep-schedule.js';

/**
 * The booking repair, on a schedule (functions/jobs/sweep-schedule.ts): settles booking changes a
 * crashed or timed-out request left unfinished, and retries calendar writes the provider refused
 * (docs/bookings.md).
 */
const SWEEP_LIMIT = 200;

export async function handler(event?: { graceMs?: unknown }): Promise<SweepResult> {
  const result = await sweepBookings(deps(), { graceMs: graceOf(event), limit: SWEEP_LIMIT });
  if (result.settled || result.failed || result.calendarSalons) logger.info('booking sweep', { ...result });
  // A failure is thrown so the schedule's retries and alarm see it; what was settled stays settled.
  if (result.failed) throw new Error(`${result.failed} booking(s) could not be settled`);
  return result;
}
