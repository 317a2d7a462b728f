import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { numberWaitingEmail } from '../../functions/core/confirmations/messages.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * salon.number-waiting → support hears that a salon waits for a number (the pool is empty) at
 * once, besides the operators' alarm: one email per wait, however often the event arrives.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<'salon.number-waiting', unknown>): Promise<void> => {
  const waiting = parseEventDetail('salon.number-waiting', event.detail);
  const d = deps();
  const ids = { salonId: waiting.salonId };
  const salon = await d.salons.get(waiting.salonId);
  if (!salon) return logger.info('number-waiting email skipped: the salon is gone', ids);
  if (salon.assignedNumber) return logger.info('number-waiting email skipped: the salon has its number', ids);
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: waiting.salonId, eventType: 'salon.number-waiting', subjectId: waiting.since, channel: 'support-email' },
    () => d.email.send({ salonId: waiting.salonId, to: d.config.SUPPORT_EMAIL, ...numberWaitingEmail(salon, waiting.since), fromName: 'SalonDesk' }),
  );
  logger.info(outcome.sent ? 'number-waiting email sent' : 'number-waiting email already sent; nothing sent', ids);
});
