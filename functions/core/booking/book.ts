import { BOOKING_RULES, toolSay, ZONED_TIME, type ToolInput } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import { publicAppointment, type BookingRecord, type DayItem, type DepositHold } from '../../store/booking-store.js';
import { lastBookableDate, overlaps, type Interval } from './availability.js';
import { busyByStylist, fetchBusy, type RawBusy } from './calendar.js';
import { admitCaller, forgetCallerBooking } from './caller-record.js';
import { requireHours, type ToolAnswer } from './check-availability.js';
import {
  loadSalonContext,
  newBookingId,
  phoneKey,
  requestHash,
  requirePhone,
  resolveService,
  resolveStylist,
  type BookingDeps,
  type SalonContext,
} from './context.js';
import { changeDay, reserve } from './day-ledger.js';
import { DEPOSIT_HOLD_MS, depositTerms, holdMarkerId, openDepositCheckout } from './deposit.js';
import { ToolError } from './errors.js';
import { claimKey, madeEarlier } from './idempotency.js';
import { appointmentOf, DEPOSIT_RELEASE_MARGIN_MS, markerFor, markUnsettled, settleOrLeave } from './settle.js';
import { bookedByStylist, byStartTime, nearest, offered, searchSlots, sharingCalendars } from './slots.js';
import { speakDate, speakDuration, speakList, speakPrice, speakTime } from './speak.js';
import { dayOfWeek, fromWallClock, localDate, MINUTE, openingOn, parseStart, type LocalTimeProblem } from './time.js';
import { servicePriceCents } from '../money.js';

/**
 * `book`: the booking that cannot double-book (RELIABILITY 13, 15, 16, 19, 20, 22).
 *
 * 1. The service and stylist must be this salon's; the start a real local time on the grid,
 *    inside opening hours, not past, not beyond the horizon (nothing is written before this).
 * 2. With an `Idempotency-Key`: the key is claimed with the request's hash; the same key and body
 *    again answers the first answer, another body 422.
 * 3. The caller's hourly cap is counted, a settle marker written, the calendar's busy time
 *    re-checked.
 * 4. The stylist's day item takes the whole booking with a conditional write (retried on a lost
 *    race, refused when the time overlaps): this is the commit and the booking of record.
 * 5. Settling (settle.ts): the appointment is stored, the calendar event written with an id
 *    derived from the booking id (left pending if the calendar is down), and `booking.confirmed`
 *    published. A crash here leaves the marker for the sweep, which does the same.
 */
export type BookingSource = Appointment['source'];

export interface BookOptions {
  idempotencyKey?: string;
  source?: BookingSource;
}

