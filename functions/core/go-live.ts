import { GO_LIVE_MESSAGES, READINESS_MESSAGES, readinessMessage, type GoLiveAnswer, type Readiness } from '../contracts/go-live.js';
import { callReadiness } from './call-readiness.js';
import { ConflictError, DomainError } from './errors.js';
import { provisionAgent } from './voice-agent/provision.js';

/** The sentences that say what is missing, one per item. */
export function missingSentences(readiness: Readiness): string[] {
  return readiness.missing.map((item) => readinessMessage(readiness, item));
}

type GoLiveDeps = Parameters<typeof provisionAgent>[0];

/**
 * Go Live Now: when nothing is missing, the salon's agent is made (or brought up to date) and
 * the salon marked live, from which moment its calls reach the agent. Otherwise a 409 saying
 * exactly what is missing, and nothing changes. Pressing it again is harmless.
 */
export async function goLive(deps: GoLiveDeps, salonId: string): Promise<GoLiveAnswer> {
  const [salon, setup] = await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]);
  // No salon yet (nothing was ever saved): everything a salon sets up is missing.
  const readiness = salon ? callReadiness(salon, setup, deps.now()) : null;
  const missing = readiness ? readiness.missing : (['setup', 'number'] as const);
  if (!salon || missing.length) {
    const say = (item: (typeof missing)[number]) => (readiness ? readinessMessage(readiness, item) : READINESS_MESSAGES[item]);
    throw new DomainError('conflict', 'not_ready', missing.map(say).join(' '), Object.fromEntries(missing.map((item) => [item, say(item)])));
  }
  const { agentId } = await provisionAgent(deps, salonId);
  // Going live again after a pause keeps the first liveAt and lifts the pause.
  const liveAt = salon.liveAt ?? deps.now().toISOString();
  if (!(await deps.salons.markLive(salonId, liveAt))) throw new ConflictError('The salon no longer exists.');
  return { live: true, liveAt, agentId };
}

/** Pause: the salon stays set up and its agent kept, but calls are forwarded to the salon until Go Live Now. */
export async function pauseReceptionist(deps: Pick<GoLiveDeps, 'salons' | 'now'>, salonId: string): Promise<{ paused: true; pausedAt: string }> {
  const pausedAt = deps.now().toISOString();
  if (!(await deps.salons.markPaused(salonId, pausedAt))) throw new ConflictError(GO_LIVE_MESSAGES.notLive);
  return { paused: true, pausedAt };
}
