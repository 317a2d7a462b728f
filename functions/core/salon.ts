import { createHash } from 'node:crypto';
import type { Salon, SalonStore } from '../store/salon-store.js';
import type { Identity } from '../providers/cognito-identity.js';
import type { Owner } from '../http/handler.js';

export const DEFAULT_SALON_NAME = 'My Salon';

/**
 * One salon per owner, so its id is derived from the owner's user id: finding it is a single
 * read, and two first requests racing to create it can only ever create the same item.
 */
export function salonIdForOwner(userId: string): string {
  return `sal_${createHash('sha256').update(userId).digest('base64url').slice(0, 22)}`;
}

/** Spec section 6: the user's full name, else the email, else 'My Salon'. */
export function defaultSalonName(user: { name?: string; email?: string } | null): string {
  return user?.name?.trim() || user?.email?.trim() || DEFAULT_SALON_NAME;
}

export interface SalonDeps {
  salons: SalonStore;
  identity: Identity;
  now: () => Date;
}

export async function findOrCreateOwnerSalon(deps: SalonDeps, owner: Owner): Promise<Salon> {
  const salonId = salonIdForOwner(owner.userId);
  const existing = await deps.salons.get(salonId);
  if (existing) return existing;
  const user = await deps.identity.getUser(owner.username);
  return deps.salons.createIfAbsent({
    id: salonId,
    ownerId: owner.userId,
    ownerEmail: user?.email ?? null,
    name: defaultSalonName(user),
    phone: null,
    assignedNumber: null,
    createdAt: deps.now().toISOString(),
    business: null,
    hours: null,
  });
}
