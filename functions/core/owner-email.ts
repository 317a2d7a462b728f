import { logger } from '../logger.js';
import type { SalonStore } from './ports/salon-store.js';
import { salonIdForOwner } from './salon.js';

/**
 * The owner's login email on their salon's profile, where owner notices, usage warnings, the
 * test booking's confirmations and Stripe read it (no Lambda of theirs may read the user pool). A
 * salon copies it when it is made; every sign-in brings it up to date (a changed address, a salon
 * made before the field existed). Never fails the sign-in: a missed update waits for the next one.
 */
export async function keepOwnerEmail(
  deps: () => { salons: Pick<SalonStore, 'keepOwnerEmail'> },
  userId: string | undefined,
  email: string | undefined,
): Promise<boolean> {
  if (!userId || !email) return false;
  const salonId = salonIdForOwner(userId);
  try {
    const changed = await deps().salons.keepOwnerEmail(salonId, email);
    if (changed) logger.info('owner email kept on the salon', { salonId });
    return changed;
  } catch (error) {
    logger.warn('owner email not kept on the salon', { salonId, name: (error as Error)?.name, detail: (error as Error)?.message });
    return false;
  }
}
