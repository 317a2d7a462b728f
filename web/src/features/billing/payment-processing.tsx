import { useMutation, useQuery } from '@tanstack/react-query';
import { PAYMENT_ACCOUNT_MESSAGES, type PaymentAccountStatus } from '@functions/contracts/billing';
import { ApiError } from '../../lib/api-client';
import { loaded } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { connectPaymentAccount, loadPaymentAccount } from './api';

const STATUS_CLASS: Record<PaymentAccountStatus, string> = {
  'Not connected': 'payment-status-none',
  'Pending verification': 'payment-status-pending',
  'Action required': 'payment-status-action',
  Active: 'payment-status-active',
};

/** The card-payment account for booking deposits: its status and the way to connect or finish it. */
export function PaymentProcessing() {
  const state = loaded(useQuery({ queryKey: queryKeys.paymentAccount, queryFn: loadPaymentAccount }), (failure) =>
    failure instanceof ApiError ? PAYMENT_ACCOUNT_MESSAGES.loadFailed : PAYMENT_ACCOUNT_MESSAGES.loadUnavailable,
  );
  const connect = useMutation({
    mutationFn: connectPaymentAccount,
    onSuccess: ({ url, mode }) => {
      if (url && mode === 'dashboard') window.open(url, '_blank', 'noopener');
      else if (url) window.location.assign(url);
    },
    onError: (failure) => console.error('Connecting the payment account failed', failure),
  });
  // Stripe's onboarding replaces this page: busy until it has; its dashboard opens beside it.
  const connecting = connect.isPending || (connect.isSuccess && Boolean(connect.data.url) && connect.data.mode !== 'dashboard');
  const error = connect.isError ? PAYMENT_ACCOUNT_MESSAGES.connectFailed : connect.isSuccess && !connect.data.url ? PAYMENT_ACCOUNT_MESSAGES.noRedirect : null;

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
      <p className="section-lead">
        Connect a card-payment account so your receptionist can take booking deposits. Stripe handles the cards and pays out to your bank.
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-primary" onClick={() => connect.mutate()} disabled={connecting} aria-busy={connecting}>
        {connecting
          ? 'Connecting…'
          : status === 'Active'
            ? 'Open Stripe dashboard'
            : status === 'Not connected'
              ? 'Connect with Stripe'
              : 'Continue Stripe setup'}
      </button>
    </div>
  );
}
