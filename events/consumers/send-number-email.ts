import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { numberAssignedEmail } from '../../functions/core/confirmations/messages.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/** salon.number-assigned → one email to the owner per number (with the going-live checklist), however often the event arrives. */
export const handler = tracedHandler(async (event: EventBridgeEvent<'salon.number-assigned', unknown>): Promise<void> => {
  const assigned = parseEventDetail('salon.number-assigned', event.detail);
  const d = deps();
  const ids = { salonId: assigned.salonId };
  const [salon, setup] = await Promise.all([d.salons.get(assigned.salonId), d.setup.load(assigned.salonId)]);
  if (!salon) return logger.info('number email skipped: the salon is gone', ids);
  // A number support replaced meanwhile is not announced.
  if (salon.assignedNumber !== assigned.phoneNumber) return logger.info('number email skipped: the salon has another number now', ids);
  if (!salon.ownerEmail) return logger.info('number email skipped: no owner email', ids);
  const to = salon.ownerEmail;
  const forwarding = setup.phoneOption === 'forward' ? { when: setup.forwardWhen } : null;
  const content = numberAssignedEmail(salon.name, assigned.phoneNumber, new URL('/dashboard', d.config.SITE_URL).toString(), forwarding);
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: assigned.salonId, eventType: 'salon.number-assigned', subjectId: assigned.phoneNumber, channel: 'owner-email' },
    () => d.email.send({ salonId: assigned.salonId, to, ...content, fromName: 'SalonDesk' }),
  );
  logger.info(outcome.sent ? 'number email sent' : 'number email already sent; nothing sent', ids);
});
