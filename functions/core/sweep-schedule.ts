/**
 * When the sweeps run (EventBridge Scheduler in AWS, infra/jobs.ts; a timer under `npm start`)
 * and what they leave alone.
 */
export const SWEEP_EVERY_MINUTES = 5;
