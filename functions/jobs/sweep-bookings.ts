import { deps } from '../composition-root.js';
import { sweepBookings, type SweepResult } from '../core/booking/settle.js';
import { logger } from '../logger.js';

/**
 * The booking repair, on a schedule (EventBridge Scheduler in AWS, infra/jobs.ts; a timer under
 * `npm start`): settles booking changes a crashed or timed-out request left unfinished, and
 * retries calendar writes the provider refused (docs/bookings.md).
 */
export const SWEEP_EVERY_MINUTES = 5;
/** Longer than any route may run (API Gateway's 29 s), so a running request is never swept. */
export const SWEEP_GRACE_MS = 2 * 60_000;
const SWEEP_LIMIT = 200;

/**
 * `graceMs` is for a runtime that knows no request is running (`npm start` as it boots, after a
 * crash): everything unsettled is settled at once. The schedule sends nothing, so the grace holds.
 */
export async function handler(event?: { graceMs?: unknown }): Promise<SweepResult> {
  const graceMs = typeof event?.graceMs === 'number' && event.graceMs >= 0 ? event.graceMs : SWEEP_GRACE_MS;
  const result = await sweepBookings(deps(), { graceMs, limit: SWEEP_LIMIT });
  if (result.settled || result.failed || result.calendarSalons) logger.info('booking sweep', { ...result });
  // A failure is thrown so the schedule's retries and alarm see it; what was settled stays settled.
  if (result.failed) throw new Error(`${result.failed} booking(s) could not be settled`);
  return result;
}
