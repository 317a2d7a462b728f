import type { PaymentAccountStatus } from '../../contracts/billing.js';
import type { ConnectAccount } from '../ports/payments.js';

/** Stripe's reasons that mean "we are checking", not "you must act". */
const UNDER_REVIEW = new Set(['requirements.pending_verification', 'under_review']);

/**
 * The payment account's status as the Billing section shows it, from what Stripe says of the
 * connected account:
 * - no account: Not connected;
 * - anything the owner must still give (details never submitted, requirements currently or
 *   past due, or disabled for a reason other than a review): Action required;
 * - able to take card payments: Active;
 * - otherwise (submitted, nothing due, Stripe still verifying): Pending verification.
 */
export function paymentAccountStatus(account: Omit<ConnectAccount, 'id'> | null): PaymentAccountStatus {
  if (!account) return 'Not connected';
  const mustAct =
    !account.detailsSubmitted ||
    account.currentlyDue.length > 0 ||
    account.pastDue.length > 0 ||
    (account.disabledReason !== null && !UNDER_REVIEW.has(account.disabledReason) && account.pendingVerification.length === 0);
  if (mustAct) return 'Action required';
  if (account.chargesEnabled) return 'Active';
  return 'Pending verification';
}
