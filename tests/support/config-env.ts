import { CONFIG_KEYS, resetConfig } from '../../functions/config.js';
import { inject } from 'vitest';
import { resetDeps } from '../../functions/composition-root.js';
import { setLogSink } from '../../functions/logger.js';

/**
 * Replaces every configuration variable with exactly `values`. Test workers inherit the
 * environment of the run's global setup, which starts the local runtime and so sets its
 * endpoints and origins; a test that picks providers must not see them.
 */
export function useConfigEnv(values: Record<string, string>): void {
  for (const key of CONFIG_KEYS) delete process.env[key];
  Object.assign(process.env, values);
  resetConfig();
  resetDeps();
}

/**
 * Points this test file's own handlers and stores at the shared local product (the configuration
 * the global setup provided), with only errors logged: for tests that call a handler or the
 * composition root in process beside the HTTP API.
 */
export function useProductDeps(): void {
  setLogSink(() => {}, 'error');
  Object.assign(process.env, inject('productEnv'));
  resetConfig();
  resetDeps();
}
