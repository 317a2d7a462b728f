import { deps } from '../../functions/composition-root.js';
import { sandboxPageQuery } from '../../functions/contracts/billing.js';
import { NotFoundError } from '../../functions/core/errors.js';
import { escapeHtml } from '../../functions/core/escape-html.js';
import { header, publicRoute, rawBody, type ApiEvent } from '../../functions/http/handler.js';
import { connectPage, dashboardPage } from './stripe-sandbox-account-pages.js';
import { depositPage } from './stripe-sandbox-deposit-page.js';
import { page } from './stripe-sandbox-html.js';
import { checkoutPage, portalPage } from './stripe-sandbox-subscription-pages.js';
import { localRoutes } from '../routes.js';

/**
 * Sandbox: the local stand-ins for Stripe Checkout (subscriptions, and booking deposits paid over
 * to the salon's connected account), the customer portal, Connect onboarding and the Express
 * dashboard, served only while the payments sandbox is active (404 once Stripe keys are
 * configured). No script runs on them. Completing one changes the sandbox's objects, then
 * delivers the webhook events Stripe would send, signed as Stripe signs them with the sandbox's
 * own secret, to the same webhook handler (which checks the signature), and sends the browser
 * back to the Billing section: only ever to this site's own /settings page
 * (stripe-sandbox-delivery.ts). Each page is a GET that shows it and a form POST per button.
 */
const pages = { checkout: checkoutPage, portal: portalPage, connect: connectPage, deposit: depositPage, dashboard: dashboardPage };

function formAction(event: ApiEvent): string | null {
  const type = (header(event, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  return new URLSearchParams(rawBody(event)).get('action');
}

export const handler = publicRoute(
  {
    routeId: 'stripe-sandbox',
    table: localRoutes,
    query: sandboxPageQuery,
    errorBody: (refusal) => {
      const { error } = JSON.parse(String(refusal.body)) as { error: string };
      return page(refusal.statusCode ?? 400, 'Stripe', `<p>${escapeHtml(error)}</p>`);
    },
  },
  async ({ event, query }) => {
    if ((await deps().payments.provider()) !== 'sandbox') throw new NotFoundError();
    const method = event.requestContext.http.method;
    const action = method === 'POST' ? formAction(event) : null;
    if (method === 'POST' && action === null) return page(400, 'Stripe', '<p>Use the buttons on the page.</p>');
    return pages[query.page](query, action);
  },
);
