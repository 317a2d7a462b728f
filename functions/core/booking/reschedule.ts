import type { RescheduleAnswer, ToolInput } from '../../contracts/agent-tools.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import { publicAppointment } from '../../store/booking-store.js';
import { bookingView, speakWhen } from './book-answers.js';
import { freeCandidates, recordFor, slotTaken } from './candidates.js';
import { busyByStylist, fetchBusy } from './calendar.js';
import { movedAway, findCallerBooking, type CallScope } from './cancel.js';
import { loadSalonContext, newBookingId, resolveStylist, withMappingsRead, type BookingDeps, type SalonContext } from './context.js';
import { changeDay, commitMoveOn, finishMoveOn, movedToOf, releaseOn, reserve, swapOn, type Gone } from './day-ledger.js';
import { ToolError } from './errors.js';
import { appointmentOf } from './projections.js';
import { markerFor, markUnsettled, settleOrLeave, type Marker } from './settle.js';
import { bookedByStylist, sharingCalendars } from './slots.js';
import { checkBookable, refuseStart } from './rules.js';
import { localDate, parseStart } from './time.js';
import type { DayItem, DayReservation, StoredAppointment } from './records.js';

/**
 * `reschedule`: moves the caller's booking (phone must match) to a new start, the same service,
 * the same stylist unless another (or "anyone") is asked for. Exactly one change of a booking
 * takes effect (RELIABILITY 33); the decision is always made on the old booking's day item:
 *
 * - Within one stylist's day: one conditional write ends the old booking as moved and takes the
 *   new time (moving by a quarter of an hour works).
 * - To another day or stylist: the new time is first held (a reservation marked `movingFrom`),
 *   then the old booking's day records the move (the commit, refused if the booking was cancelled
 *   or moved meanwhile, and then the hold is released), then the hold becomes the booking.
 *
 * Settle markers are written before the first write, so a crash at any point is finished or
 * undone by the sweep (settle.ts). A retry finds the booking already moved there and answers so.
 * A paid deposit moves with the booking: the new reservation carries it (RELIABILITY 66).
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

type MoveOutcome = { kind: 'moved'; stylist: Stylist; day: DayItem; reservation: DayReservation } | { kind: 'taken' } | { kind: 'gone'; gone: Gone };

/** Takes the new time for one candidate and commits the move, or answers why not. */
async function moveTo(deps: BookingDeps, context: SalonContext, old: StoredAppointment, candidate: Stylist, reservation: DayReservation, prefetched: DayItem | undefined): Promise<MoveOutcome> {
  const salonId = context.salon.id;
  const at = deps.now().toISOString();
  const date = localDate(Date.parse(reservation.start));
  const oldRef = { stylistId: old.stylistId, date: localDate(Date.parse(old.start)) };
  if (candidate.id === oldRef.stylistId && date === oldRef.date) {
    const { result, day } = await changeDay(deps, salonId, oldRef, (current) => swapOn(current, old.id, reservation, at), prefetched);
    if (result === 'moved') return { kind: 'moved', stylist: candidate, day, reservation };
    return result === 'taken' ? { kind: 'taken' } : { kind: 'gone', gone: result };
  }
  const ref = { stylistId: candidate.id, date };
  const hold = { ...reservation, movingFrom: { bookingId: old.id, ...oldRef } };
  const held = await changeDay(deps, salonId, ref, (current) => reserve(current, hold), prefetched);
  if (held.result === 'taken') return { kind: 'taken' };
  const commit = await changeDay(deps, salonId, oldRef, (current) => commitMoveOn(current, old.id, movedToOf(reservation, candidate.id), at));
  if (commit.result !== 'moved') {
    await changeDay(deps, salonId, ref, (current) => releaseOn(current, reservation.bookingId));
    return { kind: 'gone', gone: commit.result === 'fenced' ? { kind: 'missing' } : commit.result };
  }
  const finished = await changeDay(deps, salonId, ref, (current) => finishMoveOn(current, reservation.bookingId));
  return { kind: 'moved', stylist: candidate, day: finished.day, reservation };
}

