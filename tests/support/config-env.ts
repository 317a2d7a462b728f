import { CONFIG_KEYS, resetConfig } from '../../functions/config.js';
import { resetDeps } from '../../functions/composition-root.js';

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
