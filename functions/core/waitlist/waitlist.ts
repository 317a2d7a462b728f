import { randomUUID } from 'node:crypto';
import type { ToolInput } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';
import type { Ports } from '../ports.js';
import { deliverOnce } from '../confirmations/deliver-once.js';
import type { CallScope } from '../booking/cancel.js';
import type { ToolAnswer } from '../../contracts/agent-tools.js';
import { checkedDate } from '../booking/rules.js';
import { loadSalonContext, phoneKey, requirePhone, resolveService, type BookingDeps } from '../booking/context.js';
import { speakDate } from '../booking/speak.js';
import { spokenWhen } from '../confirmations/format.js';

/**
 * The waiting list (docs/reminders.md): the receptionist offers it when a day the caller asked
 * for is full, and keeps their name, number, service and day. When a booking on that day is
 * cancelled within 48 hours of its start, everyone waiting for the day whose service fits the
 * freed time is texted it; the first to reply YES books it through the same conflict-proof
 * booking as any caller (functions/core/waitlist/offer-reply.ts).
 */
export const FREED_WITHIN_MS = 48 * 3_600_000;

/** Whether an ended booking's time is worth offering: a real booking, not over, starting within 48 hours. */
export function offerable(appointment: Pick<Appointment, 'start' | 'source'>, now: Date): boolean {
  const start = Date.parse(appointment.start);
  return appointment.source !== 'test-call' && start > now.getTime() && start - now.getTime() <= FREED_WITHIN_MS;
}

/** `join-waitlist`: the caller waits for a time on a day that was full. */
export async function joinWaitlist(deps: BookingDeps, salonId: string, input: ToolInput<'join-waitlist'>, scope: CallScope = { test: false }): Promise<ToolAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const now = deps.now();
  const date = checkedDate(input.date, now.getTime());
  const service = resolveService(context, input.service);
  const callerPhone = requirePhone(input.callerPhone);
  if (scope.test) {
    // The owner's test call hears what a caller would, and nobody real is ever texted for it.
    return { ok: true, say: `You're on the waiting list for ${speakDate(date, now.getTime())}. If a time comes free we'll text you, and the first to reply gets it.`, test: true };
  }
  const entry = { id: randomUUID(), date, serviceId: service.id, serviceName: service.name, durationMinutes: service.duration, callerName: input.callerName, callerPhone, createdAt: now.toISOString() };
  await deps.bookings.waitlist.add(salonId, entry);
  return { ok: true, say: `You're on the waiting list for ${speakDate(date, now.getTime())}. If a time comes free we'll text you, and the first to reply gets it.`, waitlistId: entry.id };
}

export type OfferDeps = Pick<Ports, 'bookings' | 'deliveryClaims' | 'now'> & { sms: Pick<Ports['sms'], 'send'>; smsReplies: Pick<Ports['smsReplies'], 'ask'> };

/** `booking.slot-freed`: texts the day's waiting list the freed time; answers how many were texted. */
export async function offerFreedSlot(deps: OfferDeps, appointment: Appointment, salonName: string): Promise<number> {
  const now = deps.now();
  if (!offerable(appointment, now)) return 0;
  const date = appointment.start.slice(0, 10);
  const minutes = (Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000;
  const waiting = (await deps.bookings.waitlist.forDay(appointment.salonId, date)).filter((entry) => entry.durationMinutes <= minutes && entry.callerPhone !== appointment.callerPhone);
  if (!waiting.length) return 0;
  // The offer's id is the freed booking's: a redelivered event makes the same offer, not a second one.
  const offer = {
    id: appointment.id,
    salonId: appointment.salonId,
    start: appointment.start.slice(0, 16),
    stylistName: appointment.stylistName,
    invited: waiting.map((entry) => ({ entryId: entry.id, date, callerPhone: entry.callerPhone, callerName: entry.callerName, serviceName: entry.serviceName })),
    takenBy: null,
  };
  const expiresAt = new Date(Date.parse(appointment.start));
  await deps.bookings.waitlist.putOffer(offer, expiresAt);
  const stylist = appointment.stylistName.trim() ? ` with ${appointment.stylistName.trim()}` : '';
  for (const entry of waiting) {
    await deps.smsReplies.ask(appointment.salonId, phoneKey(appointment.salonId, entry.callerPhone), { kind: 'offer', offerId: offer.id, askedAt: now.toISOString() }, expiresAt);
    // Once per caller per freed time, whatever the redeliveries.
    await deliverOnce({ claims: deps.deliveryClaims, now: deps.now }, { salonId: appointment.salonId, eventType: 'booking.slot-freed', subjectId: `${offer.id}#${entry.id}`, channel: 'sms' }, () =>
      deps.sms.send({
        salonId: appointment.salonId,
        to: entry.callerPhone,
        body: `${salonName}: a time has come free for your ${entry.serviceName}${stylist} on ${spokenWhen(appointment.start, now)}. Reply YES to take it: the first to reply gets it.`,
        expiresAt,
      }),
    );
  }
  return waiting.length;
}
