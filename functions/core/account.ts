import { NotAllowedError, NotSignedInError } from './errors.js';
import type { Owner } from './owner.js';
import { messages } from '../contracts/messages.js';
import type { Ports } from './ports.js';
import { salonIdForOwner } from './salon.js';
import { revokeCalendarAccess, type CalendarGrantDeps } from './calendar-connection.js';
import { closeMirrors } from './calendar/salon-mirrors.js';
import { removeAgent } from './voice-agent/provision.js';
import { logger } from '../logger.js';
import { accountDeletedEmail } from './confirmations/messages.js';
import { releaseSalonNumber } from './numbers/release-number.js';

export interface AccountDeps
  extends CalendarGrantDeps, Pick<Ports, 'salons' | 'numbers' | 'setup' | 'identity' | 'deletedOwners' | 'events' | 'voiceAgents' | 'agents' | 'now'> {
  /** Confirms the deletion to the owner (absent where a caller sends no email). */
  email?: Pick<Ports['email'], 'send'>;
  /** Ends the salon's Stripe subscription and erases its customer (absent where a caller has no payments). */
  payments?: Pick<Ports['payments'], 'expireCheckoutSession' | 'cancelSubscription' | 'deleteCustomer'>;
  /** The salon's subscription checkouts still open, expired with the account. */
  subscriptions?: Pick<Ports['subscriptions'], 'openCheckouts'>;
  /** The calendar mirrors, whose push channels are stopped with the account (absent where a caller keeps none). */
  calendarMirrors?: Ports['calendarMirrors'];
}

/**
 * How long a deleted owner stays tombstoned: their access tokens stay valid for up to an hour
 * (API Gateway's JWT authorizer does not see a sign-out), so a day is a wide margin.
 */
export const DELETED_OWNER_LOCKOUT_MS = 24 * 60 * 60 * 1000;

export interface DeletionResult {
  salonId: string;
  itemsDeleted: number;
}

/**
 * Stops the salon's billing now (RELIABILITY 48): every checkout still open is expired (one paid
 * after the salon is gone would start a subscription nobody sees), the subscription is cancelled
 * (no further charge) and every customer of the salon is erased (GDPR erasure; Stripe keeps what
 * the law makes it keep, such as invoices), which also cancels any subscription of theirs the
 * salon's record does not show. A provider failure is logged, naming what support must remove by
 * hand, and never keeps the account.
 */
async function endBilling(deps: AccountDeps, salonId: string): Promise<void> {
  const payments = deps.payments;
  if (!payments) return;
  try {
    const [salon, open] = await Promise.all([deps.salons.get(salonId), deps.subscriptions?.openCheckouts(salonId, deps.now()) ?? []]);
    for (const checkout of open) await payments.expireCheckoutSession({ salonId, sessionId: checkout.id });
    const subscription = salon?.subscription;
    if (subscription && subscription.status !== 'canceled') await payments.cancelSubscription({ salonId, subscriptionId: subscription.id });
    const customers = new Set([subscription?.customerId, salon?.billingCustomerId].filter((id): id is string => Boolean(id)));
    for (const customerId of customers) await payments.deleteCustomer({ salonId, customerId });
  } catch (error) {
    logger.error('subscription not ended with the account', { salonId, detail: (error as Error)?.message });
  }
}

/**
 * Deletes the owner's login and every item of their salon. The password is checked again first,
 * so a borrowed, still-signed-in browser cannot do it. The owner is tombstoned before anything
 * goes: from then on their tokens get 401 on every owner route and nothing of the salon can be
 * created again, even if deletion stops part-way (RELIABILITY 35). Data goes before the login, so
 * after a failure the owner can still sign in and run deletion again; every step is safe to repeat.
 * The calendar's push channels are stopped and its grant revoked with Google first (RELIABILITY 24), and the voice agent removed
 * from its provider.
 * Uploaded files are erased by the `salon.deleted` consumer (there may be many).
 */
export async function deleteAccount(deps: AccountDeps, owner: Owner, password: string): Promise<DeletionResult> {
  const user = await deps.identity.getUser(owner.username);
  if (!user?.email) throw new NotSignedInError();
  if (!(await deps.identity.passwordMatches(user.email, password))) {
    throw new NotAllowedError(messages.deletePasswordWrong);
  }
  const salonId = salonIdForOwner(owner.userId);
  const now = deps.now();
  await deps.deletedOwners.mark(owner.userId, now, new Date(now.getTime() + DELETED_OWNER_LOCKOUT_MS));
  // Revoking needs the stored token, and removing the agent its record, so both go before the salon's items;
  // the mirrors' push channels are stopped with the grant before it is revoked.
  const calendarMirrors = deps.calendarMirrors;
  if (calendarMirrors) {
    await closeMirrors({ ...deps, calendarMirrors }, salonId).catch((error: unknown) =>
      logger.warn('calendar channels not stopped with the account', { salonId, name: (error as Error)?.name }),
    );
  }
  await revokeCalendarAccess(deps, salonId);
  await removeAgent(deps, salonId).catch((error: unknown) =>
    // The account still goes (a provider outage must not keep it); the error log names the agent left for support to remove.
    logger.error('voice agent not removed with the account', { salonId, detail: (error as Error)?.message }),
  );
  // Billing's ids live on the salon's items: read them before those go.
  await endBilling(deps, salonId);
  const [salon, setup] = await Promise.all([deps.salons.get(salonId, true), deps.setup.load(salonId)]);
  // The number leaves the salon for its 30 days of saying whose it was (never a bare "not connected" to a line still forwarded to it).
  if (salon) await releaseSalonNumber(deps, salon, setup);
  const salonName = salon?.name ?? null;
  const itemsDeleted = await deps.salons.deleteAll(salonId);
  await deps.events.publish('salon.deleted', { salonId, ownerId: owner.userId, deletedAt: deps.now().toISOString() });
  await confirmDeletion(deps, user.email, salonName, salonId);
  // Ends every session (refresh tokens included) before the login itself goes.
  await deps.identity.signOutEverywhere(owner.username);
  await deps.identity.deleteUser(owner.username);
  return { salonId, itemsDeleted };
}

/**
 * Where account notices are kept by the email sandbox: under no salon, so the salon's deletion
 * does not take its own confirmation with it (SES keeps nothing of ours).
 */
export const ACCOUNT_NOTICES = 'account-notices';

/** The owner's confirmation, sent once the salon's data is gone; a failure is logged and never keeps the account. */
async function confirmDeletion(deps: AccountDeps, to: string, salonName: string | null, salonId: string): Promise<void> {
  if (!deps.email) return;
  await deps.email
    .send({ salonId: ACCOUNT_NOTICES, to, ...accountDeletedEmail(salonName), fromName: 'SalonDesk' })
    .catch((error: unknown) => logger.error('account deletion not confirmed by email', { salonId, name: (error as Error)?.name }));
}
