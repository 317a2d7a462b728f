import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../catalog.js';
import { deps } from '../../functions/composition-root.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { reminderSms } from '../../functions/core/reminders/reminder-text.js';
import { logger } from '../../functions/logger.js';

/**
 * booking.reminder-due → the caller's reminder text, in the salon's name and the language its
 * receptionist speaks; once per booking (a claim in the table), never for a test booking. A
 * failure throws for the bus to retry and finally dead-letter.
 */
export async function handler(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const { appointment, salonName, language } = parseEventDetail('booking.reminder-due', event.detail);
  const d = deps();
  const ids = { eventType: 'booking.reminder-due', salonId: appointment.salonId, bookingId: appointment.id, channel: 'sms' };
  if (appointment.source === 'test-call') return logger.info('reminder skipped: a test booking', ids);
  const outcome = await deliverOnce({ claims: d.deliveryClaims, now: d.now }, { salonId: ids.salonId, eventType: ids.eventType, subjectId: ids.bookingId, channel: ids.channel }, () =>
    // "Reply C to cancel": the reply is about this booking (functions/core/replies/last-text.ts).
    d.sms.send({ salonId: appointment.salonId, to: appointment.callerPhone, body: reminderSms(appointment, salonName, language), expiresAt: new Date(appointment.start), about: { bookingId: appointment.id } }),
  ).catch((error: unknown) => {
    logger.warn('reminder sms failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  if (outcome.sent) logger.info('reminder sms sent', { ...ids, messageId: outcome.messageId });
  else logger.info('reminder already sent; nothing sent', ids);
}
