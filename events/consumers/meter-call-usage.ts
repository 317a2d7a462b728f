import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { meterCompletedCall } from '../../functions/core/usage/meter-completed-call.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * call.completed → the call's minutes, as our call record holds them, on its salon's billing
 * period, exactly once however often the event arrives, and the usage warnings the period has
 * reached. A failure throws: the bus retries, then dead-letters (a retry counts nothing twice).
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<'call.completed', unknown>): Promise<void> => {
  const call = parseEventDetail('call.completed', event.detail);
  const metering = await meterCompletedCall(deps(), call);
  if ('skipped' in metering) return logger.warn('usage not metered', { salonId: call.salonId, callSid: call.callSid, reason: metering.skipped });
  logger.info(metering.counted ? 'call metered' : 'call already metered; nothing counted', {
    salonId: call.salonId,
    minutesUsed: metering.usage.minutesUsed,
    testMinutesUsed: metering.usage.testMinutesUsed,
  });
});
