import { ForbiddenError, UnauthorizedError } from '../http/errors.js';
import type { Owner } from '../http/handler.js';
import { messages } from '../contracts/messages.js';
import type { SalonStore } from '../store/salon-store.js';
import type { Identity } from '../providers/cognito-identity.js';
import type { EventPublisher } from '../providers/eventbridge-events.js';
import { salonIdForOwner } from './salon.js';
import { revokeCalendarAccess, type CalendarGrantDeps } from './calendar-connection.js';

export interface AccountDeps extends CalendarGrantDeps {
  salons: SalonStore;
  identity: Identity;
  events: EventPublisher;
  now: () => Date;
}

export interface DeletionResult {
  salonId: string;
  itemsDeleted: number;
}

/**
 * Deletes the owner's login and every item of their salon. The password is checked again first,
 * so a borrowed, still-signed-in browser cannot do it. Data goes before the login: if anything
 * fails part-way the owner can still sign in and try again, and every step is safe to repeat.
 * The calendar grant is revoked with Google first (RELIABILITY 24).
 * Uploaded files are erased by the `salon.deleted` consumer (there may be many).
 */
export async function deleteAccount(deps: AccountDeps, owner: Owner, password: string): Promise<DeletionResult> {
  const user = await deps.identity.getUser(owner.username);
  if (!user?.email) throw new UnauthorizedError();
  if (!(await deps.identity.passwordMatches(user.email, password))) {
    throw new ForbiddenError(messages.deletePasswordWrong);
  }
  const salonId = salonIdForOwner(owner.userId);
  // Revoking needs the stored token, so it goes before the salon's items.
  await revokeCalendarAccess(deps, salonId);
  const itemsDeleted = await deps.salons.deleteAll(salonId);
  await deps.events.publish('salon.deleted', { salonId, ownerId: owner.userId, deletedAt: deps.now().toISOString() });
  await deps.identity.deleteUser(owner.username);
  return { salonId, itemsDeleted };
}
