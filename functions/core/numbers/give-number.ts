import type { Ports } from '../ports.js';
import { logger } from '../../logger.js';

/**
 * A number the moment setup is done: the salon takes the oldest free number of the pool
 * operators stock (docs/operations.md), without waiting on anyone. Three steps, each conditional,
 * so that two salons never share a number and a crash part-way is finished by the next attempt
 * (the owner's next save or dashboard, or the number job): the profile names the number it claims,
 * the number's item is taken for the salon, the claim becomes the salon's number. When the pool is
 * empty the salon joins a queue, first come first served, and the operator hears of it.
 */
export type NumberDeps = Pick<Ports, 'salons' | 'numbers' | 'events' | 'now'> & {
  /** Tops the pool up when it runs dry (the telephony sandbox buys made-up numbers); absent where operators stock it. */
  restock?: () => Promise<number>;
};

export type GiveNumberResult =
  { outcome: 'assigned'; number: string } | { outcome: 'already'; number: string } | { outcome: 'waiting'; since: string } | { outcome: 'gone' };

/** Numbers looked at per try: enough that a few salons finishing setup at once do not run out of candidates. */
const CANDIDATES = 5;

export async function giveSalonANumber(deps: NumberDeps, salonId: string): Promise<GiveNumberResult> {
  const salon = await deps.salons.get(salonId, true);
  if (!salon) return { outcome: 'gone' };
  if (salon.assignedNumber) return { outcome: 'already', number: salon.assignedNumber };
  const given = await claimFromPool(deps, salon.id, salon.numberClaim ?? null);
  // A salon that waited leaves the queue with its number.
  if (given.outcome === 'assigned' && salon.numberWaitingSince) await deps.numbers.stopWaiting(salonId, salon.numberWaitingSince);
  return given;
}

async function claimFromPool(deps: NumberDeps, salonId: string, interrupted: string | null): Promise<GiveNumberResult> {
  // A claim a crash interrupted: finish it before looking for another.
  if (interrupted) {
    const resumed = await finishClaim(deps, salonId, interrupted);
    if (resumed) return resumed;
  }
  for (let round = 0; round < 3; round += 1) {
    const candidates = await deps.numbers.available(deps.now(), CANDIDATES);
    for (const number of candidates) {
      if (!(await deps.salons.beginNumberClaim(salonId, number))) return settledElsewhere(deps, salonId);
      const claimed = await finishClaim(deps, salonId, number);
      if (claimed) return claimed;
    }
    // The pool was empty, or every candidate went to another salon first (several finishing setup at
    // once): where the pool can be topped up (the sandbox) it is, and the salon looks again; an
    // empty pool that cannot be topped up leaves the salon waiting for support.
    const restocked = deps.restock ? await deps.restock() : 0;
    if (candidates.length === 0 && restocked === 0) break;
  }
  return wait(deps, salonId);
}

/**
 * Another request for this salon claimed or assigned first: take what it did. A claim that lost
 * its number to another salon is dropped, and the next attempt (the owner's next look at the
 * dashboard, or the number job) starts again.
 */
async function settledElsewhere(deps: NumberDeps, salonId: string): Promise<GiveNumberResult> {
  const salon = await deps.salons.get(salonId, true);
  if (!salon) return { outcome: 'gone' };
  if (salon.assignedNumber) return { outcome: 'already', number: salon.assignedNumber };
  const claimed = salon.numberClaim ? await finishClaim(deps, salonId, salon.numberClaim) : null;
  if (claimed) return claimed;
  throw new Error('The salon could not claim a number: try again');
}

/** The claim's second and third steps; null when another salon took the number first (the claim is dropped). */
async function finishClaim(deps: NumberDeps, salonId: string, number: string): Promise<GiveNumberResult | null> {
  const now = deps.now();
  if (!(await deps.numbers.take(number, salonId, now))) {
    await deps.salons.dropNumberClaim(salonId, number);
    return null;
  }
  if (await deps.salons.finishNumberClaim(salonId, number)) {
    await announce(deps, salonId, number);
    return { outcome: 'assigned', number };
  }
  // Another request for this salon finished the same claim first, or the salon is gone, or support gave it another number.
  const salon = await deps.salons.get(salonId, true);
  if (salon?.assignedNumber === number) return { outcome: 'already', number };
  await deps.numbers.giveBack(number, salonId, now.toISOString());
  if (salon) await deps.salons.dropNumberClaim(salonId, number);
  return salon?.assignedNumber ? { outcome: 'already', number: salon.assignedNumber } : { outcome: 'gone' };
}

async function announce(deps: NumberDeps, salonId: string, number: string): Promise<void> {
  // The number is the salon's: a bus failure costs only the owner's email (the dashboard shows the number anyway).
  await deps.events
    .publish('salon.number-assigned', { salonId, phoneNumber: number, assignedAt: deps.now().toISOString() })
    .catch((error: unknown) => logger.error('number-assigned event not published', { salonId, name: (error as Error)?.name }));
}

/** Logged as an error when a salon starts waiting: an empty pool is an operator's to fix now (the alarm reads the number job's level line). */
export const SALON_WAITING_LOG = 'number pool empty: a salon waits for a number';

async function wait(deps: NumberDeps, salonId: string): Promise<GiveNumberResult> {
  const waiting = await deps.salons.markNumberWaiting(salonId, deps.now().toISOString());
  if (!waiting) return settledElsewhere(deps, salonId);
  const { since } = waiting;
  await deps.numbers.startWaiting(salonId, since);
  // Said once per salon: a salon already waiting is not announced again.
  if (!waiting.began) return { outcome: 'waiting', since };
  logger.error(SALON_WAITING_LOG, { salonId, since });
  await deps.events
    .publish('salon.number-waiting', { salonId, since })
    .catch((error: unknown) => logger.error('number-waiting event not published', { salonId, name: (error as Error)?.name }));
  return { outcome: 'waiting', since };
}

/**
 * Salons that waited get numbers in the order they came, as far as the pool goes: after a stock,
 * and on every run of the number job. Answers the salons served.
 */
export async function serveWaitingSalons(deps: NumberDeps): Promise<{ salonId: string; number: string }[]> {
  const served: { salonId: string; number: string }[] = [];
  for (const waiting of await deps.numbers.waiting(50)) {
    const given = await giveSalonANumber({ ...deps, restock: undefined }, waiting.salonId);
    if (given.outcome === 'waiting') break;
    // A salon gone, or given a number by support meanwhile, leaves the queue too.
    await deps.numbers.stopWaiting(waiting.salonId, waiting.since);
    if (given.outcome !== 'gone') served.push({ salonId: waiting.salonId, number: given.number });
  }
  return served;
}
