import { SIGN_UP_PATH } from './nav-links';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatEuro } from '@functions/core/money';
import type { Plan } from '@functions/core/plans';
import { CheckIcon } from './icons';

export function PlanCard({ plan }: { plan: Plan }) {
  const nameId = useId();
  return (
    <li className={plan.popular ? 'card plan-card plan-card-popular' : 'card plan-card'}>
      {plan.popular && <p className="plan-badge">Most Popular</p>}
      <h3 id={nameId}>{plan.name}</h3>
      <p className="plan-summary">{plan.summary}</p>
      <p className="plan-price">
        <span className="plan-amount">{formatEuro(plan.priceCents)}</span>
        <span aria-hidden="true">/month</span>
        <span className="visually-hidden"> per month</span>
      </p>
      <p className="plan-minutes">{plan.minutesIncluded} call minutes included each month</p>
      <ul className="plan-features" role="list">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon />
            {feature}
          </li>
        ))}
      </ul>
      <Link to={SIGN_UP_PATH} className={plan.popular ? 'button button-primary plan-button' : 'button button-secondary plan-button'} aria-describedby={nameId}>
        Start Free Trial
      </Link>
    </li>
  );
}
