import { useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  BILLING_MESSAGES,
  PAYMENT_ACCOUNT_MESSAGES,
  type PaymentAccountAnswer,
  type PaymentAccountStatus,
  type SubscriptionStatusAnswer,
} from '@functions/contracts/billing';
import type { UsageView } from '@functions/contracts/calls';
import { formatEuro } from '@functions/core/money';
import { FREE_TEST_MINUTES, PLANS, type Plan } from '@functions/core/plans';
import { ApiError } from '../../lib/api-client';
import { currentOwner } from '../auth/session';
import { UsageMeter } from '../dashboard/usage-meter';
import { connectPaymentAccount, loadPaymentAccount, loadSalon, loadSubscription, loadUsage, openPortal, startCheckout } from './api';
import './billing.css';

const longDate = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' });

type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: string };

interface SubscriptionView {
  salonId: string;
  userId: string;
  email: string;
  answer: SubscriptionStatusAnswer;
}

/** After Checkout, Stripe's webhook may land a moment after the browser comes back: look again a few times. */
const CHECKOUT_RECHECKS = 10;
const RECHECK_EVERY_MS = 1000;

function useSubscription(checkoutReturned: boolean) {
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

function useUsage() {
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

function SubscriptionError({ message }: { message: string }) {
  const titleId = useId();
  return (
    <div className="alert alert-error billing-error" role="alert" aria-labelledby={titleId}>
      <h4 id={titleId}>{BILLING_MESSAGES.subscriptionError}</h4>
      <p>{message}</p>
    </div>
  );
}

function PlanCard({
  plan,
  current,
  subscribed,
  busy,
  onChoose,
  onManage,
}: {
  plan: Plan;
  current: boolean;
  subscribed: boolean;
  busy: string | null;
  onChoose: (plan: Plan) => void;
  onManage: () => void;
}) {
  const nameId = useId();
  const working = busy === plan.id;
  return (
    <li className={`card billing-plan${current ? ' billing-plan-current' : ''}`} aria-labelledby={nameId} data-plan={plan.id}>
      {current && <p className="billing-current-badge">Current Plan</p>}
      {plan.popular && !current && <p className="billing-popular-badge">Most Popular</p>}
      <h4 id={nameId}>{plan.name}</h4>
      <p className="billing-plan-price">
        {formatEuro(plan.priceCents)}
        <span className="visually-hidden"> per month</span>
        <span aria-hidden="true">/month</span>
      </p>
      <p>{plan.minutesIncluded} call minutes included each month</p>
      <ul>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {current ? (
        <button type="button" className="button button-secondary" onClick={onManage} disabled={busy !== null} aria-describedby={nameId}>
          {busy === 'portal' ? 'Opening…' : 'Manage subscription'}
        </button>
      ) : subscribed ? (
        <button type="button" className="button button-secondary" onClick={onManage} disabled={busy !== null} aria-describedby={nameId}>
          Change plan
        </button>
      ) : (
        <button
          type="button"
          className={plan.popular ? 'button button-primary' : 'button button-secondary'}
          onClick={() => onChoose(plan)}
          disabled={busy !== null}
          aria-busy={working}
          aria-describedby={nameId}
        >
          {working ? 'Starting checkout…' : 'Choose plan'}
        </button>
      )}
    </li>
  );
}

function Subscription({ view, usage }: { view: SubscriptionView; usage: UsageView | null }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { answer } = view;
  const subscribed = answer.plan !== 'free' && answer.subscription !== null;
  const trialEnd = new Date(answer.trial_end);
  const trialOver = trialEnd.getTime() <= Date.now();

  async function choose(plan: Plan) {
    setError(null);
    const priceId = answer.prices?.[plan.id];
    if (!priceId) return setError(BILLING_MESSAGES.invalidPlan);
    setBusy(plan.id);
    try {
      const { url } = await startCheckout({ priceId, salonId: view.salonId, userId: view.userId, email: view.email });
      if (!url) {
        setBusy(null);
        return setError(BILLING_MESSAGES.noCheckoutUrl);
      }
      window.location.assign(url);
    } catch (failure) {
      console.error('Starting checkout failed', failure);
      setBusy(null);
      setError(failure instanceof ApiError && failure.status !== 401 ? failure.message : BILLING_MESSAGES.subscribeFailed);
    }
  }

  async function manage() {
    setError(null);
    setBusy('portal');
    try {
      const { url } = await openPortal();
      if (!url) throw new Error('no portal url');
      window.location.assign(url);
    } catch (failure) {
      console.error('Opening the portal failed', failure);
      setBusy(null);
      setError(failure instanceof ApiError ? failure.message : BILLING_MESSAGES.portalFailed);
    }
  }

  return (
    <>
      {answer.plan === 'free' ? (
        <div className="card billing-free" data-testid="free-plan">
          <p>
            <strong>{trialOver ? 'Your free trial has ended' : 'You are on the free trial'}</strong>
            {trialOver ? `: it ended on ${longDate.format(trialEnd)}. Choose a plan to keep your receptionist answering.` : `, until ${longDate.format(trialEnd)}.`}
          </p>
          <p>It includes {FREE_TEST_MINUTES} free test minutes to call your receptionist and hear it for yourself.</p>
        </div>
      ) : (
        <p data-testid="current-plan">
          Your plan: <strong>{answer.plan}</strong>
          {answer.subscription?.cancelAtPeriodEnd
            ? `, cancelled: your receptionist keeps answering until ${longDate.format(new Date(answer.subscription.currentPeriodEnd))}.`
            : answer.subscription
              ? `, renews on ${longDate.format(new Date(answer.subscription.currentPeriodEnd))}.`
              : '.'}
          {answer.subscription?.status === 'past_due' && ' Your last payment did not go through: update your card in Manage subscription.'}
        </p>
      )}
      {usage && <UsageMeter usage={usage} />}
      {error && <SubscriptionError message={error} />}
      <ul className="billing-plans" aria-label="Subscription plans">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={subscribed && answer.subscription?.planId === plan.id}
            subscribed={subscribed}
            busy={busy}
            onChoose={(chosen) => void choose(chosen)}
            onManage={() => void manage()}
          />
        ))}
      </ul>
      <p className="section-lead">Charged immediately in euro, renews monthly, cancel anytime. Plan changes take effect immediately; after cancelling, your receptionist works until the end of the period.</p>
    </>
  );
}

