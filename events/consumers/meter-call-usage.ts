import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../catalog.js';
import { deps } from '../../functions/composition-root.js';
import { billingPeriodAt } from '../../functions/core/usage/billing-period.js';
import { meterCall, receptionistSeconds } from '../../functions/core/usage/meter-usage.js';
import { logger } from '../../functions/logger.js';

/**
 * call.completed → the call's minutes on its salon's billing period, exactly once however often
 * the event arrives, and the usage warnings the period has reached. A failure throws: the bus
 * retries, then dead-letters (a retry counts nothing twice).
 */
export async function handler(event: EventBridgeEvent<'call.completed', unknown>): Promise<void> {
  const call = parseEventDetail('call.completed', event.detail);
  const d = deps();
  const salon = await d.salons.get(call.salonId);
  if (!salon) return logger.info('usage not metered: the salon is gone', { salonId: call.salonId });
  const period = billingPeriodAt(salon, new Date(call.startedAt));
  const { counted, usage } = await meterCall(d, { ...call, durationSeconds: receptionistSeconds(call) }, period);
  logger.info(counted ? 'call metered' : 'call already metered; nothing counted', {
    salonId: call.salonId,
    minutesUsed: usage.minutesUsed,
    testMinutesUsed: usage.testMinutesUsed,
  });
}
