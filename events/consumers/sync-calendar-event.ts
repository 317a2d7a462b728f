import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { noteCalendarFailure, syncCalendarEvent } from '../../functions/core/booking/calendar-events.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

const BOOKING_EVENTS = ['booking.confirmed', 'booking.cancelled', 'booking.deposit-requested'] as const;
type CalendarBookingEvent = (typeof BOOKING_EVENTS)[number];

/**
 * booking.confirmed / booking.cancelled / booking.deposit-requested → the booking's event written
 * to, or removed from, the salon's calendar, after the caller has their answer (calendar-events.ts).
 * The booking's transaction left the write to do (`CALSYNC#`). A failure is thrown: the bus
 * retries, then the rule's dead-letter queue; the sweep retries the marker meanwhile.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const type = event['detail-type'];
  if (!(BOOKING_EVENTS as readonly string[]).includes(type)) throw new Error(`Not a booking event: ${type}`);
  const { appointment } = parseEventDetail(type as CalendarBookingEvent, event.detail);
  const d = deps();
  try {
    const outcome = await syncCalendarEvent(d, appointment.salonId, appointment.id);
    logger.info('calendar event synced', { eventType: type, salonId: appointment.salonId, bookingId: appointment.id, outcome });
  } catch (error) {
    await noteCalendarFailure(d, appointment.salonId, appointment.id, error);
    logger.warn('calendar event not synced; the bus retries', {
      eventType: type,
      salonId: appointment.salonId,
      bookingId: appointment.id,
      name: (error as Error)?.name,
    });
    throw error;
  }
});
