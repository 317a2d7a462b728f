import type { ToolInput } from '../../contracts/agent-tools.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import { publicAppointment, type DayItem, type StoredAppointment } from '../../store/booking-store.js';
import { overlaps } from './availability.js';
import { bookingView, checkBookable, completeBooking, refuseStart, slotTaken, speakWhen } from './book.js';
import { busyByStylist, fetchBusy } from './calendar.js';
import type { ToolAnswer } from './check-availability.js';
import { cancelAppointment, findCallerBooking } from './cancel.js';
import { loadSalonContext, newBookingId, phoneKey, resolveStylist, type BookingDeps, type SalonContext } from './context.js';
import { ToolError } from './errors.js';
import { moveCallerBooking, reserveInterval } from './reservation.js';
import { bookedByStylist, sharingCalendars } from './slots.js';
import { isoLocal, localDate, parseStart } from './time.js';

/**
 * `reschedule`: moves the caller's booking (phone must match) to a new start, the same service,
 * the same stylist unless another (or "anyone") is asked for. The new time is reserved first and
 * the old booking cancelled after, so at no moment does the caller hold neither; within one
 * stylist's day the swap is a single conditional write (moving by a quarter of an hour works).
 * A retry finds the old booking already moved to that time and answers the same.
 */
function serviceOf(context: SalonContext, appointment: StoredAppointment): Service {
  const current = context.setup.services.find((service) => service.id === appointment.service.id);
  if (current) return current;
  const { service } = appointment;
  const euro = (cents: number | null) => (cents === null ? null : cents / 100);
  return {
    id: service.id,
    name: service.name,
    duration: service.durationMinutes,
    price: euro(service.priceCents),
    price_min: euro(service.priceMinCents),
    price_max: euro(service.priceMaxCents),
    isRange: service.priceCents === null,
    comment: '',
  };
}

export async function reschedule(deps: BookingDeps, salonId: string, input: ToolInput<'reschedule'>): Promise<ToolAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const parsed = parseStart(input.newStart);
  if (!parsed.ok) refuseStart(parsed.problem);
  const start = parsed.time.toMillis();
  const asked = input.stylist === undefined ? undefined : resolveStylist(context, input.stylist);
  const old = await findCallerBooking(deps, context, { callerPhone: input.callerPhone, ...(input.bookingId ? { bookingId: input.bookingId } : {}), ...(input.date ? { date: input.date } : {}) });
  const now = deps.now().getTime();

  if (old.status === 'cancelled') {
    const moved = old.rescheduledTo ? await deps.bookings.getAppointment(salonId, old.rescheduledTo) : null;
    if (moved?.status === 'confirmed' && Date.parse(moved.start) === start) {
      return { ok: true, say: `You're all set: your ${moved.service.name} is now ${speakWhen(start, now)} with ${moved.stylistName}.`, booking: bookingView(publicAppointment(moved), now) };
    }
    throw new ToolError(409, 'booking_cancelled', 'That booking was cancelled, so there is nothing to move. Would you like to make a new booking?', 'The booking is cancelled');
  }
  if (Date.parse(old.start) <= now) throw new ToolError(400, 'past', "That appointment has already started, so I can't move it now.", 'The booking has already started');

  const service = serviceOf(context, old);
  const end = checkBookable(context, service, start, now);
  const sameStylist: Stylist | null = context.setup.stylists.find((stylist) => stylist.id === old.stylistId) ?? null;
  const stylist = asked === undefined ? sameStylist : asked;
  if (stylist?.id === old.stylistId && Date.parse(old.start) === start) {
    return { ok: true, say: `That's already your booking time: ${speakWhen(start, now)} with ${old.stylistName}.`, booking: bookingView(publicAppointment(old), now) };
  }

  const bookingId = newBookingId();
  const date = localDate(start);
  const oldDate = localDate(Date.parse(old.start));
  const candidates = stylist ? [stylist] : context.setup.stylists;
  const candidateIds = candidates.map((candidate) => candidate.id);
  const [days, raw] = await Promise.all([
    deps.bookings.getDays(salonId, sharingCalendars(context, candidates).map((stylistId) => ({ stylistId, date }))),
    fetchBusy(deps, salonId, context.setup.mappings, candidateIds, start, end),
  ]);
  const own = bookedByStylist(days);
  const booked = bookedByStylist(days, old.id);
  const busy = busyByStylist(raw, context.setup.mappings, candidateIds, own);
  const dayOf = new Map<string, DayItem>(days.map((day) => [day.stylistId, day]));
  const interval = { start, end };
  let chosen: Stylist | undefined;
  for (const candidate of candidates) {
    const free = !(booked[candidate.id] ?? []).some((existing) => overlaps(existing, interval)) && !(busy.busy[candidate.id] ?? []).some((existing) => overlaps(existing, interval));
    if (!free) continue;
    const swap = candidate.id === old.stylistId && date === oldDate;
    const outcome = await reserveInterval(deps, salonId, { stylistId: candidate.id, date }, { bookingId, start, end }, { prefetched: dayOf.get(candidate.id), ...(swap ? { replacing: old.id } : {}) });
    if (outcome === 'reserved') {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) await slotTaken(deps, context, service, stylist, start);

  const calendarId = context.setup.mappings[chosen!.id] ?? null;
  const moved: StoredAppointment = {
    ...old,
    id: bookingId,
    stylistId: chosen!.id,
    stylistName: chosen!.name,
    start: isoLocal(start),
    end: isoLocal(end),
    status: 'confirmed',
    createdAt: deps.now().toISOString(),
    calendarEventId: null,
    calendarId,
    calendarSync: calendarId ? 'pending' : 'none',
    idempotencyKey: null,
    cancelledAt: null,
    rescheduledFrom: old.id,
    rescheduledTo: null,
  };
  const final = await completeBooking(deps, context, moved);
  await cancelAppointment(deps, context, old, { rescheduledTo: bookingId });
  await moveCallerBooking(deps, salonId, phoneKey(salonId, old.callerPhone), old.id, { bookingId, start });
  return {
    ok: true,
    say: `Done: your ${old.service.name} is moved to ${speakWhen(start, now).replace(/^on /, '')} with ${chosen!.name}.`,
    booking: bookingView(publicAppointment(final), now),
    previousBookingId: old.id,
  };
}
