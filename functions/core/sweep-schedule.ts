/**
 * How often the sweeps run (EventBridge Scheduler in AWS, infra/jobs.ts; a timer under `npm start`):
 * core's own figure, since the calendar mirror counts on a sweep within it (calendar/mirror-busy.ts).
 * What the sweeps leave alone is functions/jobs/sweep-schedule.ts's.
 */
export const SWEEP_EVERY_MINUTES = 5;
