import { BOOKING_RULES } from '../../contracts/agent-tools.js';
import { waitlistMessages, type WaitlistEntryView, type WaitlistOfferBody } from '../../contracts/waitlist.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import { loadSalonContext, type BookingDeps } from '../booking/context.js';
import { searchSlots } from '../booking/slots.js';
import { localDate, localTime } from '../booking/time.js';
import { displayPhone } from '../../contracts/phone.js';
import { sendOffer, type OfferDeps } from './send-offer.js';

/**
 * The waiting list as the owner sees it (dashboard → Waiting list): everyone waiting for today or
 * a later day; removing someone; offering one of them a time by hand, which texts them exactly
 * what a freed time texts (send-offer.ts) and books on their YES the same way (offer-reply.ts).
 */
export async function listWaitlist(deps: Pick<BookingDeps, 'bookings' | 'now'>, salonId: string): Promise<{ entries: WaitlistEntryView[] }> {
  const entries = await deps.bookings.waitlist.upcoming(salonId, localDate(deps.now().getTime()));
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      date: entry.date,
      service: entry.serviceName,
      callerName: entry.callerName,
      caller: displayPhone(entry.callerPhone),
      createdAt: entry.createdAt,
    })),
  };
}

export async function removeFromWaitlist(deps: Pick<BookingDeps, 'bookings'>, salonId: string, ref: { date: string; id: string }): Promise<{ removed: true }> {
  if (!(await deps.bookings.waitlist.get(salonId, ref.date, ref.id))) throw new NotFoundError(waitlistMessages.notOnList);
  await deps.bookings.waitlist.remove(salonId, ref.date, ref.id);
  return { removed: true };
}

/**
 * Offers a time on the day they wait for, only if it is free for their service with a stylist who
 * does it and works then (who-does-what.ts, through searchSlots): a YES must be able to book it.
 */
export async function offerByHand(deps: BookingDeps & OfferDeps, salonId: string, body: WaitlistOfferBody): Promise<{ offered: true; stylist: string }> {
  const entry = await deps.bookings.waitlist.get(salonId, body.date, body.id);
  if (!entry) throw new NotFoundError(waitlistMessages.notOnList);
  const local = localTime(body.date, body.time);
  if (!local.ok) throw new InvalidInputError(waitlistMessages.badTime);
  const start = local.time.toMillis();
  if (start < deps.now().getTime() + BOOKING_RULES.minNoticeMinutes * 60_000) throw new InvalidInputError(waitlistMessages.tooSoon);
  const context = await loadSalonContext(deps, salonId);
  const service = context.setup.services.find((each) => each.id === entry.serviceId);
  if (!service) throw new ConflictError(waitlistMessages.noService(entry.serviceName));
  const found = await searchSlots(deps, context, {
    durationMinutes: service.duration,
    serviceId: service.id,
    stylists: context.setup.stylists,
    fromDate: body.date,
    toDate: body.date,
  });
  const slot = found.slots.find((each) => each.start === start);
  if (!slot) throw new ConflictError(waitlistMessages.notFree(body.time, service.name));
  const stylistName = context.setup.stylists.find((stylist) => stylist.id === slot.stylistId)?.name ?? '';
  const salon = context.salon;
  await sendOffer(deps, {
    // One offer per caller and time: a second click texts nothing twice (the delivery claim is per offer and number).
    offerId: `hand_${entry.id.slice(0, 16)}_${body.date}T${body.time.replace(':', '')}`,
    salonId,
    salonName: salon.name,
    start: local.time.toISO()!,
    stylistName,
    waiting: [entry],
  });
  return { offered: true, stylist: stylistName };
}
