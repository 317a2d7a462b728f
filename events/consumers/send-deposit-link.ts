import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../catalog.js';
import { deps } from '../../functions/composition-root.js';
import { logger } from '../../functions/logger.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { depositSms } from '../../functions/core/confirmations/messages.js';

/**
 * booking.deposit-requested → the payment link texted to the caller (to the salon's own phone for
 * a test booking, as every test booking's text). Once per event (a claim in the table); a failure
 * throws for the bus to retry. Logs carry ids only.
 */
export async function handler(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const detail = parseEventDetail('booking.deposit-requested', event.detail);
  const { appointment } = detail;
  const d = deps();
  const ids = { eventType: 'booking.deposit-requested', salonId: appointment.salonId, bookingId: appointment.id, channel: 'sms' };
  // The link is only worth sending while it can still be paid.
  if (Date.parse(detail.expiresAt) <= d.now().getTime()) return logger.info('deposit sms skipped: the session has expired', ids);
  const salon = await d.salons.get(appointment.salonId);
  if (!salon) return logger.info('deposit sms skipped: the salon is gone', ids);
  const test = appointment.source === 'test-call';
  const to = test ? salon.phone : appointment.callerPhone;
  if (!to) return logger.info('deposit sms skipped: a test booking and the salon has no phone', ids);
  const body = depositSms(appointment, { name: detail.salonName.trim() || salon.name }, { cents: detail.depositCents, payUrl: detail.payUrl, expiresAt: detail.expiresAt }, d.now());
  const outcome = await deliverOnce({ claims: d.deliveryClaims, now: d.now }, { salonId: ids.salonId, eventType: ids.eventType, subjectId: ids.bookingId, channel: ids.channel }, () =>
    d.sms.send({ salonId: appointment.salonId, to, body: `${test ? '[Test booking] ' : ''}${body}`, expiresAt: new Date(detail.expiresAt) }),
  ).catch((error: unknown) => {
    logger.warn('deposit sms failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  if (outcome.sent) logger.info('deposit sms sent', { ...ids, messageId: outcome.messageId });
  else logger.info('deposit sms already sent for this event; nothing sent', ids);
}
