import { book } from '../booking/book.js';
import { phoneKey } from '../booking/context.js';
import { ToolError } from '../booking/errors.js';
import { intentOf } from '../replies/keywords.js';
import { REPEATED_ANSWER, type PendingHandler } from '../replies/sms-reply.js';

/**
 * A reply to a freed-time offer (functions/core/waitlist/waitlist.ts). YES books the caller's own
 * service at the freed time with its stylist through `book`, the same conflict-proof write any
 * booking makes, so of several callers replying at once exactly one gets the time; the booking's
 * own confirmation text is the answer. NO closes the question. Anything else is not an answer to
 * the offer (null), and is handled as any text is.
 */
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
  const gone = { outcome: 'offer' as const, reply: `${salonName}: sorry, that time has just been taken. You're still on the waiting list for that day.` };
  if (!offer || !invited || offer.takenBy) return gone;
  try {
    await book(
      deps,
      salonId,
      { service: invited.serviceName, ...(offer.stylistName.trim() ? { stylist: offer.stylistName } : {}), start: offer.start, callerName: invited.callerName, callerPhone: text.from },
      { idempotencyKey: `offer-${offer.id}-${phoneHash}` },
    );
  } catch (error) {
    if (error instanceof ToolError) return gone;
    throw error;
  }
  await Promise.all([deps.bookings.waitlist.take(salonId, offer.id, text.from), deps.bookings.waitlist.remove(salonId, invited.date, invited.entryId)]);
  return { outcome: 'offer', reply: null };
};