export function refuseStart(problem: LocalTimeProblem): never {
  if (problem === 'clocks-go-forward') throw new ToolError('invalid', 'clocks_go_forward', toolSay.clocksGoForward, 'That local time is skipped when the clocks go forward');
  if (problem === 'zoned') throw new ToolError('invalid', ZONED_TIME, toolSay.zonedTime, 'start must be the local time in Ireland, with no zone or offset');
  throw new ToolError('invalid', 'bad_start', toolSay.badStart, 'start is not a real date and time');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Business limits on a start (RELIABILITY 7, 8): refused before anything is written. */
export function checkBookable(context: SalonContext, service: Pick<Service, 'name' | 'duration'>, start: number, now: number): number {
  const hours = requireHours(context);
  const end = start + service.duration * MINUTE;
  if (start < now) throw new ToolError('invalid', 'past', toolSay.past, 'start is in the past');
  if (start < now + BOOKING_RULES.minNoticeMinutes * MINUTE) throw new ToolError('invalid', 'too_soon', toolSay.tooSoon, 'start is too soon');
  const date = localDate(start);
  if (date > lastBookableDate(now)) throw new ToolError('invalid', 'too_far', toolSay.tooFar, `start is more than ${BOOKING_RULES.horizonDays} days ahead`);
  if (start % (BOOKING_RULES.gridMinutes * MINUTE) !== 0) throw new ToolError('invalid', 'off_grid', toolSay.offGrid, 'start is not on the quarter hour');
  const opening = openingOn(hours, date);
  const weekday = capitalise(dayOfWeek(date));
  if (!opening) throw new ToolError('invalid', 'closed', `Sorry, we're closed on ${weekday}s. Would another day suit you?`, 'The salon is closed that day');
  if (localDate(end - 1) !== date) throw new ToolError('invalid', 'spans_midnight', `Sorry, that would run past closing time. Would an earlier time suit you?`, 'A booking cannot run past midnight');
  const hoursToday = `On ${weekday}s we're open ${speakTime(opening.open).replace(" o'clock", '')} to ${speakTime(opening.close).replace(" o'clock", '')}.`;
  if (start < opening.open || start >= opening.close) {
    throw new ToolError('invalid', 'outside_hours', `Sorry, that's outside our opening hours. ${hoursToday}`, 'start is outside opening hours');
  }
  if (end > opening.close) {
    const latest = opening.close - service.duration * MINUTE;
    const tail = latest >= opening.open ? ` The latest I could start it that day is ${speakTime(latest - (latest % (BOOKING_RULES.gridMinutes * MINUTE)))}.` : '';
    throw new ToolError('invalid', 'past_closing', `A ${service.name} takes ${speakDuration(service.duration)}, so that would run past closing time.${tail}`, 'The service would end after closing');
  }
  return end;
}

/** "today at half two" / "on Saturday the 28th at half two". */
export function speakWhen(start: number, now: number): string {
  const day = speakDate(localDate(start), now);
  return `${day === 'today' || day === 'tomorrow' ? day : `on ${day}`} at ${speakTime(start)}`;
}

export function bookingView(appointment: Appointment, now: number) {
  const start = Date.parse(appointment.start);
  return {
    id: appointment.id,
    service: appointment.service.name,
    stylist: appointment.stylistName,
    start: appointment.start,
    end: appointment.end,
    spoken: speakWhen(start, now),
    price: speakPrice(appointment.service),
    status: appointment.status,
  };
}

/** Nearby free times on the same day, for "that time was just taken" answers. */
export async function alternativesNear(deps: BookingDeps, context: SalonContext, service: Service, stylist: Stylist | null, start: number) {
  const date = localDate(start);
  const found = await searchSlots(deps, context, { durationMinutes: service.duration, stylists: stylist ? [stylist] : context.setup.stylists, fromDate: date, toDate: date });
  const now = deps.now().getTime();
  return nearest(byStartTime(found.slots, context.setup.stylists), start, 3).map((entry) => offered(entry, context.setup.stylists, now));
}

export async function slotTaken(deps: BookingDeps, context: SalonContext, service: Service, stylist: Stylist | null, start: number): Promise<never> {
  const alternatives = await alternativesNear(deps, context, service, stylist, start).catch(() => []);
  const say = alternatives.length
    ? `${toolSay.slotTaken} I could do ${speakList(alternatives.map((option) => speakTime(fromWallClock(option.start))), 'or')} instead. Would one of those suit?`
    : `${toolSay.slotTaken} There's nothing else free that day, I'm afraid. Would another day suit you?`;
  throw new ToolError('conflict', 'slot_taken', say, 'That time is no longer free', { alternatives });
}

export async function book(deps: BookingDeps, salonId: string, input: ToolInput<'book'>, options: BookOptions = {}): Promise<ToolAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const service = resolveService(context, input.service);
  const stylist = resolveStylist(context, input.stylist);
  const callerPhone = requirePhone(input.callerPhone);
  const parsed = parseStart(input.start);
  if (!parsed.ok) refuseStart(parsed.problem);
  const start = parsed.time.toMillis();
  const now = deps.now().getTime();
  const end = checkBookable(context, service, start, now);

  let bookingId = newBookingId();
  const key = options.idempotencyKey;
  if (key) {
    const claim = await claimKey(deps, salonId, key, requestHash({ ...input, callerPhone }));
    if (claim.replay) return claim.replay;
    bookingId = claim.bookingId;
  }
  try {
    const answer = await commit(deps, context, { service, stylist, start, end, bookingId, callerPhone, input, options });
    if (key) await deps.bookings.idempotency.complete(salonId, key, answer);
    return answer;
  } catch (error) {
    if (key) await deps.bookings.idempotency.release(salonId, key).catch(() => undefined);
    throw error;
  }
}

interface Commit {
  service: Service;
  stylist: Stylist | null;
  start: number;
  end: number;
  bookingId: string;
  callerPhone: string;
  input: ToolInput<'book'>;
  options: BookOptions;
}

