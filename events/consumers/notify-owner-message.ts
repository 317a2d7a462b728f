import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { callerMessageEmail, callerMessageSms } from '../../functions/core/confirmations/messages.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * message.left → the owner hears of it at once: an email, and a text to their mobile when they
 * gave one. Each once, however often the event arrives; a failure throws for the bus to retry.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<'message.left', unknown>): Promise<void> => {
  const left = parseEventDetail('message.left', event.detail);
  const d = deps();
  const ids = { salonId: left.salonId, messageId: left.messageId };
  const [salon, message] = await Promise.all([
    d.salons.get(left.salonId),
    d.bookings.messages.get(left.salonId, { id: left.messageId, createdAt: left.createdAt }),
  ]);
  if (!salon || !message) return logger.info('message notice skipped: the salon or the message is gone', ids);
  const claims = { claims: d.deliveryClaims, now: d.now };
  const key = (channel: string) => ({ salonId: left.salonId, eventType: 'message.left', subjectId: left.messageId, channel });
  const ownerEmail = salon.ownerEmail;
  const ownerMobile = salon.business?.owner_mobile;
  const sends = [
    ownerEmail
      ? deliverOnce(claims, key('owner-email'), () =>
          d.email.send({
            salonId: left.salonId,
            to: ownerEmail,
            ...callerMessageEmail(salon.name, message, new URL('/calls', d.config.SITE_URL).toString()),
            fromName: 'SalonDesk',
          }),
        )
      : null,
    ownerMobile ? deliverOnce(claims, key('owner-sms'), () => d.sms.send({ salonId: left.salonId, to: ownerMobile, body: callerMessageSms(message) })) : null,
  ];
  const outcomes = await Promise.all(sends);
  logger.info('message notice done', { ...ids, email: outcomes[0]?.sent ?? false, sms: outcomes[1]?.sent ?? false });
});
