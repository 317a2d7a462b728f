import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { offerFreedSlot } from '../../functions/core/waitlist/waitlist.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * booking.slot-freed → the day's waiting list is texted the freed time, each caller once
 * (functions/core/waitlist/waitlist.ts). A failure throws for the bus to retry and finally dead-letter.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { appointment, salonName } = parseEventDetail('booking.slot-freed', event.detail);
  const offered = await offerFreedSlot(deps(), appointment, salonName);
  logger.info('freed time offered', { salonId: appointment.salonId, bookingId: appointment.id, offered });
});
