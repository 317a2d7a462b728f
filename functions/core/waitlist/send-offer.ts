import type { WaitlistEntry } from '../ports/waitlist-store.js';
import type { Ports } from '../ports.js';
import { phoneKey } from '../booking/context.js';
import { deliverOnce } from '../confirmations/deliver-once.js';
import { spokenWhen } from '../confirmations/format.js';

export type OfferDeps = Pick<Ports, 'bookings' | 'deliveryClaims' | 'now'> & {
  sms: Pick<Ports['sms'], 'send' | 'sender'>;
  smsReplies: Pick<Ports['smsReplies'], 'ask'>;
};

/**
 * Texts a time to callers on the waiting list and remembers the question, so a YES books it
 * (offer-reply.ts). One text whichever way the time came up: freed by a cancellation
 * (waitlist.ts) or offered by the owner from the dashboard (offer-by-hand.ts).
 */
export async function sendOffer(
  deps: OfferDeps,
  offer: {
    offerId: string;
    salonId: string;
    salonName: string;
    /** The start as an instant with its offset (an appointment's start). */
    start: string;
    stylistName: string;
    waiting: readonly WaitlistEntry[];
  },
): Promise<void> {
  const now = deps.now();
  const { salonId } = offer;
  const expiresAt = new Date(Date.parse(offer.start));
  await deps.bookings.waitlist.putOffer(
    {
      id: offer.offerId,
      salonId,
      start: offer.start.slice(0, 16),
      stylistName: offer.stylistName,
      invited: offer.waiting.map((entry) => ({
        entryId: entry.id,
        date: entry.date,
        callerPhone: entry.callerPhone,
        callerName: entry.callerName,
        serviceName: entry.serviceName,
      })),
      takenBy: null,
    },
    expiresAt,
  );
  const stylist = offer.stylistName.trim() ? ` with ${offer.stylistName.trim()}` : '';
  // From a one-way sender no YES reaches us (docs/reminders.md): the caller rings instead.
  const take = (await deps.sms.sender()).twoWay ? 'Reply YES to take it: the first to reply gets it.' : 'Call us to take it: the first to ask gets it.';
  for (const entry of offer.waiting) {
    await deps.smsReplies.ask(salonId, phoneKey(salonId, entry.callerPhone), { kind: 'offer', offerId: offer.offerId, askedAt: now.toISOString() }, expiresAt);
    // Once per number per offered time, whatever the redeliveries.
    await deliverOnce(
      { claims: deps.deliveryClaims, now: deps.now },
      { salonId, eventType: 'booking.slot-freed', subjectId: `${offer.offerId}#${phoneKey(salonId, entry.callerPhone)}`, channel: 'sms' },
      () =>
        deps.sms.send({
          salonId,
          to: entry.callerPhone,
          body: `${offer.salonName}: a time has come free for your ${entry.serviceName}${stylist} on ${spokenWhen(offer.start, now)}. ${take}`,
          expiresAt,
        }),
    );
  }
}
