import type { EventBridgeEvent } from 'aws-lambda';
import { handler as offerFreedSlot } from './offer-freed-slot.js';
import { handler as sendReminder } from './send-reminder-sms.js';

/**
 * The texts that keep bookings kept, on one rule and Lambda (events/rules.ts, `also`):
 * booking.reminder-due → the caller's reminder; booking.slot-freed → the offer to the day's waiting list.
 */
export async function handler(event: EventBridgeEvent<string, unknown>): Promise<void> {
  if (event['detail-type'] === 'booking.slot-freed') return offerFreedSlot(event);
  if (event['detail-type'] === 'booking.reminder-due') return sendReminder(event);
  throw new Error(`Not a reminder or a freed time: ${event['detail-type']}`);
}