/** What the appointment is rebuilt from, for the stylist who takes it. */
export function recordFor(context: SalonContext, stylist: Stylist, fields: Omit<BookingRecord, 'stylistName' | 'calendarId'>): BookingRecord {
  return { ...fields, stylistName: stylist.name, calendarId: context.setup.mappings[stylist.id] ?? null };
}

export function serviceRecord(service: Service): BookingRecord['service'] {
  return {
    id: service.id,
    name: service.name,
    durationMinutes: service.duration,
    ...servicePriceCents(service),
  };
}

/** Any stylist: the least booked that day first, then the salon's order; only those free then. */
export function freeCandidates(
  candidates: readonly Stylist[],
  days: ReadonlyMap<string, DayItem>,
  busy: Record<string, Interval[]>,
  interval: Interval,
  options: { byLoad: boolean; exceptBookingId?: string },
): Stylist[] {
  const booked = bookedByStylist([...days.values()], options.exceptBookingId);
  const isFree = (candidate: Stylist) =>
    !(booked[candidate.id] ?? []).some((existing) => overlaps(existing, interval)) && !(busy[candidate.id] ?? []).some((existing) => overlaps(existing, interval));
  return candidates
    .map((candidate, position) => ({ candidate, position, load: days.get(candidate.id)?.intervals.length ?? 0 }))
    .filter(({ candidate }) => isFree(candidate))
    .sort((a, b) => (options.byLoad ? a.load - b.load : 0) || a.position - b.position)
    .map(({ candidate }) => candidate);
}

/**
 * The commit: the marker first (so a crash after the write is found by the sweep), then one
 * conditional write on the chosen stylist's day that holds the whole booking. Everything after it
 * is settling, which the sweep would redo if this request died.
 */
