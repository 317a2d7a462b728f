import type { Ports } from '../ports.js';
import type { Salon } from '../salon-profile.js';
import type { StoredSetup } from '../ports/setup-store.js';
import { loopingNumbers } from '../telephony/forwarding-loops.js';

/**
 * A number a salon lets go (support's release-number, a new number in its place, the account
 * deleted) keeps answering for its callers for 30 days, saying whose it was and how to reach
 * them, and only then goes back into the pool: a client with the old number written down, or a
 * salon line still forwarded to it, is never met by a stranger's receptionist.
 */
export const RELEASED_NUMBER_DAYS = 30;

export type ReleaseDeps = Pick<Ports, 'salons' | 'numbers' | 'now'>;

/** Who the number belonged to, as its callers are told: the salon's phone only where it does not lead back here. */
export function formerHolder(salon: Salon, setup: StoredSetup | null, number: string) {
  const loops = setup ? loopingNumbers(salon, setup, number) : new Set([number]);
  return { salonId: salon.id, name: salon.name, phone: salon.phone && !loops.has(salon.phone) ? salon.phone : null };
}

/** Quarantines `number` (the salon's own, or one it held before) for 30 days; false when the salon no longer holds it. */
export async function quarantineNumber(deps: ReleaseDeps, salon: Salon, setup: StoredSetup | null, number: string): Promise<boolean> {
  const now = deps.now();
  const until = new Date(now.getTime() + RELEASED_NUMBER_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return deps.numbers.quarantine(number, { at: now.toISOString(), until, former: formerHolder(salon, setup, number), holder: salon.id });
}

/**
 * The salon's number leaves it: the profile first, so calls stop reaching the salon at once, then
 * the number's item goes into quarantine. A number it was still claiming (never announced, so no
 * caller knows it) goes straight back to the pool. Answers the number released, or null when the
 * salon had none.
 */
export async function releaseSalonNumber(deps: ReleaseDeps, salon: Salon, setup: StoredSetup | null): Promise<string | null> {
  if (salon.numberClaim) {
    await deps.numbers.giveBack(salon.numberClaim, salon.id, deps.now().toISOString());
    await deps.salons.dropNumberClaim(salon.id, salon.numberClaim);
  }
  const number = salon.assignedNumber;
  if (!number) return null;
  await deps.salons.clearAssignedNumber(salon.id, number);
  await quarantineNumber(deps, salon, setup, number);
  return number;
}
