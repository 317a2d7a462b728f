import { createHash } from 'node:crypto';
import type { Salon } from './salon-profile.js';
import type { Ports } from './ports.js';
import { NotSignedInError } from './errors.js';
import type { Owner } from './owner.js';

export const DEFAULT_SALON_NAME = 'My Salon';

/**
 * One salon per owner, so its id is derived from the owner's user id: finding it is a single
 * read, and two first requests racing to create it can only ever create the same item.
 */
export function salonIdForOwner(userId: string): string {
  return `sal_${createHash('sha256').update(userId).digest('base64url').slice(0, 22)}`;
}

/** The salon is named after the user's full name, else the email, else 'My Salon'. */
export function defaultSalonName(user: { name?: string; email?: string } | null): string {
  return user?.name?.trim() || user?.email?.trim() || DEFAULT_SALON_NAME;
}

export type SalonDeps = Pick<Ports, 'salons' | 'identity' | 'deletedOwners' | 'now'>;

export interface DeletedOwnerCheck extends Pick<Ports, 'now'> {
  deletedOwners: Pick<Ports['deletedOwners'], 'isDeleted'>;
}

/**
 * Every owner route resolves its salon through here (when the id is all it needs) or
 * findOrCreateOwnerSalon, so a deleted owner's access token, still valid for up to an hour, is
 * refused with 401 before anything is read, written or spent (RELIABILITY 35).
 */
export async function ownerSalonId(deps: DeletedOwnerCheck, owner: Owner): Promise<string> {
  await refuseDeletedOwner(deps, owner);
  return salonIdForOwner(owner.userId);
}

/** 401 for an owner whose account was deleted while their access token is still valid. */
export async function refuseDeletedOwner(deps: DeletedOwnerCheck, owner: Owner): Promise<void> {
  if (await deps.deletedOwners.isDeleted(owner.userId, deps.now())) throw new NotSignedInError();
}

/**
 * Call after writing for a salon whose owner was found not deleted. Deletion tombstones the owner
 * before it removes the salon's items, and this reads the tombstone after the write: none yet
 * means any deletion still has its removal ahead and takes the write with it; one means the
 * removal may have passed already, so the salon's items are removed again here. Answers whether
 * the owner turned out deleted.
 */
export async function undoIfOwnerDeleted(
  deps: DeletedOwnerCheck & { salons: Pick<Ports['salons'], 'deleteAll'> },
  ownerId: string,
  salonId: string,
): Promise<boolean> {
  if (!(await deps.deletedOwners.isDeleted(ownerId, deps.now()))) return false;
  await deps.salons.deleteAll(salonId);
  return true;
}

/** The owner's salon, created on first use; 401 for a deleted owner (its tombstone is read alongside). */
export async function findOrCreateOwnerSalon(deps: SalonDeps, owner: Owner): Promise<Salon> {
  const salonId = salonIdForOwner(owner.userId);
  const [existing, deleted] = await Promise.all([deps.salons.get(salonId), deps.deletedOwners.isDeleted(owner.userId, deps.now())]);
  if (deleted) throw new NotSignedInError();
  if (existing) return existing;
  const user = await deps.identity.getUser(owner.username);
  // No login, no salon: a token outlives its user, tombstoned or not (removed by support, say).
  if (!user) throw new NotSignedInError();
  const salon = await deps.salons.createIfAbsent({
    id: salonId,
    ownerId: owner.userId,
    ownerEmail: user.email ?? null,
    name: defaultSalonName(user),
    phone: null,
    assignedNumber: null,
    liveAt: null,
    createdAt: deps.now().toISOString(),
    business: null,
    hours: null,
  });
  // A deletion may have run between the reads above and this create.
  if (await undoIfOwnerDeleted(deps, owner.userId, salonId)) throw new NotSignedInError();
  return salon;
}
