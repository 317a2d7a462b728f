import type { EventBridgeEvent } from 'aws-lambda';
import { DateTime } from 'luxon';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { SALON_TIME_ZONE } from '../../functions/contracts/appointments.js';
import { bookingActivity, callActivity, messageActivity } from '../../functions/core/dashboard/activity.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * The dashboard's recent activity and call figures, kept by the bus: each booking, cancellation,
 * finished call and message becomes one activity line (a redelivery rewrites the same item), and
 * each finished call is counted once on its day's figures.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const d = deps();
  const type = event['detail-type'];
  switch (type) {
    case 'booking.confirmed':
    case 'booking.cancelled': {
      const { appointment } = parseEventDetail(type, event.detail);
      const kind = type === 'booking.confirmed' ? 'confirmed' : 'cancelled';
      await d.activity.record(appointment.salonId, bookingActivity(kind, appointment, new Date(event.time).toISOString(), d.now()));
      return;
    }
    case 'call.completed': {
      const call = parseEventDetail(type, event.detail);
      const day = DateTime.fromISO(call.startedAt, { zone: SALON_TIME_ZONE }).toISODate()!;
      await Promise.all([
        d.activity.record(call.salonId, callActivity(call)),
        // The owner's test calls count as calls (the log shows them too), never as missed.
        d.callStats.countCall(call.salonId, day, call.callSid, call.outcome === 'missed' || call.outcome === 'abandoned'),
      ]);
      return;
    }
    case 'message.left': {
      const message = parseEventDetail(type, event.detail);
      await d.activity.record(message.salonId, messageActivity({ id: message.messageId, callerName: message.callerName, createdAt: message.createdAt }));
      return;
    }
    default:
      logger.warn('activity: an event this consumer does not handle', { type });
  }
});
