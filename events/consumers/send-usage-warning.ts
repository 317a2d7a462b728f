import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { usageWarningEmail } from '../../functions/core/confirmations/messages.js';
import { billingPeriodById } from '../../functions/core/usage/billing-period.js';
import { loadBillingState } from '../../functions/core/billing/billing-state.js';
import { billingUrl } from '../../functions/core/billing/billing.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/** usage.threshold-reached → one email to the owner per threshold per period, however often the event arrives. */
export const handler = tracedHandler(async (event: EventBridgeEvent<'usage.threshold-reached', unknown>): Promise<void> => {
  const warning = parseEventDetail('usage.threshold-reached', event.detail);
  const d = deps();
  const ids = { salonId: warning.salonId, threshold: warning.threshold };
  const salon = await d.salons.get(warning.salonId);
  if (!salon) return logger.info('usage warning skipped: the salon is gone', ids);
  if (!salon.ownerEmail) return logger.info('usage warning skipped: no owner email', ids);
  const to = salon.ownerEmail;
  const period = billingPeriodById(salon, warning.periodId);
  if (!period) return logger.warn('usage warning skipped: unknown period', ids);
  // Told as the period it warns of stood: now, or its last moment when the warning comes late.
  const now = d.now();
  const at = now < new Date(period.endsAt) ? now : new Date(Date.parse(period.endsAt) - 1);
  const state = await loadBillingState(d, salon, at);
  const content = usageWarningEmail(warning, state, salon.name, billingUrl(d.config.SITE_URL));
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: warning.salonId, eventType: 'usage.threshold-reached', subjectId: `${warning.periodId}-${warning.threshold}`, channel: 'owner-email' },
    () => d.email.send({ salonId: warning.salonId, to, ...content, fromName: 'SalonDesk' }),
  );
  logger.info(outcome.sent ? 'usage warning sent' : 'usage warning already sent for this threshold; nothing sent', ids);
});
