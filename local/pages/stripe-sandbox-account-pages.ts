import type { SandboxPageQuery } from '../../functions/contracts/billing.js';
import { paymentAccountStatus } from '../../functions/core/billing/account-status.js';
import { escapeHtml } from '../../functions/core/escape-html.js';
import type { ApiResult } from '../../functions/http/handler.js';
import { finish } from './stripe-sandbox-delivery.js';
import { form, gone, notAnAction, page } from './stripe-sandbox-html.js';
import { localSandboxes } from '../sandboxes/stand-ins.js';

/** The sandbox's Stripe Connect onboarding for the salon's payment account, and its Express dashboard. */
export async function connectPage(query: SandboxPageQuery, action: string | null): Promise<ApiResult> {
  const title = 'Stripe Connect onboarding';
  const sandbox = localSandboxes().payments;
  const link = await sandbox.accountLink(query.salon, query.id);
  if (!link || link.kind !== 'onboarding') return gone(title);
  if (action === 'complete' || action === 'pending' || action === 'leave') return finish(await sandbox.finishOnboarding(query.salon, query.id, action), title);
  if (action !== null) return notAnAction(title);
  return page(
    200,
    title,
    `<div class="summary"><h2>Set up payments for your salon</h2>
<p>Stripe would now ask for your business details, your identity and the bank account payouts go to. Choose how this sandbox onboarding ends:</p></div>
${form('complete', 'Complete onboarding')}${form('pending', 'Submit: verification pending', 'secondary')}${form('leave', 'Leave with details still due', 'secondary')}`,
  );
}

export async function dashboardPage(query: SandboxPageQuery, action: string | null): Promise<ApiResult> {
  const title = 'Stripe Express dashboard';
  if (action !== null) return page(400, title, '<p>There is nothing to do here.</p>');
  const sandbox = localSandboxes().payments;
  const link = await sandbox.accountLink(query.salon, query.id);
  const account = link?.kind === 'dashboard' ? await sandbox.account(query.salon, link.accountId) : null;
  if (!account) return gone(title);
  return page(
    200,
    title,
    `<div class="summary"><h2>Your payment account</h2><p>Status: <strong>${escapeHtml(paymentAccountStatus(account))}</strong></p><p>Card payments: ${account.chargesEnabled ? 'enabled' : 'not yet enabled'}.</p></div><p>You can close this tab.</p>`,
  );
}
