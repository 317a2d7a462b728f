import { useSearchParams } from 'react-router';
import { PaymentProcessing } from './payment-processing';
import { Subscription } from './subscription-plans';
import { Invoices } from './invoices';
import { useSubscription } from './use-subscription';
import { VatNumber } from './vat-number';
import './billing.css';

/** Settings → Billing: the subscription plans with the minutes used, and the payment account for booking deposits. */
export function BillingSection() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const subscription = useSubscription(checkout === 'success');
  const sandbox = subscription.status === 'ready' && subscription.value.answer.sandbox;
  return (
    <div className="billing-section">
      {sandbox && (
        <p className="alert" role="note">
          <span className="sandbox-badge">Sandbox</span> No Stripe keys are configured: checkout, the customer portal and onboarding are local sandbox pages,
          and no card is charged.
        </p>
      )}
      {checkout === 'success' && (
        <p className="alert alert-success" role="status">
          {params.get('charged') === 'after-trial'
            ? 'Thank you: your plan is chosen. Nothing is charged during your free trial.'
            : 'Thank you: your payment went through.'}
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
        {subscription.status === 'ready' && <Subscription view={subscription.value} />}
        {subscription.status === 'ready' && <VatNumber saved={subscription.value.answer.vatNumber} />}
        {subscription.status === 'ready' && <Invoices available={subscription.value.answer.invoices} />}
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
