/** What the sweeps leave alone; how often they run is core's (functions/core/sweep-schedule.ts). */

/** Longer than any route may run (API Gateway's 29 s), so a running request is never swept. */
export const SWEEP_GRACE_MS = 2 * 60_000;

/**
 * `graceMs` is for a runtime that knows no request is running (`npm start` as it boots, after a
 * crash): everything unfinished is finished at once. The schedule sends nothing, so the grace holds.
 */
export function graceOf(event?: { graceMs?: unknown }): number {
  return typeof event?.graceMs === 'number' && event.graceMs >= 0 ? event.graceMs : SWEEP_GRACE_MS;
}
