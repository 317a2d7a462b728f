import { DateTime } from 'luxon';
import {
  GO_LIVE_MESSAGES,
  PAUSE_MAX_DAYS,
  PAUSE_MESSAGES,
  READINESS_MESSAGES,
  readinessMessage,
  type GoLiveAnswer,
  type Readiness,
} from '../contracts/go-live.js';
import { SALON_TIME_ZONE } from '../contracts/appointments.js';
import { callReadiness } from './call-readiness.js';
import { ConflictError, DomainError, InvalidInputError } from './errors.js';
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

/**
 * Pause means "take messages" (RELIABILITY 53): the salon stays set up and its agent kept, and
 * every call is answered in message mode until Go Live Now, or until the start of `until` (a day
 * off, a holiday: Irish time), when the receptionist is back by itself.
 */
export async function pauseReceptionist(
  deps: Pick<GoLiveDeps, 'salons' | 'now'>,
  salonId: string,
  until?: string,
): Promise<{ paused: true; pausedAt: string; pausedUntil: string | null }> {
  const now = deps.now();
  const pausedUntil = until ? pauseEnd(until, now) : null;
  const pausedAt = now.toISOString();
  if (!(await deps.salons.markPaused(salonId, pausedAt, pausedUntil))) throw new ConflictError(GO_LIVE_MESSAGES.notLive);
  return { paused: true, pausedAt, pausedUntil };
}

/** The start of `day` in Ireland, after today and within PAUSE_MAX_DAYS. */
function pauseEnd(day: string, now: Date): string {
  const start = DateTime.fromISO(day, { zone: SALON_TIME_ZONE }).startOf('day');
  const today = DateTime.fromJSDate(now, { zone: SALON_TIME_ZONE }).startOf('day');
  if (!start.isValid || start <= today) throw new InvalidInputError(PAUSE_MESSAGES.untilPast);
  if (start > today.plus({ days: PAUSE_MAX_DAYS })) throw new InvalidInputError(PAUSE_MESSAGES.untilTooFar);
  return start.toUTC().toISO()!;
}

/**
 * The going-live checklist's last step: the owner rings the salon's line from another phone, and
 * the first call to reach the receptionist after this (functions/core/telephony/inbound-call.ts)
 * shows the forwarding works. Only a salon whose line forwards to us, once it has a number.
 */
export async function startForwardingCheck(deps: Pick<GoLiveDeps, 'salons' | 'setup' | 'now'>, salonId: string): Promise<{ checkStartedAt: string }> {
  const [salon, setup] = await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]);
  if (!salon?.assignedNumber || setup.phoneOption !== 'forward') throw new ConflictError(GO_LIVE_MESSAGES.nothingToCheck);
  const checkStartedAt = deps.now().toISOString();
  if (!(await deps.salons.startForwardingCheck(salonId, checkStartedAt))) throw new ConflictError('The salon no longer exists.');
  return { checkStartedAt };
}