export async function reschedule(deps: BookingDeps, salonId: string, input: ToolInput<'reschedule'>, scope: CallScope = { test: false }): Promise<RescheduleAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const parsed = parseStart(input.newStart);
  if (!parsed.ok) refuseStart(parsed.problem);
  const start = parsed.time.toMillis();
  const asked = input.stylist === undefined ? undefined : resolveStylist(context, input.stylist);
  const old = await findCallerBooking(deps, context, { callerPhone: input.callerPhone, ...(input.bookingId ? { bookingId: input.bookingId } : {}), ...(input.date ? { date: input.date } : {}) }, scope);
  const now = deps.now().getTime();
  const movedAnswer = (moved: StoredAppointment): RescheduleAnswer => ({
    ok: true,
    say: `You're all set: your ${moved.service.name} is now ${speakWhen(Date.parse(moved.start), now)} with ${moved.stylistName}.`,
    booking: bookingView(publicAppointment(moved), now),
  });

  if (old.status === 'cancelled') {
    const moved = old.rescheduledTo ? await deps.bookings.appointments.get(salonId, old.rescheduledTo) : null;
    if (moved?.status === 'confirmed' && sameTarget(moved, start, asked)) return movedAnswer(moved);
    if (moved?.status === 'confirmed') throw movedAway(old, moved, now);
    throw new ToolError('conflict', 'booking_cancelled', 'That booking was cancelled, so there is nothing to move. Would you like to make a new booking?', 'The booking is cancelled');
  }
  if (Date.parse(old.start) <= now) throw new ToolError('invalid', 'past', "That appointment has already started, so I can't move it now.", 'The booking has already started');
  if (old.status === 'awaiting_deposit') throw awaitingDepositRefusal();

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
  const markers: Marker[] = [markerFor(bookingId, date, candidateIds), markerFor(old.id, oldDate, [old.stylistId])];
  const refs = sharingCalendars(context, candidates).map((stylistId) => ({ stylistId, date }));
  const isOldDay = (ref: { stylistId: string; date: string }) => ref.stylistId === old.stylistId && ref.date === oldDate;
  // The old booking's day comes in the same batch: its deposit, paid, goes with the booking. So do
  // the stylists' calendar mappings: one the owner changed a moment ago counts at once.
  const read = deps.bookings.readForOffer(salonId, refs.some(isOldDay) ? refs : [...refs, { stylistId: old.stylistId, date: oldDate }], []);
  const currentOf = read.then((found) => withMappingsRead(context, refs.map((ref) => ref.stylistId), found.mappings));
  const [, found, current, raw] = await Promise.all([
    markUnsettled(deps, salonId, markers),
    read,
    currentOf,
    currentOf.then((current) => fetchBusy(deps, salonId, current.setup.mappings, candidateIds, start, end, 'book')),
  ]);
  const days = found.days.filter((day) => day.date === date);
  const deposit = found.days.find(isOldDay)?.intervals.find((entry) => entry.bookingId === old.id)?.record?.deposit;
  if (deposit && !deposit.paidAt) {
    await deps.bookings.settlements.clear(markers.map((marker) => ({ salonId, id: marker.id }))).catch(() => undefined);
    throw awaitingDepositRefusal();
  }
  const busy = busyByStylist(raw, current.setup.mappings, candidateIds, bookedByStylist(days));
  const dayOf = new Map(days.map((day) => [day.stylistId, day]));
  const fields = {
    service: old.service,
    callerName: old.callerName,
    callerPhone: old.callerPhone,
    callerEmail: old.callerEmail,
    source: old.source,
    createdAt: deps.now().toISOString(),
    idempotencyKey: null,
    rescheduledFrom: old.id,
    ...(deposit ? { deposit } : {}),
  };
  let outcome: MoveOutcome = { kind: 'taken' };
  for (const candidate of freeCandidates(candidates, dayOf, busy.busy, { start, end }, { byLoad: false, exceptBookingId: old.id })) {
    const reservation = { bookingId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), record: recordFor(current, candidate, fields) };
    outcome = await moveTo(deps, context, old, candidate, reservation, dayOf.get(candidate.id));
    if (outcome.kind !== 'taken') break;
  }
  if (outcome.kind !== 'moved') {
    // Nothing changed here; whoever changed the booking instead settles it under markers of their own.
    await deps.bookings.settlements.clear(markers.map((marker) => ({ salonId, id: marker.id }))).catch(() => undefined);
    if (outcome.kind === 'taken') await slotTaken(deps, context, service, stylist, start);
    throw goneAnswer(old, outcome.kind === 'gone' ? outcome.gone : { kind: 'missing' }, { start, asked }, now);
  }
  const [settled] = await Promise.all([settleOrLeave(deps, context, markers[0]!, [outcome.day]), settleOrLeave(deps, context, markers[1]!)]);
  const booking = settled ?? appointmentOf(salonId, outcome.stylist.id, outcome.reservation)!;
  return {
    ok: true,
    say: `Done: your ${old.service.name} is moved to ${speakWhen(start, now).replace(/^on /, '')} with ${outcome.stylist.name}.`,
    booking: bookingView(publicAppointment(booking), now),
    previousBookingId: old.id,
  };
}

/** The deposit's session names this booking: moving it before it is paid would leave the payment nowhere to land. */
function awaitingDepositRefusal(): ToolError {
  return new ToolError(
    'conflict',
    'awaiting_deposit',
    "That booking is still waiting for its deposit, so I can't move it yet. Once it's paid I can change the time, or I can cancel it now and book the new time instead.",
    'The booking is awaiting its deposit',
  );
}

/** Where a booking went is where this request wanted it (a retry, or the same wish twice). */
function sameTarget(movedTo: { start: string; stylistId: string }, start: number, asked: Stylist | null | undefined): boolean {
  return Date.parse(movedTo.start) === start && (!asked || asked.id === movedTo.stylistId);
}

/** What the caller hears when the booking changed under this request (RELIABILITY 33). */
function goneAnswer(old: StoredAppointment, gone: Gone, request: { start: number; asked: Stylist | null | undefined }, now: number): ToolError {
  const movedTo = gone.kind === 'ended' ? gone.ended.movedTo : null;
  const start = request.start;
  if (movedTo && sameTarget(movedTo, start, request.asked)) {
    return new ToolError('conflict', 'already_moved', `That booking has just been moved to ${speakWhen(start, now).replace(/^on /, '')} with ${movedTo.stylistName}, so you're all set.`, 'The booking was already moved to this time', {
      movedTo: movedTo.start,
    });
  }
  if (movedTo) return movedAway(old, movedTo, now);
  return new ToolError('conflict', 'booking_cancelled', 'That booking was cancelled, so there is nothing to move. Would you like to make a new booking?', 'The booking is cancelled');
}
