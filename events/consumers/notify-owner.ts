import type { EventBridgeEvent } from 'aws-lambda';
import { deps } from '../../functions/composition-root.js';
import { logger } from '../../functions/logger.js';
import { parseBookingEvent, salonContact } from '../../functions/core/confirmations/booking-event.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { ownerEmail } from '../../functions/core/confirmations/messages.js';
import { isEmailAddress } from '../../functions/core/ports/email.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/** booking.confirmed / booking.cancelled → an email to the salon's owner, once per event. */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { type, kind, detail } = parseBookingEvent(event);
  const { appointment } = detail;
  const d = deps();
  const ids = { eventType: type, salonId: appointment.salonId, bookingId: appointment.id, channel: 'owner-email' };
  if (!detail.ownerEmail) return logger.info('owner notice skipped: no owner email', ids);
  const salon = await salonContact(d.salons, appointment.salonId, detail.salonName);
  if (!salon) return logger.info('owner notice skipped: the salon is gone', ids);
  const to = detail.ownerEmail;
  const content = ownerEmail(kind, appointment, salon, new URL('/dashboard', d.config.SITE_URL).toString(), d.now());
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: ids.salonId, eventType: type, subjectId: ids.bookingId, channel: ids.channel },
    () =>
      d.email.send({
        salonId: appointment.salonId,
        to,
        ...content,
        fromName: 'SalonDesk',
        ...(appointment.callerEmail && isEmailAddress(appointment.callerEmail) ? { replyTo: appointment.callerEmail } : {}),
      }),
  ).catch((error: unknown) => {
    logger.warn('owner notice failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  if (outcome.sent) logger.info('owner notice sent', { ...ids, messageId: outcome.messageId });
  else logger.info('owner notice already sent for this event; nothing sent', ids);
});
