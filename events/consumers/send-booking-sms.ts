import type { EventBridgeEvent } from 'aws-lambda';
import { deps } from '../../functions/composition-root.js';
import { logger } from '../../functions/logger.js';
import { isOver, parseBookingEvent, readingOnce, salonContact } from '../../functions/core/confirmations/booking-event.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { bookingSms } from '../../functions/core/confirmations/messages.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * booking.confirmed / booking.cancelled → a text to the caller (to the owner's mobile for a
 * test booking, when they gave one); a hold released for want of its deposit says so. Once per event (a claim in the
 * table); a failure throws for the bus to retry and finally dead-letter, and never touches the
 * booking (RELIABILITY 21, 22). Logs carry ids only (RELIABILITY 26).
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { type, kind, detail } = parseBookingEvent(event);
  const { appointment } = detail;
  const d = deps();
  const ids = { eventType: type, salonId: appointment.salonId, bookingId: appointment.id, channel: 'sms' };
  if (isOver(detail, d.now())) return logger.info('booking sms skipped: the appointment is over', ids);
  const salons = readingOnce(d.salons);
  const salon = await salonContact(salons, appointment.salonId, detail.salonName);
  if (!salon) return logger.info('booking sms skipped: the salon is gone', ids);
  // A test call's booking never texts the number typed in it: the owner's own mobile gets the
  // text (the salon's phone is often a landline); without one, the test call itself shows it (RELIABILITY 41).
  const test = appointment.source === 'test-call';
  const to = test ? (await salons.get(appointment.salonId))?.business?.owner_mobile : appointment.callerPhone;
  if (!to) return logger.info('booking sms skipped: a test booking and the owner gave no mobile', ids);
  const { twoWay } = await d.sms.sender();
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: ids.salonId, eventType: type, subjectId: ids.bookingId, channel: ids.channel },
    () =>
      d.sms.send({
        salonId: appointment.salonId,
        to,
        body: `${test ? '[Test booking] ' : ''}${bookingSms(kind, appointment, salon, d.now(), 'reason' in detail ? detail.reason : undefined, twoWay)}`,
        // A reply to the caller's text is about this booking (functions/core/replies/last-text.ts).
        ...(test ? {} : { about: { bookingId: appointment.id } }),
      }),
  ).catch((error: unknown) => {
    logger.warn('booking sms failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  if (outcome.sent) logger.info('booking sms sent', { ...ids, messageId: outcome.messageId });
  else logger.info('booking sms already sent for this event; nothing sent', ids);
});