const STATUS_CLASS: Record<PaymentAccountStatus, string> = {
  'Not connected': 'payment-status-none',
  'Pending verification': 'payment-status-pending',
  'Action required': 'payment-status-action',
  Active: 'payment-status-active',
};

function PaymentProcessing() {
  const [state, setState] = useState<Loaded<PaymentAccountAnswer>>({ status: 'loading' });
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadPaymentAccount()
      .then((value) => !cancelled && setState({ status: 'ready', value }))
      .catch((failure: unknown) => {
        if (cancelled) return;
        console.error('Loading the payment account failed', failure);
        setState({ status: 'error', error: failure instanceof ApiError ? PAYMENT_ACCOUNT_MESSAGES.loadFailed : PAYMENT_ACCOUNT_MESSAGES.loadUnavailable });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  async function connect() {
    setError(null);
    setConnecting(true);
    try {
      const { url, mode } = await connectPaymentAccount();
      if (!url) {
        setError(PAYMENT_ACCOUNT_MESSAGES.noRedirect);
      } else if (mode === 'dashboard') {
        window.open(url, '_blank', 'noopener');
      } else {
        window.location.assign(url);
        return;
      }
    } catch (failure) {
      console.error('Connecting the payment account failed', failure);
      setError(PAYMENT_ACCOUNT_MESSAGES.connectFailed);
    }
    setConnecting(false);
  }

  if (state.status === 'loading') return <p aria-live="polite">Loading your payment account…</p>;
  if (state.status === 'error') {
    return (
      <p className="alert alert-error" role="alert">
        {state.error}
      </p>
    );
  }
  const { status } = state.value.account;
  return (
    <div className="card payment-account">
      <p>
        Status:{' '}
        <span className={`payment-status ${STATUS_CLASS[status]}`} data-testid="payment-status">
          {status}
        </span>
      </p>
      <p className="section-lead">Connect a card-payment account so your receptionist can take booking deposits. Stripe handles the cards and pays out to your bank.</p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-primary" onClick={() => void connect()} disabled={connecting} aria-busy={connecting}>
        {connecting ? 'Connecting…' : status === 'Active' ? 'Open Stripe dashboard' : status === 'Not connected' ? 'Connect with Stripe' : 'Continue Stripe setup'}
      </button>
    </div>
  );
}

/** Settings → Billing: the subscription plans with the minutes used, and the payment account for booking deposits. */
export function BillingSection() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const subscription = useSubscription(checkout === 'success');
  const usage = useUsage();
  const sandbox = subscription.status === 'ready' && subscription.value.answer.sandbox;
  return (
    <div className="billing-section">
      {sandbox && (
        <p className="alert" role="note">
          <span className="sandbox-badge">Sandbox</span> No Stripe keys are configured: checkout, the customer portal and onboarding are local sandbox pages, and no card is charged.
        </p>
      )}
      {checkout === 'success' && (
        <p className="alert alert-success" role="status">
          Thank you: your payment went through.
        </p>
      )}
      {checkout === 'cancelled' && (
        <p className="alert" role="status">
          Checkout was cancelled: nothing was charged.
        </p>
      )}
      <section aria-labelledby="subscription-heading">
        <h3 id="subscription-heading" className="billing-heading">
          Subscription plans
        </h3>
        {subscription.status === 'loading' && <p aria-live="polite">Loading your plan…</p>}
        {subscription.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {subscription.error}
          </p>
        )}
        {subscription.status === 'ready' && <Subscription view={subscription.value} usage={usage} />}
      </section>
      <section aria-labelledby="payments-heading">
        <h3 id="payments-heading" className="billing-heading">
          Payment processing
        </h3>
        <PaymentProcessing />
      </section>
    </div>
  );
}
