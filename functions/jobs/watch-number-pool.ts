import { deps } from '../composition-root.js';
import { watchNumberPool, type PoolReport } from '../core/numbers/watch-pool.js';
import { logger } from '../logger.js';
import { tracedHandler } from '../observability/traced-handler.js';

/**
 * The number pool's watch, on a schedule (infra/jobs.ts): serves waiting salons, tops the
 * sandbox's pool up, and logs the pool's level on every run; CloudWatch metric filters read the
 * line (infra/operations.ts), so a run that stops logging raises the alarm too.
 */
export const POOL_LEVEL_LOG = 'number pool level';

export const handler = tracedHandler(async (): Promise<PoolReport> => {
  const report = await watchNumberPool(deps());
  logger.info(POOL_LEVEL_LOG, { ...report });
  return report;
});
