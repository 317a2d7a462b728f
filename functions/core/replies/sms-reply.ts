import type { Ports } from '../ports.js';
import { formatEuro } from '../money.js';
import { callerBookingIds } from '../booking/caller-record.js';
import { cancel } from '../booking/cancel.js';
import { loadSalonContext, phoneKey, type BookingDeps, type SalonContext } from '../booking/context.js';
import { ToolError } from '../booking/errors.js';
import { takeMessage } from '../booking/salon-tools.js';
import { localDate } from '../booking/time.js';
import { spokenWhen } from '../confirmations/format.js';
import { displayPhone } from '../../contracts/phone.js';
import { intentOf } from './keywords.js';
import type { StoredAppointment } from '../booking/records.js';

/**
 * A text a caller sent the salon, once it is known which salon (functions/core/replies/incoming-text.ts):
 * "C" asks to cancel the booking the salon's last text named (else their next booking), which a
 * "YES" then cancels through the agent's own cancel path; anything else is kept as a message for
 * the salon, as the take-message tool keeps one. STOP, START and HELP are Twilio's to answer.
 * Answers the text to send back, or null.
 */
export type ReplyDeps = BookingDeps & Pick<Ports, 'rateLimits' | 'smsReplies'>;

export interface IncomingText {
  salonId: string;
  /** E.164 */
  from: string;
  body: string;
}

export type ReplyOutcome =
  'opted-out' | 'opted-in' | 'keyword' | 'asked-to-confirm' | 'cancelled' | 'kept' | 'no-booking' | 'message' | 'refused' | 'offer' | 'repeat';

/** Another reply took the question first (a YES sent twice, three at once): this one does nothing and says nothing. */
export const REPEATED_ANSWER: ReplyAnswer = { outcome: 'repeat', reply: null };

export interface ReplyAnswer {
  outcome: ReplyOutcome;
  reply: string | null;
}

/** How long a "Reply YES to cancel" stays open. */
export const CONFIRM_WITHIN_MS = 60 * 60_000;

/** Another part of keeping bookings kept answers the texts its own question asked (the freed-time offer, functions/core/waitlist/). */
export type PendingHandler = (deps: ReplyDeps, context: SalonContext, text: IncomingText, pending: { offerId: string }) => Promise<ReplyAnswer | null>;

/** How a text tells the caller to ring the salon: its own number, else the receptionist's. */
export const callUs = (context: SalonContext) => {
  const phone = context.salon.phone ?? context.salon.assignedNumber;
  return phone ? `call us on ${displayPhone(phone)}` : 'call us';
};

