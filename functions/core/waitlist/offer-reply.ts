import { book } from '../booking/book.js';
import { phoneKey } from '../booking/context.js';
import { ToolError } from '../booking/errors.js';
import { intentOf } from '../replies/keywords.js';
import { callUs, REPEATED_ANSWER, type PendingHandler } from '../replies/sms-reply.js';

/**
 * A reply to a freed-time offer (functions/core/waitlist/waitlist.ts). YES books the caller's own
 * service at the freed time with its stylist through `book`, the same conflict-proof write any
 * booking makes, so of several callers replying at once exactly one gets the time; the booking's
 * own confirmation text is the answer. NO closes the question. Anything else is not an answer to
 * the offer (null), and is handled as any text is.
 */
const WHY_NOT_BOOKED: Record<string, string> = {
  too_soon: 'that time is too soon to book now',
  past: 'that time has already passed',
};

export const answerOffer: PendingHandler = async (deps, context, text, pending) => {
  const intent = intentOf(text.body);
  if (intent !== 'yes' && intent !== 'no') return null;
  const salonId = context.salon.id;
  const phoneHash = phoneKey(salonId, text.from);
  if (!(await deps.smsReplies.answer(salonId, phoneHash, deps.now()))) return REPEATED_ANSWER;
  const salonName = context.salon.name;
  if (intent === 'no') return { outcome: 'offer', reply: `${salonName}: no problem, you're still on the waiting list for that day.` };
  const offer = await deps.bookings.waitlist.getOffer(salonId, pending.offerId);
  const invited = offer?.invited.find((entry) => entry.callerPhone === text.from);
  const sorry = (why: string) => ({ outcome: 'offer' as const, reply: `${salonName}: sorry, ${why}. You're still on the waiting list for that day.` });
  const gone = sorry('that time has just been taken');
  if (!offer || !invited || offer.takenBy) return gone;
  try {
    await book(
      deps,
      salonId,
      {
        service: invited.serviceName,
        ...(offer.stylistName.trim() ? { stylist: offer.stylistName } : {}),
        start: offer.start,
        callerName: invited.callerName,
        callerPhone: text.from,
      },
      { idempotencyKey: `offer-${offer.id}-${phoneHash}` },
    );
  } catch (error) {
    // The real reason: only a time someone else took was "taken".
    if (error instanceof ToolError)
      return error.code === 'slot_taken' ? gone : sorry(WHY_NOT_BOOKED[error.code] ?? `we couldn't book that time for you: please ${callUs(context)}`);
    throw error;
  }
  await Promise.all([deps.bookings.waitlist.take(salonId, offer.id, text.from), deps.bookings.waitlist.remove(salonId, invited.date, invited.entryId)]);
  return { outcome: 'offer', reply: null };
};
