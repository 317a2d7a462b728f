import type { EventDetail } from '../../contracts/events.js';
import type { Ports } from '../ports.js';
import { deliverOnce } from '../confirmations/deliver-once.js';
import { reminderSms } from './reminder-text.js';

export type SendReminderDeps = Pick<Ports, 'deliveryClaims' | 'now'> & {
  sms: Pick<Ports['sms'], 'send' | 'sender'>;
  bookings: { reminders: Pick<Ports['bookings']['reminders'], 'drop'> };
};

export type ReminderDelivery = 'sent' | 'already-sent' | 'held' | 'test-booking';

/**
 * booking.reminder-due → the caller's reminder text, once per booking (a delivery claim). The
 * reminder is dropped only once its text is sent (by this delivery or an earlier one): until then
 * the sweep publishes it again, so a process killed after the sweep published it, or while its
 * text was being sent (the claim left `sending`, taken over once stale), loses no reminder
 * (RELIABILITY 71). A delivery that finds another still sending leaves the reminder to it, or to
 * the sweep's next look. A send that fails throws for the bus to retry.
 */
export async function sendReminder(deps: SendReminderDeps, detail: EventDetail<'booking.reminder-due'>): Promise<ReminderDelivery> {
  const { appointment, salonName, language } = detail;
  if (appointment.source === 'test-call') return 'test-booking';
  const key = { salonId: appointment.salonId, eventType: 'booking.reminder-due', subjectId: appointment.id, channel: 'sms' };
  const { twoWay } = await deps.sms.sender();
  const body = reminderSms(appointment, salonName, language, twoWay);
  const outcome = await deliverOnce({ claims: deps.deliveryClaims, now: deps.now }, key, () =>
    // "Reply C to cancel": the reply is about this booking (functions/core/replies/last-text.ts).
    deps.sms.send({
      salonId: appointment.salonId,
      to: appointment.callerPhone,
      body,
      expiresAt: new Date(appointment.start),
      about: { bookingId: appointment.id },
    }),
  );
  const delivered: ReminderDelivery = outcome.sent ? 'sent' : (await deps.deliveryClaims.wasSent(key)) ? 'already-sent' : 'held';
  if (delivered !== 'held') await deps.bookings.reminders.drop(appointment.salonId, appointment.id);
  return delivered;
}
