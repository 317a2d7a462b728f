import { useQuery } from '@tanstack/react-query';
import { BILLING_MESSAGES, type SubscriptionStatusAnswer } from '@functions/contracts/billing';
import { ApiError } from '../../lib/api-client';
import { loaded } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { currentOwner } from '../auth';
import { loadSalon, loadSubscription } from './api';

/** Billing's read: the salon's subscription, trial and minutes (looked at again while a checkout's webhook lands). */
export interface SubscriptionView {
  salonId: string;
  userId: string;
  email: string;
  answer: SubscriptionStatusAnswer;
}

/** After Checkout, Stripe's webhook may land a moment after the browser comes back: look again a few times. */
const CHECKOUT_RECHECKS = 10;
const RECHECK_EVERY_MS = 1000;

async function loadSubscriptionView(): Promise<SubscriptionView> {
  const [salon, owner] = await Promise.all([loadSalon(), currentOwner()]);
  const answer = await loadSubscription(salon.id);
  return { salonId: salon.id, userId: owner?.userId ?? salon.owner_id, email: owner?.email ?? '', answer };
}

export function useSubscription(checkoutReturned: boolean) {
  const query = useQuery({
    queryKey: queryKeys.subscription,
    queryFn: loadSubscriptionView,
    refetchInterval: ({ state }) =>
      checkoutReturned && state.data?.answer.plan === 'free' && state.dataUpdateCount <= CHECKOUT_RECHECKS ? RECHECK_EVERY_MS : false,
  });
  return loaded(query, (error) => (error instanceof ApiError ? error.message : BILLING_MESSAGES.statusLoadFailed));
}
