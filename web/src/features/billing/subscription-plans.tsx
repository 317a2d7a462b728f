import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@functions/contracts/billing';
import { formatEuro } from '@functions/core/money';
import { PLANS, TRIAL_OFFER, VAT_NOTE, type Plan } from '@functions/core/plans';
import { ApiError } from '../../lib/api-client';
import { UsageMeter } from '../dashboard';
import { openPortal, startCheckout } from './api';
import type { SubscriptionView } from './use-subscription';

const longDate = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' });

function SubscriptionError({ message }: { message: string }) {
  const titleId = useId();
  return (
    <div className="alert alert-error billing-error" role="alert" aria-labelledby={titleId}>
      <h4 id={titleId}>{BILLING_MESSAGES.subscriptionError}</h4>
      <p>{message}</p>
    </div>
  );
}

/** What moving to `plan` is from the plan held: an upgrade or a downgrade, by price. */
function changeLabel(plan: Plan, currentPlanId: string | null): string {
  const current = PLANS.find((candidate) => candidate.id === currentPlanId);
  if (!current) return `Change to ${plan.name}`;
  return plan.priceCents > current.priceCents ? `Upgrade to ${plan.name}` : `Downgrade to ${plan.name}`;
}

interface PlanCardProps {
  plan: Plan;
  current: boolean;
  /** The plan the salon holds, when it holds one: other cards offer an upgrade or a downgrade. */
  heldPlanId: string | null;
  busy: string | null;
  onChoose: (plan: Plan) => void;
  onManage: () => void;
}

/** One plan, as the pricing page shows it (summary, price, minutes, features), with what the owner can do with it. */
function PlanCard({ plan, current, heldPlanId, busy, onChoose, onManage }: PlanCardProps) {
  const nameId = useId();
  const working = busy === plan.id;
  return (
    <li className={`card billing-plan${current ? ' billing-plan-current' : ''}`} aria-labelledby={nameId} data-plan={plan.id}>
      {current && <p className="billing-current-badge">Current Plan</p>}
      {plan.popular && !current && <p className="billing-popular-badge">Most Popular</p>}
      <h4 id={nameId}>{plan.name}</h4>
      <p className="billing-plan-summary">{plan.summary}</p>
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
      ) : heldPlanId ? (
        <button type="button" className="button button-secondary" onClick={onManage} disabled={busy !== null} aria-describedby={nameId}>
          {changeLabel(plan, heldPlanId)}
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

/** The line under the plans: when a chosen plan is paid for, and what a change or a cancellation does. */
function PlansNote({ subscribed, inTrial, trialEnd, startNow }: { subscribed: boolean; inTrial: boolean; trialEnd: Date; startNow: boolean }) {
  const when =
    subscribed && inTrial
      ? `A change of plan takes effect immediately, and nothing is charged until your free trial ends on ${longDate.format(trialEnd)}; then the plan you hold, monthly.`
      : subscribed
        ? 'An upgrade or downgrade takes effect immediately, and the price is adjusted for the rest of the month.'
        : inTrial && !startNow
          ? `Nothing is charged until your free trial ends on ${longDate.format(trialEnd)}; then monthly.`
          : 'Charged today, then monthly.';
  return (
    <p className="section-lead" data-testid="plans-note">
      {when} {VAT_NOTE} Cancel anytime: your receptionist works until the end of the period you paid for.
    </p>
  );
}

export function Subscription({ view }: { view: SubscriptionView }) {
  const [error, setError] = useState<string | null>(null);
  const [startNow, setStartNow] = useState(false);
  const { answer } = view;
  const subscribed = answer.plan !== 'free' && answer.subscription !== null;
  const { billing } = answer;
  const trialEnd = new Date(billing.trialEndsAt);
  const inTrial = billing.phase === 'trial';
  const startNowId = useId();

  const checkout = useMutation({
    mutationFn: ({ priceId }: { plan: Plan['id']; priceId: string }) =>
      startCheckout({ priceId, salonId: view.salonId, userId: view.userId, email: view.email, ...(inTrial && startNow ? { startNow: true } : {}) }),
    onSuccess: ({ url }) => (url ? window.location.assign(url) : setError(BILLING_MESSAGES.noCheckoutUrl)),
    onError: (failure) => {
      console.error('Starting checkout failed', failure);
      setError(failure instanceof ApiError && failure.status !== 401 ? failure.message : BILLING_MESSAGES.subscribeFailed);
    },
  });
  const portal = useMutation({
    mutationFn: async () => {
      const { url } = await openPortal();
      if (!url) throw new Error('no portal url');
      return url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (failure) => {
      console.error('Opening the portal failed', failure);
      setError(failure instanceof ApiError ? failure.message : BILLING_MESSAGES.portalFailed);
    },
  });
  // The button pressed stays busy until the browser has gone to Stripe.
  const busy =
    portal.isPending || portal.isSuccess
      ? 'portal'
      : checkout.isPending || (checkout.isSuccess && checkout.data.url)
        ? (checkout.variables?.plan ?? null)
        : null;

  function choose(plan: Plan) {
    setError(null);
    const priceId = answer.prices?.[plan.id];
    if (!priceId) return setError(BILLING_MESSAGES.invalidPlan);
    checkout.mutate({ plan: plan.id, priceId });
  }

  function manage() {
    setError(null);
    portal.mutate();
  }

  return (
    <>
      <div className="card billing-status" data-testid={subscribed ? 'current-plan' : 'free-plan'}>
        <UsageMeter usage={billing} />
        {billing.phase === 'trial' && !billing.plan && <p>The {TRIAL_OFFER}.</p>}
      </div>
      {error && <SubscriptionError message={error} />}
      <ul className="billing-plans" aria-label="Subscription plans">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={subscribed && answer.subscription?.planId === plan.id}
            heldPlanId={subscribed ? (answer.subscription?.planId ?? null) : null}
            busy={busy}
            onChoose={choose}
            onManage={manage}
          />
        ))}
      </ul>
      {!subscribed && inTrial && (
        <label className="checkbox billing-start-now" htmlFor={startNowId}>
          <input id={startNowId} type="checkbox" checked={startNow} onChange={(event) => setStartNow(event.target.checked)} />
          <span>Start my plan today instead of when the trial ends (charged today)</span>
        </label>
      )}
      <PlansNote subscribed={subscribed} inTrial={inTrial} trialEnd={trialEnd} startNow={startNow} />
    </>
  );
}
