import { useMutation } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@functions/contracts/billing';
import { ApiError } from '../../lib/api-client';
import { openPortal } from './api';

/**
 * Where the invoices are (issue 46 #3): Stripe's customer portal lists every invoice, each with
 * its VAT and the salon's VAT number, so Billing names it here rather than only behind Manage
 * subscription. Before checkout there is no customer and nothing has been invoiced.
 */
export function Invoices({ available }: { available: boolean }) {
  const open = useMutation({
    mutationFn: async () => {
      const { url } = await openPortal();
      if (!url) throw new Error('no portal url');
      return url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (failure) => console.error('Opening the invoices failed', failure),
  });
  // Busy until the browser has gone to Stripe.
  const opening = open.isPending || open.isSuccess;
  const error = open.error && (open.error instanceof ApiError ? open.error.message : BILLING_MESSAGES.portalFailed);

  return (
    <section className="card billing-invoices" aria-labelledby="invoices-heading">
      <h4 id="invoices-heading">Invoices</h4>
      {available ? (
        <>
          <p>Your invoices, each with its VAT and your VAT number, are kept by Stripe, our payment provider.</p>
          <button type="button" className="button button-secondary" onClick={() => open.mutate()} disabled={opening} aria-busy={opening}>
            {opening ? 'Opening…' : 'View invoices'}
          </button>
        </>
      ) : (
        <p>No invoices yet: you have not been charged anything.</p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
