import { deps } from '../composition-root.js';
import { createCheckoutRequest, emptyRequest, stripeQuery } from '../contracts/billing.js';
import { createCheckout, openPortal, paymentAccount, paymentAccountLink, subscriptionStatus } from '../core/billing/billing.js';
import { requestSiteUrl } from '../core/calendar-connection.js';
import { findOrCreateOwnerSalon, ownerSalonId } from '../core/salon.js';
import { InvalidInputError } from '../core/errors.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

/**
 * `/api/stripe`, one Lambda dispatching on `?route=`:
 * - `GET ?route=status&salon_id=…` → `{plan, trial_end, subscription, prices, sandbox}`;
 * - `POST ?route=create-checkout {priceId, salonId, userId, email}` → `{url}` of Stripe Checkout;
 * - `POST ?route=portal` → `{url}` of the customer portal;
 * - `GET` → the payment account `{connected, account: {status}, sandbox}`;
 * - `POST` → `{url, mode}`: Connect onboarding, or the account's dashboard once it is active.
 */
export const handler = ownerRoute({ routeId: 'stripe', query: stripeQuery }, async (owner, { event, query }) => {
  const d = deps();
  const method = event.requestContext.http.method;
  const siteUrl = () => requestSiteUrl(d.config, event.headers?.host);
  const salonId = await ownerSalonId(d, owner);
  const loadSalon = () => findOrCreateOwnerSalon(d, owner);
  if (method === 'GET') {
    if (query.route === 'status') {
      if (!query.salon_id) throw new InvalidInputError('salon_id is required', { salon_id: 'Required' });
      return json(200, await subscriptionStatus(d, salonId, loadSalon, query.salon_id));
    }
    if (query.route) throw new InvalidInputError(`Use POST for ?route=${query.route}`);
    if (query.salon_id !== undefined) throw new InvalidInputError('Unknown query parameter(s): salon_id');
    return json(200, await paymentAccount(d, salonId));
  }
  if (query.route === 'status') throw new InvalidInputError('Use GET for ?route=status');
  if (query.salon_id !== undefined) throw new InvalidInputError('Unknown query parameter(s): salon_id');
  if (query.route === 'create-checkout') {
    const request = parseJsonBody(event, createCheckoutRequest);
    return json(200, await createCheckout(d, owner, salonId, loadSalon, request, siteUrl()));
  }
  parseJsonBody(event, emptyRequest);
  const salon = await findOrCreateOwnerSalon(d, owner);
  if (query.route === 'portal') return json(200, await openPortal(d, salon, siteUrl()));
  return json(200, await paymentAccountLink(d, salon, siteUrl()));
});
