import type { SandboxPageQuery } from '../../functions/contracts/billing.js';
import { checkoutNote } from '../../functions/core/billing/checkout-note.js';
import { escapeHtml } from '../../functions/core/escape-html.js';
import { formatEuro } from '../../functions/core/money.js';
import { findPlan, isPlanId, PLAN_IDS } from '../../functions/core/plans.js';
import type { ApiResult } from '../../functions/http/handler.js';
import { sandboxPlanForPrice } from '../sandboxes/sandbox-stripe-objects.js';
import type { SandboxInvoice } from '../sandboxes/sandbox-stripe-invoices.js';
import { vatIncludedCents, vatLineLabel } from '../../functions/core/billing/vat.js';
import { finish, isOwnBillingPage } from './stripe-sandbox-delivery.js';
import { day, form, gone, notAnAction, notOurs, page, redirect } from './stripe-sandbox-html.js';
import { localSandboxes } from '../sandboxes/stand-ins.js';

/** The sandbox's Stripe Checkout for a subscription, and its customer portal. */
export async function checkoutPage(query: SandboxPageQuery, action: string | null): Promise<ApiResult> {
  const title = 'Stripe Checkout';
  const sandbox = localSandboxes().payments;
  const session = await sandbox.checkoutSession(query.salon, query.id);
  if (!session) return gone(title);
  const planId = sandboxPlanForPrice(session.priceId);
  if (!planId) return page(400, title, '<p>This checkout names a price the sandbox does not have.</p>');
  const plan = findPlan(planId);
  if (action === 'pay') return finish(await sandbox.completeCheckout(query.salon, query.id), title);
  if (action === 'cancel') return isOwnBillingPage(session.cancelUrl) ? redirect(session.cancelUrl) : notOurs(title);
  if (action !== null) return notAnAction(title);
  const firstCharge = session.trialEnd ? new Date(session.trialEnd * 1000) : null;
  return page(
    200,
    title,
    `<div class="summary"><h2>Subscribe to SalonDesk ${escapeHtml(plan.name)}</h2>
<p><strong>${escapeHtml(formatEuro(plan.priceCents))} per month</strong>, ${plan.minutesIncluded} call minutes included, extra minutes €0.15 each.</p>
<p>${escapeHtml(checkoutNote(firstCharge))} Cancel anytime. Billed to ${escapeHtml(session.email)}.</p></div>
${form('pay', firstCharge ? 'Start plan' : `Pay ${formatEuro(plan.priceCents)}`)}${form('cancel', 'Cancel', 'secondary')}`,
  );
}

/** The portal's invoice history, as Stripe's invoices read: the total, the VAT within it, the customer's VAT number. */
function invoiceHistory(invoices: SandboxInvoice[]): string {
  if (!invoices.length) return '';
  const rows = invoices
    .map((invoice) => {
      const plan = sandboxPlanForPrice(invoice.priceId);
      const vat = vatIncludedCents(invoice.total);
      return `<li>${day(invoice.created)}: SalonDesk ${escapeHtml(plan ? findPlan(plan).name : 'plan')}, <strong>${escapeHtml(formatEuro(invoice.total))}</strong>; ${escapeHtml(vatLineLabel)} ${escapeHtml(formatEuro(vat))}${invoice.vatNumber ? `; your VAT number ${escapeHtml(invoice.vatNumber)}` : ''}</li>`;
    })
    .join('');
  return `<h2>Invoices</h2><ul class="invoices">${rows}</ul>`;
}

export async function portalPage(query: SandboxPageQuery, action: string | null): Promise<ApiResult> {
  const title = 'Stripe customer portal';
  const sandbox = localSandboxes().payments;
  const session = await sandbox.portalSession(query.salon, query.id);
  const subscription = session ? await sandbox.portalSubscription(query.salon, query.id) : null;
  if (!session || !subscription) return gone(title);
  if (action?.startsWith('switch:')) {
    const planId = action.slice('switch:'.length);
    if (!isPlanId(planId)) return page(400, title, '<p>There is no such plan.</p>');
    return finish(await sandbox.changePlan(query.salon, query.id, planId), title);
  }
  if (action === 'cancel' || action === 'resume') return finish(await sandbox.setCancelAtPeriodEnd(query.salon, query.id, action === 'cancel'), title);
  if (action === 'end-now') return finish(await sandbox.endNow(query.salon, query.id), title);
  if (action !== null) return notAnAction(title);
  const invoices = invoiceHistory(await sandbox.invoices(query.salon, session.customerId));
  const back = isOwnBillingPage(session.returnUrl) ? `<p><a class="button" href="${escapeHtml(session.returnUrl)}">Return to SalonDesk</a></p>` : '';
  const current = sandboxPlanForPrice(subscription.priceId);
  // As Stripe's portal: in a trial a plan change is free (`continue_trial`), so it speaks of no proration.
  const trialing = subscription.status === 'trialing';
  if (subscription.status === 'canceled') {
    return page(200, title, `<div class="summary"><p>Your subscription has ended.</p></div>${invoices}${back}`);
  }
  const switches = PLAN_IDS.filter((plan) => plan !== current)
    .map((plan) => form(`switch:${plan}`, `Switch to ${findPlan(plan).name} (${formatEuro(findPlan(plan).priceCents)}/month)`, 'secondary'))
    .join('');
  return page(
    200,
    title,
    `<div class="summary"><h2>Your plan: ${escapeHtml(current ? findPlan(current).name : 'Unknown')}</h2>
<p>${subscription.cancelAtPeriodEnd ? `Cancelled: your receptionist keeps answering until ${day(subscription.periodEnd)}, then stops.` : trialing ? `Free trial until ${day(subscription.periodEnd)}: nothing is charged until then; then monthly.` : `Renews on ${day(subscription.periodEnd)}.`}</p></div>
<h2>Change plan</h2><p>${trialing ? 'A change takes effect immediately; nothing is charged during the free trial.' : 'A change takes effect immediately; the difference for the rest of this period is invoiced at once, VAT included.'}</p>${switches}
<h2>Cancel</h2>${subscription.cancelAtPeriodEnd ? form('resume', 'Keep my plan') : form('cancel', 'Cancel at the end of the period', 'danger')}
${invoices}
<h2>Sandbox only</h2><p>Stripe ends a cancelled subscription when its period ends; to see that now:</p>${form('end-now', 'End the subscription now', 'danger')}
${back}`,
  );
}
