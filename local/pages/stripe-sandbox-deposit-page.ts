import type { SandboxPageQuery } from '../../functions/contracts/billing.js';
import { escapeHtml } from '../../functions/core/escape-html.js';
import { formatEuro } from '../../functions/core/money.js';
import type { ApiResult } from '../../functions/http/handler.js';
import { deliver } from './stripe-sandbox-delivery.js';
import { clockTime, form, notAnAction, page } from './stripe-sandbox-html.js';
import { localSandboxes } from '../sandboxes/stand-ins.js';

/**
 * A booking's deposit checkout, as the caller sees it from the texted link. It never redirects:
 * paying (or expiring) delivers the event and shows where things stand on this page.
 */
export async function depositPage(query: SandboxPageQuery, action: string | null): Promise<ApiResult> {
  const sandbox = localSandboxes().payments;
  const title = 'Stripe Checkout: deposit';
  const session = await sandbox.depositSession(query.salon, query.id);
  if (!session) return page(410, title, '<p>This payment link has expired or the deposit was already paid. Call the salon if you need help.</p>');
  if (action === 'pay' || action === 'expire') {
    const events = await sandbox.finishDeposit(query.salon, query.id, action);
    if (!events) return page(410, title, '<p>This payment link has expired or the deposit was already paid.</p>');
    if (!(await deliver(events))) return page(502, title, '<p>The sandbox could not deliver the event to SalonDesk. Try again in a moment.</p>');
    if (action === 'expire')
      return page(200, title, '<div class="summary"><h2>Session expired</h2><p>The held time is released, as when nobody pays within the time.</p></div>');
    const amount = escapeHtml(formatEuro(session.amountCents));
    // What SalonDesk did with the payment: a booking released before it arrived gives it back.
    return (await sandbox.depositRecord(query.salon, query.id))?.refundedAt
      ? page(
          200,
          title,
          `<div class="summary"><h2>Deposit refunded</h2><p>${escapeHtml(session.salonName)} had already released this time, so your ${amount} is refunded in full. You'll get a text saying so.</p></div><p>You can close this page.</p>`,
        )
      : page(
          200,
          title,
          `<div class="summary"><h2>Deposit paid</h2><p>Thanks: ${escapeHtml(session.salonName)} has your ${amount} deposit for ${escapeHtml(session.serviceName)}. You'll get a text confirming your booking.</p></div><p>You can close this page.</p>`,
        );
  }
  if (action === 'cancel') {
    return page(
      200,
      title,
      `<div class="summary"><p>Nothing was paid. The time stays held until ${escapeHtml(clockTime(session.expiresAt))}; you can pay from the link in your text until then.</p></div>`,
    );
  }
  if (action !== null) return notAnAction(title);
  return page(
    200,
    title,
    `<div class="summary"><h2>${escapeHtml(session.salonName)}</h2>
<p>Deposit: ${escapeHtml(session.serviceName)}</p>
<p><strong>${escapeHtml(formatEuro(session.amountCents))}</strong>, paid to ${escapeHtml(session.salonName)}. Your time is held until ${escapeHtml(clockTime(session.expiresAt))}.</p></div>
${form('pay', `Pay deposit ${formatEuro(session.amountCents)}`)}${form('cancel', 'Cancel', 'secondary')}
<h2>Sandbox only</h2><p>Stripe expires an unpaid session at its time; to see that now:</p>${form('expire', 'Expire now', 'danger')}`,
  );
}
