import { deps } from '../composition-root.js';
import type * as z from 'zod';
import { createCheckoutRequest, emptyRequest, stripeQuery, vatNumberRequest } from '../contracts/billing.js';
import { createCheckout, openPortal, paymentAccount, paymentAccountLink, subscriptionStatus } from '../core/billing/billing.js';
import { saveVatNumber } from '../core/billing/vat-number.js';
import { requestSiteUrl } from '../core/calendar-connection.js';
import { findOrCreateOwnerSalon, ownerSalonId } from '../core/salon.js';
import { InvalidInputError } from '../core/errors.js';
import { json, ownerRoute, parseJsonBody, type ApiEvent, type ApiResult } from '../http/handler.js';
import type { Owner } from '../core/owner.js';

/**
 * `/api/stripe`: one Lambda, two jobs. With `?route=`, the salon's subscription:
 * - `GET ?route=status&salon_id=…` → `{plan, trial_end, subscription, prices, vatNumber, sandbox, billing, invoices}`;
 * - `POST ?route=create-checkout {priceId, salonId, userId, email}` → `{url}` of Stripe Checkout;
 * - `POST ?route=portal` → `{url}` of the customer portal;
 * - `POST ?route=vat-number {vatNumber}` → `{vatNumber}`: the salon's VAT number, for its invoices.
 * Without one, the salon's payment account (Stripe Connect, where booking deposits are paid):
 * - `GET` → `{connected, account: {status}, sandbox}`;
 * - `POST` → `{url, mode}`: Connect onboarding, or the account's dashboard once it is active.
 * The bare path stays the payment account's because the web app's Billing section calls it so.
 */
type StripeQuery = z.infer<typeof stripeQuery>;
type StripeRequest = { owner: Owner; event: ApiEvent; query: StripeQuery; salonId: string };

async function subscriptionRoute({ owner, event, query, salonId }: StripeRequest, route: NonNullable<StripeQuery['route']>): Promise<ApiResult> {
  const d = deps();
  const method = event.requestContext.http.method;
  const loadSalon = () => findOrCreateOwnerSalon(d, owner);
  if (route === 'status') {
    if (method !== 'GET') throw new InvalidInputError('Use GET for ?route=status');
    if (!query.salon_id) throw new InvalidInputError('salon_id is required', { salon_id: 'Required' });
    return json(200, await subscriptionStatus(d, salonId, loadSalon, query.salon_id));
  }
  if (method === 'GET') throw new InvalidInputError(`Use POST for ?route=${route}`);
  if (query.salon_id !== undefined) throw new InvalidInputError('Unknown query parameter(s): salon_id');
  const siteUrl = requestSiteUrl(d.config, event.headers?.host);
  if (route === 'create-checkout') return json(200, await createCheckout(d, owner, salonId, loadSalon, parseJsonBody(event, createCheckoutRequest), siteUrl));
  if (route === 'vat-number') return json(200, await saveVatNumber(d, await loadSalon(), parseJsonBody(event, vatNumberRequest).vatNumber));
  parseJsonBody(event, emptyRequest);
  return json(200, await openPortal(d, await loadSalon(), siteUrl));
}

async function paymentAccountRoute({ owner, event, query, salonId }: StripeRequest): Promise<ApiResult> {
  const d = deps();
  if (query.salon_id !== undefined) throw new InvalidInputError('Unknown query parameter(s): salon_id');
  if (event.requestContext.http.method === 'GET') return json(200, await paymentAccount(d, salonId));
  parseJsonBody(event, emptyRequest);
  return json(200, await paymentAccountLink(d, await findOrCreateOwnerSalon(d, owner), requestSiteUrl(d.config, event.headers?.host)));
}

export const handler = ownerRoute({ routeId: 'stripe', query: stripeQuery }, async (owner, { event, query }) => {
  const request = { owner, event, query, salonId: await ownerSalonId(deps(), owner) };
  return query.route ? subscriptionRoute(request, query.route) : paymentAccountRoute(request);
});
