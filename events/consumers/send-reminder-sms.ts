import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { sendReminder } from '../../functions/core/reminders/send-reminder.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * booking.reminder-due → the caller's reminder text, in the salon's name and the language its
 * receptionist speaks; once per booking, never for a test booking, and the reminder dropped once
 * its text is sent (functions/core/reminders/send-reminder.ts). A failure throws for the bus to
 * retry and finally dead-letter; the sweep publishes the reminder again meanwhile.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const detail = parseEventDetail('booking.reminder-due', event.detail);
  const ids = { eventType: 'booking.reminder-due', salonId: detail.appointment.salonId, bookingId: detail.appointment.id, channel: 'sms' };
  const delivered = await sendReminder(deps(), detail).catch((error: unknown) => {
    logger.warn('reminder sms failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  const said = {
    sent: 'reminder sms sent',
    'already-sent': 'reminder already sent; nothing sent',
    held: 'reminder being sent by another delivery; left to it',
    'test-booking': 'reminder skipped: a test booking',
  } as const;
  logger.info(said[delivered], ids);
});
