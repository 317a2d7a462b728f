import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import type { Appointment } from '../../functions/contracts/appointments.js';
import { logger } from '../../functions/logger.js';
import { salonContact } from '../../functions/core/confirmations/booking-event.js';
import { deliverOnce } from '../../functions/core/confirmations/deliver-once.js';
import { depositRefundSms, depositSms } from '../../functions/core/confirmations/messages.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

type DepositEventType = 'booking.deposit-requested' | 'booking.deposit-refunded';

/** The text of each deposit event, or null (with why) when there is nothing worth sending. */
async function textOf(
  type: DepositEventType,
  detail: unknown,
  now: Date,
): Promise<{ appointment: Appointment; body: string | null; skipped?: string; expiresAt?: Date }> {
  const d = deps();
  if (type === 'booking.deposit-requested') {
    const request = parseEventDetail(type, detail);
    // The link is only worth sending while it can still be paid.
    if (Date.parse(request.expiresAt) <= now.getTime()) return { appointment: request.appointment, body: null, skipped: 'the session has expired' };
    const salon = await d.salons.get(request.appointment.salonId);
    const name = request.salonName.trim() || salon?.name;
    if (!salon || !name) return { appointment: request.appointment, body: null, skipped: 'the salon is gone' };
    // A payment link is dropped from the provider's queue once it can no longer be paid.
    const body = depositSms(request.appointment, { name }, { cents: request.depositCents, payUrl: request.payUrl, expiresAt: request.expiresAt }, now);
    return { appointment: request.appointment, body, expiresAt: new Date(request.expiresAt) };
  }
  const refund = parseEventDetail(type, detail);
  const salon = await salonContact(d.salons, refund.appointment.salonId, refund.salonName);
  if (!salon) return { appointment: refund.appointment, body: null, skipped: 'the salon is gone' };
  return { appointment: refund.appointment, body: depositRefundSms(refund.appointment, salon, refund.depositCents, now, (await d.sms.sender()).twoWay) };
}

/**
 * booking.deposit-requested → the payment link; booking.deposit-refunded → the news that a
 * deposit paid after its booking ended is refunded. Texted to the caller (to the owner's mobile
 * for a test booking, as every test booking's text, and not at all without one). Once per event and booking (a claim
 * in the table); a failure throws for the bus to retry. Logs carry ids only.
 */
export const handler = tracedHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const type = event['detail-type'];
  if (type !== 'booking.deposit-requested' && type !== 'booking.deposit-refunded') throw new Error(`Not a deposit event: ${type}`);
  const d = deps();
  const { appointment, body, skipped, expiresAt } = await textOf(type, event.detail, d.now());
  const ids = { eventType: type, salonId: appointment.salonId, bookingId: appointment.id, channel: 'sms' };
  if (!body) return logger.info(`deposit sms skipped: ${skipped}`, ids);
  const test = appointment.source === 'test-call';
  const to = test ? (await d.salons.get(appointment.salonId))?.business?.owner_mobile : appointment.callerPhone;
  if (!to) return logger.info('deposit sms skipped: a test booking and the owner gave no mobile', ids);
  const outcome = await deliverOnce(
    { claims: d.deliveryClaims, now: d.now },
    { salonId: ids.salonId, eventType: ids.eventType, subjectId: ids.bookingId, channel: ids.channel },
    () =>
      d.sms.send({
        salonId: appointment.salonId,
        to,
        body: `${test ? '[Test booking] ' : ''}${body}`,
        ...(expiresAt ? { expiresAt } : {}),
        ...(test ? {} : { about: { bookingId: appointment.id } }),
      }),
  ).catch((error: unknown) => {
    logger.warn('deposit sms failed; the bus retries', { ...ids, error: (error as Error).message });
    throw error;
  });
  if (outcome.sent) logger.info('deposit sms sent', { ...ids, messageId: outcome.messageId });
  else logger.info('deposit sms already sent for this event; nothing sent', ids);
});
