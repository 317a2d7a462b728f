import { serveWaitingSalons } from './give-number.js';
import { restockSandboxPool, type StockDeps } from './stock-numbers.js';

/**
 * The number job's work (functions/jobs/watch-number-pool.ts): salons waiting for a number are
 * served from whatever the pool holds now, the sandbox tops its own pool up before it runs low,
 * and the pool's level is reported for the operators' alarm (infra/operations.ts), which fires
 * below the stage's low mark and whenever a salon waits.
 */
export interface PoolReport {
  free: number;
  quarantined: number;
  waiting: number;
  served: number;
  restocked: number;
}

export async function watchNumberPool(deps: StockDeps & { config: { NUMBER_POOL_LOW: number } }): Promise<PoolReport> {
  const served = await serveWaitingSalons(deps);
  const before = await deps.numbers.level(deps.now());
  const restocked = before.free < deps.config.NUMBER_POOL_LOW ? await restockSandboxPool(deps) : 0;
  const [level, waiting] = await Promise.all([restocked ? deps.numbers.level(deps.now()) : before, deps.numbers.waiting(100)]);
  return { ...level, waiting: waiting.length, served: served.length, restocked };
}