/** The caller's recent and upcoming real bookings at this salon (test bookings are the owner's), soonest first. */
async function callerBookings(deps: ReplyDeps, context: SalonContext, phone: string): Promise<StoredAppointment[]> {
  const salonId = context.salon.id;
  const ids = await callerBookingIds(deps, salonId, phoneKey(salonId, phone));
  return (await deps.bookings.appointments.getMany(salonId, ids))
    .filter((appointment) => appointment.callerPhone === phone && appointment.source !== 'test-call')
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

const upcoming = (appointment: StoredAppointment | undefined, now: Date) =>
  appointment && appointment.status !== 'cancelled' && Date.parse(appointment.start) > now.getTime();

/**
 * The booking a "C" is about: the one the salon's last text to this number named (or where it
 * was moved to), while it is still upcoming; otherwise the caller's next booking.
 */
async function bookingToCancel(deps: ReplyDeps, context: SalonContext, phone: string, now: Date): Promise<StoredAppointment | null> {
  const salonId = context.salon.id;
  const [bookings, subject] = await Promise.all([callerBookings(deps, context, phone), deps.smsReplies.subject(salonId, phoneKey(salonId, phone))]);
  const named = bookings.find((appointment) => appointment.id === subject);
  const movedTo = named?.rescheduledTo ? bookings.find((appointment) => appointment.id === named.rescheduledTo) : undefined;
  return [named, movedTo].find((appointment) => upcoming(appointment, now)) ?? bookings.find((appointment) => upcoming(appointment, now)) ?? null;
}

/** What cancelling does to the booking's deposit, in a sentence (or nothing when it has none). */
async function depositWords(deps: ReplyDeps, context: SalonContext, appointment: StoredAppointment): Promise<string> {
  const day = await deps.bookings.days.get(context.salon.id, { stylistId: appointment.stylistId, date: localDate(Date.parse(appointment.start)) });
  const deposit = day.intervals.find((entry) => entry.bookingId === appointment.id)?.record?.deposit;
  if (!deposit) return '';
  if (!deposit.paidAt) return ' The deposit link we sent will stop working.';
  return ` The ${formatEuro(deposit.amountCents)} deposit you paid is not refunded when you cancel: ${callUs(context)} about it.`;
}

function describe(appointment: StoredAppointment, now: Date): string {
  const stylist = appointment.stylistName.trim() ? ` with ${appointment.stylistName.trim()}` : '';
  return `${appointment.service.name.trim()}${stylist} on ${spokenWhen(appointment.start, now)}`;
}

export async function answerText(deps: ReplyDeps, text: IncomingText, onOffer?: PendingHandler): Promise<ReplyAnswer> {
  const context = await loadSalonContext(deps, text.salonId);
  const salonName = context.salon.name;
  const phoneHash = phoneKey(text.salonId, text.from);
  const now = deps.now();
  const intent = intentOf(text.body);
  // Twilio blocks, unblocks or answers these itself (incoming-text.ts keeps the STOP): a reply of ours would be a second answer.
  if (intent === 'stop' || intent === 'start' || intent === 'help') return { outcome: 'keyword', reply: null };
  const asked = await deps.smsReplies.pending(text.salonId, phoneHash, now);
  // A YES or NO to a question another reply already answered is that answer again, never a message for the salon.
  if (asked?.answeredAt && (intent === 'yes' || intent === 'no')) return REPEATED_ANSWER;
  const pending = asked?.answeredAt ? null : asked;
  if (pending?.kind === 'offer' && onOffer) {
    const answered = await onOffer(deps, context, text, pending);
    if (answered) return answered;
  }
  if (pending?.kind === 'cancel' && (intent === 'yes' || intent === 'cancel')) {
    if (!(await deps.smsReplies.answer(text.salonId, phoneHash, now))) return REPEATED_ANSWER;
    try {
      const answer = await cancel(deps, text.salonId, { bookingId: pending.bookingId, callerPhone: text.from });
      // A cancellation is answered by booking.cancelled's own text, as when the agent cancels; only "already" needs words here.
      return { outcome: 'cancelled', reply: answer.alreadyCancelled ? `${salonName}: ${String(answer.say)}` : null };
    } catch (error) {
      if (error instanceof ToolError) return { outcome: 'refused', reply: `${salonName}: ${error.say}` };
      throw error;
    }
  }
  if (pending?.kind === 'cancel' && intent === 'no') {
    if (!(await deps.smsReplies.answer(text.salonId, phoneHash, now))) return REPEATED_ANSWER;
    return { outcome: 'kept', reply: `${salonName}: no problem, your booking stays as it is. See you then!` };
  }
  if (intent === 'cancel') {
    const appointment = await bookingToCancel(deps, context, text.from, now);
    if (!appointment)
      return {
        outcome: 'no-booking',
        reply: `${salonName}: we can't find an upcoming booking for this number. Please ${callUs(context)} if you need to change something.`,
      };
    await deps.smsReplies.ask(
      text.salonId,
      phoneHash,
      { kind: 'cancel', bookingId: appointment.id, askedAt: now.toISOString() },
      new Date(now.getTime() + CONFIRM_WITHIN_MS),
    );
    const deposit = await depositWords(deps, context, appointment);
    return { outcome: 'asked-to-confirm', reply: `${salonName}: cancel your ${describe(appointment, now)}?${deposit} Reply YES to cancel it.` };
  }
  const known = await callerBookings(deps, context, text.from);
  try {
    await takeMessage(deps, text.salonId, {
      callerName: known.at(-1)?.callerName ?? 'Text message',
      callerPhone: text.from,
      message: text.body.slice(0, 1000),
    });
  } catch (error) {
    if (error instanceof ToolError) return { outcome: 'refused', reply: null };
    throw error;
  }
  return { outcome: 'message', reply: `${salonName}: thanks, we've passed your message on and someone will get back to you.` };
}
