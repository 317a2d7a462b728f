import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { reportCallOverage } from '../../functions/core/billing/overage.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * call.completed → the call's minutes past the plan on the salon's Stripe Billing Meter, exactly
 * once per call however often the event arrives. A failure throws: the bus retries, then
 * dead-letters (a retry reports nothing twice).
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<'call.completed', unknown>): Promise<void> => {
  const call = parseEventDetail('call.completed', event.detail);
  const d = deps();
  const outcome = await reportCallOverage({ ...d, meterEventName: d.config.STRIPE_METER_EVENT_NAME }, call);
  logger.info(outcome.reported ? 'overage reported' : 'no overage to report', {
    salonId: call.salonId,
    ...(outcome.reported ? { minutes: outcome.minutes } : { reason: outcome.reason }),
  });
});