async function commit(deps: BookingDeps, context: SalonContext, request: Commit): Promise<ToolAnswer> {
  const { service, stylist, start, end, callerPhone } = request;
  let bookingId = request.bookingId;
  const salonId = context.salon.id;
  const date = localDate(start);
  const candidates = stylist ? [stylist] : context.setup.stylists;
  const phoneHash = phoneKey(salonId, callerPhone);
  const candidateIds = candidates.map((candidate) => candidate.id);
  let marker = markerFor(bookingId, date, candidateIds);
  const terms = await depositTerms(deps, context, service);
  // A held time's own marker, due when its deposit's session has expired: the sweep releases the
  // hold then if no webhook did (settle.ts).
  const holdMarker = terms
    ? { ...markerFor(bookingId, date, candidateIds), id: holdMarkerId(bookingId), since: new Date(deps.now().getTime() + DEPOSIT_HOLD_MS + DEPOSIT_RELEASE_MARGIN_MS).toISOString() }
    : null;
  const markers = holdMarker ? [marker, holdMarker] : [marker];

  // The cap, the markers, the stylists' days, their calendars and the deposit's checkout, all at
  // once. A checkout made for a time that turns out taken is never texted to anyone and expires.
  // The caller's record comes in the same read as the days.
  const read = deps.bookings.readForBooking(salonId, phoneHash, sharingCalendars(context, candidates).map((stylistId) => ({ stylistId, date })));
  const [admitted, marked, days, raw, checkout] = await Promise.allSettled([
    read.then(({ caller }) => admitCaller(deps, salonId, phoneHash, { bookingId, start }, caller)),
    markUnsettled(deps, salonId, markers),
    read.then(({ days: found }) => found),
    fetchBusy(deps, salonId, context.setup.mappings, candidateIds, start, end, 'book'),
    terms ? openDepositCheckout(deps, context, terms, { bookingId, serviceName: service.name }) : Promise.resolve(null),
  ]);
  let written: DayItem | undefined;
  let chosen: Stylist | undefined;
  try {
    for (const outcome of [admitted, marked, days, raw, checkout]) if (outcome.status === 'rejected') throw outcome.reason;
    const deposit = (checkout as PromiseFulfilledResult<Omit<DepositHold, 'paidAt'> | null>).value;
    const dayList = (days as PromiseFulfilledResult<DayItem[]>).value;
    const busy = busyByStylist((raw as PromiseFulfilledResult<RawBusy>).value, context.setup.mappings, candidateIds, bookedByStylist(dayList));
    const dayOf = new Map(dayList.map((day) => [day.stylistId, day]));
    const fields = {
      service: serviceRecord(service),
      callerName: request.input.callerName,
      callerPhone,
      callerEmail: request.input.callerEmail ?? null,
      source: request.options.source ?? 'phone-agent',
      createdAt: deps.now().toISOString(),
      idempotencyKey: request.options.idempotencyKey ?? null,
      rescheduledFrom: null,
      ...(deposit ? { deposit: { ...deposit, paidAt: null } } : {}),
    } satisfies Omit<BookingRecord, 'stylistName' | 'calendarId'>;
    const key = request.options.idempotencyKey;
    const earlier = key
      ? madeEarlier(dayList, { key, start: new Date(start).toISOString(), serviceId: service.id, stylistId: stylist?.id ?? null, callerName: request.input.callerName, callerPhone })
      : null;
    if (earlier && earlier.reservation.bookingId !== bookingId) {
      // The key was claimed afresh (its first request released it after booking): this request's
      // own booking id is not used, so it leaves nothing behind under it.
      await Promise.all([forgetCallerBooking(deps, salonId, phoneHash, bookingId), deps.bookings.settlements.clear(markers.map((each) => ({ salonId, id: each.id }))).catch(() => undefined)]);
      bookingId = earlier.reservation.bookingId;
      marker = markerFor(bookingId, date, [earlier.day.stylistId]);
    }
    if (earlier) {
      // This key's request booked before it died: that booking is the answer, nothing is booked again.
      chosen = context.setup.stylists.find((each) => each.id === earlier.day.stylistId) ?? { id: earlier.day.stylistId, name: earlier.reservation.record!.stylistName };
      written = earlier.day;
    }
    for (const candidate of earlier ? [] : freeCandidates(candidates, dayOf, busy.busy, { start, end }, { byLoad: !stylist })) {
      const reservation = { bookingId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), record: recordFor(context, candidate, fields) };
      const { result, day } = await changeDay(deps, salonId, { stylistId: candidate.id, date }, (current) => reserve(current, reservation), dayOf.get(candidate.id));
      if (result === 'reserved') {
        chosen = candidate;
        written = day;
        break;
      }
    }
    if (!chosen) await slotTaken(deps, context, service, stylist, start);
  } catch (error) {
    // Never reserved: the booking did not happen, so it does not count and leaves nothing behind.
    if (!chosen) {
      await Promise.all([
        admitted.status === 'fulfilled' ? forgetCallerBooking(deps, salonId, phoneHash, bookingId) : undefined,
        marked.status === 'fulfilled' ? deps.bookings.settlements.clear(markers.map((each) => ({ salonId, id: each.id }))).catch(() => undefined) : undefined,
      ]);
    }
    throw error;
  }
  const settled = await settleOrLeave(deps, context, marker, [written!]);
  const booking = settled ?? appointmentOf(salonId, chosen!.id, written!.intervals.find((entry) => entry.bookingId === bookingId)!)!;
  const now = deps.now().getTime();
  const price = speakPrice(booking.service);
  if (booking.status === 'awaiting_deposit') {
    const deposit = written!.intervals.find((entry) => entry.bookingId === bookingId)!.record!.deposit!;
    // A caller who missed appointments here before is told why the deposit matters (docs/reminders.md, no-shows).
    const pastNoShows = (await read).pastNoShows;
    const missed = pastNoShows ? ` As ${pastNoShows === 1 ? 'an appointment was' : 'appointments were'} missed before, the deposit is needed to keep this one.` : '';
    return {
      ok: true,
      pastNoShows,
      say: `I've pencilled you in for a ${service.name} with ${chosen!.name} ${speakWhen(start, now)}.${price ? ` It's ${price}.` : ''} There's a ${speakPrice({ priceCents: deposit.amountCents, priceMinCents: null, priceMaxCents: null })} deposit for it: I've texted you a link to pay it, and I'll hold the time for ${Math.floor(DEPOSIT_HOLD_MS / MINUTE) - 1} minutes until it's paid.${missed} You don't need to give me any card details.`,
      booking: bookingView(publicAppointment(booking), now),
      deposit: { amountCents: deposit.amountCents, expiresAt: deposit.expiresAt, texted: true },
      calendar: booking.calendarSync,
    };
  }
  return {
    ok: true,
    say: `You're booked in for a ${service.name} with ${chosen!.name} ${speakWhen(start, now)}.${price ? ` It's ${price}.` : ''} See you then!`,
    booking: bookingView(publicAppointment(booking), now),
    calendar: booking.calendarSync,
  };
}
