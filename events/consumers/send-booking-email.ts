import type { EventBridgeEvent } from 'aws-lambda';
import { deps } from '../../functions/composition-root.js';
import { logger } from '../../functions/logger.js';
import { isOver, parseBookingEvent, readingOnce, salonContact } from '../../functions/core/confirmations/booking-event.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { callerEmail } from '../../functions/core/confirmations/messages.js';
import { isEmailAddress } from '../../functions/core/ports/email.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/** Organiser of sandbox invites, where no sending address is configured. */
export const SANDBOX_ORGANIZER = 'bookings@sandbox.salondesk.invalid';

/**
 * booking.confirmed / booking.cancelled → an email to the caller, when they gave an address (to the
 * owner for a test booking), with
 * a calendar invite (REQUEST, then CANCEL with the same UID). Once per event, like the SMS.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { type, kind, detail } = parseBookingEvent(event);
  const { appointment } = detail;
  const d = deps();
  const ids = { eventType: type, salonId: appointment.salonId, bookingId: appointment.id, channel: 'email' };
  // A test call's booking never emails the address typed in it: the owner gets the email (reliability 41).
  const test = appointment.source === 'test-call';
  const salons = readingOnce(d.salons);
  const to = test ? (detail.ownerEmail ?? (await salons.get(appointment.salonId))?.ownerEmail) : appointment.callerEmail;
  if (!to) return logger.info(test ? 'booking email skipped: a test booking and no owner email' : 'booking email skipped: no caller email', ids);
  // Heard over the phone, an address can be garbled: no retry would make it deliverable.
  if (!isEmailAddress(to)) return logger.warn('booking email skipped: the address is not an address', ids);
  if (isOver(detail, d.now())) return logger.info('booking email skipped: the appointment is over', ids);
  const salon = await salonContact(salons, appointment.salonId, detail.salonName);
  if (!salon) return logger.info('booking email skipped: the salon is gone', ids);
  const content = callerEmail(kind, appointment, salon, d.config.EMAIL_FROM ?? SANDBOX_ORGANIZER, d.now());
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: ids.salonId, eventType: type, subjectId: ids.bookingId, channel: ids.channel },
    () =>
      d.email.send({
        salonId: appointment.salonId,
        to,
        ...content,
        ...(test ? { subject: `[Test booking] ${content.subject}` } : {}),
        fromName: salon.name,
        ...(detail.ownerEmail && isEmailAddress(detail.ownerEmail) ? { replyTo: detail.ownerEmail } : {}),
      }),
  ).catch((error: unknown) => {
    logger.warn('booking email failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  if (outcome.sent) logger.info('booking email sent', { ...ids, messageId: outcome.messageId });
  else logger.info('booking email already sent for this event; nothing sent', ids);
});
