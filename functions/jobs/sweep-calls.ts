import { deps } from '../composition-root.js';
import { sweepCalls, type CallSweepResult } from '../core/calls/sweep-calls.js';
import { logger } from '../logger.js';
import { graceOf } from './sweep-schedule.js';
import { tracedHandler } from '../observability/traced-handler.js';

/**
 * The call repair, on a schedule (functions/jobs/sweep-schedule.ts): closes calls whose end never
 * came, from the provider's record, each end with its `call.completed` (the event outbox), and
 * waits for the usage consumer on ended ones (functions/core/calls/sweep-calls.ts).
 */
const SWEEP_LIMIT = 200;

export const handler = tracedHandler(async (event?: { graceMs?: unknown }): Promise<CallSweepResult> => {
  const result = await sweepCalls(deps(), { graceMs: graceOf(event), limit: SWEEP_LIMIT });
  if (result.published || result.closed || result.failed) logger.info('call sweep', { ...result });
  // A failure is thrown so the alarm sees it; what was finished stays finished.
  if (result.failed) throw new Error(`${result.failed} call(s) could not be finished`);
  return result;
});
