import { FLOOD_LIMITS, type ToolAnswer, type ToolInput } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';
import { offerable } from './freed-time.js';
import { isMobileNumber } from '../../contracts/mobile-phone.js';
import type { Service } from '../../contracts/setup.js';
import { fixedWindow, type RateLimits } from '../ports/rate-limits.js';
import type { CallScope } from '../booking/cancel.js';
import { ToolError } from '../booking/errors.js';
import { checkedDate, requireHours } from '../booking/rules.js';
import { loadSalonContext, phoneKey, requirePhone, resolveService, type BookingDeps, type SalonContext } from '../booking/context.js';
import { searchSlots } from '../booking/slots.js';
import { speakDate } from '../booking/speak.js';
import { dayOfWeek, openingOn } from '../booking/time.js';
import { sendOffer, type OfferDeps } from './send-offer.js';
import { doesService } from '../booking/who-does-what.js';
import type { Ports } from '../ports.js';

/**
 * The waiting list (docs/reminders.md): the receptionist offers it when a day the caller asked
 * for is full, and keeps their name, number, service and day. When a booking on that day is
 * cancelled (however far off: the caller was promised a text), everyone waiting for the day whose service fits the
 * freed time is texted it; the first to reply YES books it through the same conflict-proof
 * booking as any caller (functions/core/waitlist/offer-reply.ts).
 */
const HOUR = 3_600_000;

const refusals = {
  notMobile: () =>
    new ToolError(
      'invalid',
      'not_mobile',
      "I can only text a mobile when a time comes free. What's a mobile number I can text you on?",
      'callerPhone is not a mobile number',
    ),
  notFull: (day: string) =>
    new ToolError(
      'conflict',
      'day_not_full',
      `There are still times free ${day}, so there's no need for the waiting list. Would you like me to find you one?`,
      'The day is not full',
    ),
  tooMany: () =>
    new ToolError(
      'too_many_requests',
      'too_many_waitlist_joins',
      "I can't add that number to any more waiting lists just now. Would you like me to take a message for the salon?",
      'This phone joined too many waiting lists this hour',
    ),
  full: () =>
    new ToolError(
      'too_many_requests',
      'waitlist_full',
      "I can't add anyone to the waiting list just now. Would you like me to take a message for the salon?",
      'The salon took too many waiting-list joins this hour',
    ),
};

/** The waiting list is for a day the salon is open and has no time left for the service. */
async function refuseUnlessFull(deps: BookingDeps, context: SalonContext, service: Service, date: string, now: number): Promise<void> {
  const opening = openingOn(requireHours(context), date);
  if (!opening) {
    const weekday = dayOfWeek(date);
    throw new ToolError(
      'invalid',
      'closed',
      `Sorry, we're closed on ${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}s. Would another day suit you?`,
      'The salon is closed that day',
    );
  }
  const found = await searchSlots(deps, context, {
    durationMinutes: service.duration,
    serviceId: service.id,
    stylists: context.setup.stylists,
    fromDate: date,
    toDate: date,
    limit: 1,
  });
  if (found.slots.length) throw refusals.notFull(speakDate(date, now));
}

/**
 * `join-waitlist`: the caller waits for a time on a day that was full (RELIABILITY 74): only a
 * full day the salon is open, only a mobile (the offer is a text), one entry per number and day
 * (a repeat finds the caller already on it), within hourly caps per caller and per salon like
 * take-message's, since every entry is a text when a time comes free.
 */
export async function joinWaitlist(
  deps: BookingDeps & { rateLimits: RateLimits },
  salonId: string,
  input: ToolInput<'join-waitlist'>,
  scope: CallScope = { test: false },
): Promise<ToolAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const now = deps.now();
  const date = checkedDate(input.date, now.getTime());
  const service = resolveService(context, input.service);
  const callerPhone = requirePhone(input.callerPhone);
  if (!(await isMobileNumber(callerPhone))) throw refusals.notMobile();
  await refuseUnlessFull(deps, context, service, date, now.getTime());
  const day = speakDate(date, now.getTime());
  const joined = `You're on the waiting list for ${day}. If a time comes free we'll text you, and the first to reply gets it.`;
  // The owner's test call hears what a caller would, and nobody real is ever texted for it.
  if (scope.test) return { ok: true, say: joined, test: true };
  const hour = fixedWindow(now, HOUR);
  const phoneHash = phoneKey(salonId, callerPhone);
  // The caller's cap first: one phone over its cap must not use up what the salon takes from everyone.
  if (!(await deps.rateLimits.take({ kind: 'caller-waitlist', salonId, phoneHash }, hour, FLOOD_LIMITS.waitlistJoinsPerCallerPerHour)))
    throw refusals.tooMany();
  if (!(await deps.rateLimits.take({ kind: 'salon-waitlist', salonId }, hour, FLOOD_LIMITS.waitlistJoinsPerSalonPerHour))) throw refusals.full();
  // The entry's id is the caller's number (hashed): one entry per number and day.
  const entry = {
    id: phoneHash,
    date,
    serviceId: service.id,
    serviceName: service.name,
    durationMinutes: service.duration,
    callerName: input.callerName,
    callerPhone,
    createdAt: now.toISOString(),
  };
  if (await deps.bookings.waitlist.add(salonId, entry)) return { ok: true, say: joined, waitlistId: entry.id };
  return {
    ok: true,
    say: `You're already on the waiting list for ${day}. If a time comes free we'll text you, and the first to reply gets it.`,
    waitlistId: entry.id,
  };
}

export type { OfferDeps };

/** `booking.slot-freed`: texts the day's waiting list the freed time; answers how many were texted. */
export async function offerFreedSlot(deps: OfferDeps & Pick<Ports, 'setup'>, appointment: Appointment, salonName: string): Promise<number> {
  const now = deps.now();
  if (!offerable(appointment, now)) return 0;
  const date = appointment.start.slice(0, 10);
  const minutes = (Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000;
  const [entries, setup] = await Promise.all([deps.bookings.waitlist.forDay(appointment.salonId, date), deps.setup.load(appointment.salonId)]);
  // A YES books the freed time with its stylist: only those waiting for a service that stylist does are texted it.
  const stylist = setup.stylists.find((each) => each.id === appointment.stylistId);
  const fits = entries.filter(
    (entry) => entry.durationMinutes <= minutes && entry.callerPhone !== appointment.callerPhone && (!stylist || doesService(stylist, { id: entry.serviceId })),
  );
  // One text per number, and only to a mobile, whatever the list holds (entries kept before these rules included).
  const numbers = [...new Set(fits.map((entry) => entry.callerPhone))];
  const mobiles = new Set((await Promise.all(numbers.map(async (phone) => ((await isMobileNumber(phone)) ? phone : null)))).filter(Boolean));
  const waiting = fits.filter((entry, index) => mobiles.has(entry.callerPhone) && fits.findIndex((other) => other.callerPhone === entry.callerPhone) === index);
  if (!waiting.length) return 0;
  // The offer's id is the freed booking's: a redelivered event makes the same offer, not a second one.
  await sendOffer(deps, {
    offerId: appointment.id,
    salonId: appointment.salonId,
    salonName,
    start: appointment.start,
    stylistName: appointment.stylistName,
    waiting,
  });
  return waiting.length;
}
