import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { phoneKey } from '../../functions/core/booking/context.js';
import { callReadiness } from '../../functions/core/call-readiness.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { missedCallText, TEXTED_OUTCOMES } from '../../functions/core/calls/missed-call-text.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/**
 * call.completed → one text to a caller nobody answered, when the salon asked for it
 * (functions/core/calls/missed-call-text.ts). The delivery claim is keyed by the caller and the
 * day, so a repeated event, or a second missed call the same day, sends nothing more. A failed
 * send throws for the bus to retry, then dead-letter. Logs carry ids only.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<'call.completed', unknown>): Promise<void> => {
  const completed = parseEventDetail('call.completed', event.detail);
  if (!TEXTED_OUTCOMES.has(completed.outcome) || completed.test) return;
  const d = deps();
  const ids = { salonId: completed.salonId, callSid: completed.callSid, channel: 'sms' };
  const [salon, setup, call] = await Promise.all([
    d.salons.get(completed.salonId),
    d.setup.load(completed.salonId),
    d.calls.get(completed.salonId, completed.callSid),
  ]);
  if (!salon || !call) return logger.info('missed-call text skipped: the salon or the call is gone', ids);
  const decision = missedCallText(
    { outcome: completed.outcome, test: completed.test, callerPhone: call.callerPhone },
    {
      name: salon.name,
      callBackNumber: salon.assignedNumber ?? salon.phone,
      textMissedCallers: setup.voice?.textMissedCallers ?? false,
      receptionistAnswers: callReadiness(salon, setup, d.now()).live,
    },
    d.now(),
  );
  if (!decision.send) return logger.info('missed-call text not sent', { ...ids, reason: decision.reason });
  const key = { salonId: salon.id, eventType: 'missed-call.text', subjectId: `${phoneKey(salon.id, decision.to)}#${decision.day}`, channel: 'sms' };
  const outcome = await deliverOnce({ claims: d.deliveryClaims, now: d.now }, key, () =>
    d.sms.send({ salonId: salon.id, to: decision.to, body: decision.body }),
  ).catch((error: unknown) => {
    logger.warn('missed-call text failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  logger.info(outcome.sent ? 'missed-call text sent' : 'missed-call text already sent to this caller today', ids);
});
