import { useCallback, useEffect, useState } from 'react';
import { BILLING_MESSAGES, type SubscriptionStatusAnswer } from '@functions/contracts/billing';
import type { UsageView } from '@functions/contracts/calls';
import { ApiError } from '../../lib/api-client';
import { currentOwner } from '../auth';
import { loadSalon, loadSubscription, loadUsage } from './api';

/** Billing's reads: the salon's subscription (looked at again while a checkout's webhook lands) and the minutes used. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: string };

export interface SubscriptionView {
  salonId: string;
  userId: string;
  email: string;
  answer: SubscriptionStatusAnswer;
}

/** After Checkout, Stripe's webhook may land a moment after the browser comes back: look again a few times. */
const CHECKOUT_RECHECKS = 10;
const RECHECK_EVERY_MS = 1000;

export function useSubscription(checkoutReturned: boolean) {
  const [state, setState] = useState<Loaded<SubscriptionView>>({ status: 'loading' });
  const load = useCallback(async (isCancelled: () => boolean) => {
    try {
      const [salon, owner] = await Promise.all([loadSalon(), currentOwner()]);
      for (let attempt = 0; ; attempt += 1) {
        const answer = await loadSubscription(salon.id);
        if (isCancelled()) return;
        setState({ status: 'ready', value: { salonId: salon.id, userId: owner?.userId ?? salon.owner_id, email: owner?.email ?? '', answer } });
        if (!checkoutReturned || answer.plan !== 'free' || attempt >= CHECKOUT_RECHECKS) return;
        await new Promise((resolve) => setTimeout(resolve, RECHECK_EVERY_MS));
        if (isCancelled()) return;
      }
    } catch (error) {
      if (isCancelled()) return;
      console.error('Loading the subscription failed', error);
      setState({ status: 'error', error: error instanceof ApiError ? error.message : BILLING_MESSAGES.statusLoadFailed });
    }
  }, [checkoutReturned]);
  useEffect(() => {
    let cancelled = false;
    void load(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [load]);
  return state;
}

export function useUsage() {
  const [usage, setUsage] = useState<UsageView | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadUsage()
      .then((summary) => !cancelled && setUsage(summary.usage))
      .catch((error: unknown) => console.error('Loading the minutes failed', error));
    return () => {
      cancelled = true;
    };
  }, []);
  return usage;
}

