import type { RescheduleAnswer, ToolInput } from '../../contracts/agent-tools.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import { publicAppointment, type DayItem, type DayRef, type DayReservation, type StoredAppointment } from './records.js';
import { type CallerRecord } from '../ports/booking/caller-store.js';
import { UnavailableError } from '../errors.js';
import { bookingView, speakWhen } from './book-answers.js';
import { freeCandidates, recordFor, slotTaken } from './candidates.js';
import { candidatesFor } from './who-does-what.js';
import { busyByStylist, calendarsOf, fetchBusy } from './calendar.js';
import { prunedCaller } from './caller-record.js';
import { dayIn, movedAway, findCallerBooking, type CallScope } from './cancel.js';
import { countOf, joined, liveItems } from './change-items.js';
import { loadSalonContext, newBookingId, phoneKey, resolveStylist, withMappingsRead, type BookingDeps, type SalonContext } from './context.js';
import { endingItems, repaired } from './day-changes.js';
import { confirmedEvent, endedAs, endedEvents, stamped } from './booking-events.js';
import { backoffMs, commitMoveOn, MAX_ATTEMPTS, movedToOf, pause, pruned, reserve, swapOn, type Gone } from './day-ledger.js';
import { ToolError } from './errors.js';
import { appointmentOf } from './projections.js';
import { bookedByStylist, sharingCalendars } from './slots.js';
import { checkBookable, refuseStart } from './rules.js';
import { localDate, parseStart } from './time.js';

/**
 * `reschedule`: moves the caller's booking (phone must match) to a new start, the same service,
 * the same stylist unless another (or "anyone") is asked for. Exactly one change of a booking
 * takes effect (RELIABILITY 33); the decision is always made on the old booking's day item:
 *
 * - Within one stylist's day: the old booking ends as moved and the new one takes the time in the
 *   same write of the day (moving by a quarter of an hour works).
 * - To another day or stylist: the new time's day takes the booking and the old booking's day
 *   records the move, both at the versions read, in one transaction (refused if the booking was
 *   cancelled or moved meanwhile, or the time taken).
 *
 * Either way the appointments, the caller's record, the counts, reminders and calendar writes
 * change in the same transaction (booking-change.ts): a crash leaves the move done or not begun.
 * A retry finds the booking already moved there and answers so.
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

type MoveOutcome = { kind: 'moved'; stylist: Stylist; appointment: StoredAppointment } | { kind: 'taken' } | { kind: 'gone'; gone: Gone };

interface MoveRead {
  days: Map<string, DayItem>;
  caller: CallerRecord;
  phoneHash: string;
}

const dayKeyOf = (ref: DayRef) => `${ref.stylistId}#${ref.date}`;

/**
 * Takes the new time for one candidate and ends the old booking as moved there, in one
 * transaction: the new time's day and the old booking's day (one item when they are the same
 * day), both appointments, the caller's record, the counts, reminders and calendar writes. A
 * refusal writes nothing: what refused it is read again and the move decided again.
 */
async function moveTo(
  deps: BookingDeps,
  context: SalonContext,
  old: StoredAppointment,
  candidate: Stylist,
  reservation: DayReservation,
  read: MoveRead,
): Promise<MoveOutcome> {
  const salonId = context.salon.id;
  const oldRef = { stylistId: old.stylistId, date: localDate(Date.parse(old.start)) };
  const newRef = { stylistId: candidate.id, date: localDate(Date.parse(reservation.start)) };
  const sameDay = dayKeyOf(oldRef) === dayKeyOf(newRef);
  const dayOf = async (ref: DayRef) => read.days.get(dayKeyOf(ref)) ?? (await deps.bookings.days.get(salonId, ref));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const now = deps.now();
    const at = now.toISOString();
    const [oldDay, newDay] = await Promise.all([dayOf(oldRef), dayOf(newRef)]);
    let written: DayItem[];
    let oldAfter: DayItem;
    if (sameDay) {
      const { result, next } = swapOn(oldDay, old.id, reservation, at);
      if (result !== 'moved') return result === 'taken' ? { kind: 'taken' } : { kind: 'gone', gone: result };
      if (!next) throw new UnavailableError();
      oldAfter = next;
      written = [pruned(next, now.getTime())];
    } else {
      const held = reserve(newDay, reservation);
      if (held.result === 'taken') return { kind: 'taken' };
      const moved = commitMoveOn(oldDay, old.id, movedToOf(reservation, candidate.id), at);
      if (moved.result !== 'moved') return { kind: 'gone', gone: moved.result };
      if (!held.next || !moved.next) throw new UnavailableError();
      oldAfter = moved.next;
      written = [pruned(held.next, now.getTime()), pruned(moved.next, now.getTime())];
    }
    const ending = endingItems(salonId, oldRef.stylistId, oldDay, old.id, oldAfter, now);
    const appointment = appointmentOf(salonId, candidate.id, reservation)!;
    if (!ending) throw new UnavailableError();
    const caller = prunedCaller(read.caller, now.getTime());
    const record = {
      ...caller,
      bookings: [
        ...caller.bookings.filter((entry) => entry.bookingId !== old.id && entry.bookingId !== appointment.id),
        { bookingId: appointment.id, start: Date.parse(reservation.start) },
      ],
    };
    // A move is not a new booking: the month's count stays as it is (the new booking is counted as the old: countedAs).
    const { counted: _counted, ...live } = liveItems(context, appointment, now);
    const { uncounted: _uncounted, ...ended } = ending.change;
    const events = stamped([...endedEvents(context, endedAs(old, ending.cancelled), now), confirmedEvent(context, appointment)], now);
    const change = joined({ days: written, created: [appointment], caller: { phoneHash: read.phoneHash, record }, ...live, events }, { days: [], ...ended });
    let outcome = await deps.bookings.commitChange(salonId, change);
    if (!outcome.committed && (outcome.refused === 'ended' || outcome.refused === 'uncounted'))
      outcome = await deps.bookings.commitChange(salonId, await repaired(deps, salonId, change, ending.cancelled));
    if (outcome.committed) return { kind: 'moved', stylist: candidate, appointment };
    if (outcome.refused === 'caller') read.caller = await deps.bookings.callers.get(salonId, read.phoneHash);
    else if (outcome.refused === 'day' || outcome.refused === 'conflict')
      for (const ref of sameDay ? [oldRef] : [oldRef, newRef]) read.days.delete(dayKeyOf(ref));
    else throw new UnavailableError();
    await pause(backoffMs(attempt));
  }
  throw new UnavailableError();
}

export async function reschedule(
  deps: BookingDeps,
  salonId: string,
  input: ToolInput<'reschedule'>,
  scope: CallScope = { test: false },
): Promise<RescheduleAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const parsed = parseStart(input.newStart);
  if (!parsed.ok) refuseStart(parsed.problem);
  const start = parsed.time.toMillis();
  const asked = input.stylist === undefined ? undefined : resolveStylist(context, input.stylist);
  // Found by phone, the caller's booking comes in one batch with every stylist's day at the new
  // time and their calendars' mirrors: the move then reads nothing more before its transaction.
  const everyone = context.setup.stylists.map((each) => each.id);
  const target = {
    refs: everyone.map((stylistId) => ({ stylistId, date: localDate(start) })),
    calendarIds: deps.calendarMirrors ? calendarsOf(context.setup.mappings, everyone) : [],
  };
  const lookup = { callerPhone: input.callerPhone, ...(input.bookingId ? { bookingId: input.bookingId } : {}), ...(input.date ? { date: input.date } : {}) };
  const { appointment: old, read: lookedUp } = await findCallerBooking(deps, context, lookup, scope, target);
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
    throw new ToolError(
      'conflict',
      'booking_cancelled',
      'That booking was cancelled, so there is nothing to move. Would you like to make a new booking?',
      'The booking is cancelled',
    );
  }
  if (Date.parse(old.start) <= now)
    throw new ToolError('invalid', 'past', "That appointment has already started, so I can't move it now.", 'The booking has already started');
  if (old.status === 'awaiting_deposit') throw awaitingDepositRefusal();

  const service = serviceOf(context, old);
  const end = checkBookable(context, service, start, now);
  const sameStylist: Stylist | null = context.setup.stylists.find((stylist) => stylist.id === old.stylistId) ?? null;
  const stylist = asked === undefined ? sameStylist : asked;
  if (stylist?.id === old.stylistId && Date.parse(old.start) === start) {
    return {
      ok: true,
      say: `That's already your booking time: ${speakWhen(start, now)} with ${old.stylistName}.`,
      booking: bookingView(publicAppointment(old), now),
    };
  }

  const bookingId = newBookingId();
  const date = localDate(start);
  const oldDate = localDate(Date.parse(old.start));
  const candidates = candidatesFor(context.setup.stylists, stylist, service, date);
  const candidateIds = candidates.map((candidate) => candidate.id);
  const refs = sharingCalendars(context, candidates).map((stylistId) => ({ stylistId, date }));
  const isOldDay = (ref: { stylistId: string; date: string }) => ref.stylistId === old.stylistId && ref.date === oldDate;
  const phoneHash = phoneKey(salonId, old.callerPhone);
  // The old booking's day and the caller's record come in the same batch: its deposit, paid, goes
  // with the booking. So do the stylists' calendar mappings: one the owner changed a moment ago counts at once.
  const wanted = refs.some(isOldDay) ? refs : [...refs, { stylistId: old.stylistId, date: oldDate }];
  const calendarIds = deps.calendarMirrors ? calendarsOf(context.setup.mappings, candidateIds) : [];
  const covered = lookedUp && wanted.every((ref) => dayIn(lookedUp, ref)) && calendarIds.every((id) => target.calendarIds.includes(id));
  const read = covered ? Promise.resolve(lookedUp) : deps.bookings.readForBooking(salonId, phoneHash, wanted, calendarIds);
  const currentOf = read.then((found) =>
    withMappingsRead(
      context,
      refs.map((ref) => ref.stylistId),
      found.mappings,
    ),
  );
  const [found, current, raw] = await Promise.all([
    read,
    currentOf,
    Promise.all([read, currentOf]).then(([found, current]) =>
      fetchBusy(deps, salonId, current.setup.mappings, candidateIds, start, end, 'book', deps.calendarMirrors ? found.mirrors : undefined),
    ),
  ]);
  const days = found.days.filter((day) => day.date === date);
  const deposit = found.days.find(isOldDay)?.intervals.find((entry) => entry.bookingId === old.id)?.record?.deposit;
  if (deposit && !deposit.paidAt) throw awaitingDepositRefusal();
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
    countedAs: countOf(old),
    ...(deposit ? { deposit } : {}),
  };
  await scope.beforeWrite?.();
  let outcome: MoveOutcome = { kind: 'taken' };
  const moveRead: MoveRead = { days: new Map(found.days.map((day) => [dayKeyOf(day), day])), caller: found.caller, phoneHash };
  for (const candidate of freeCandidates(candidates, dayOf, busy.busy, { start, end }, { byLoad: false, exceptBookingId: old.id })) {
    const reservation = { bookingId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), record: recordFor(current, candidate, fields) };
    outcome = await moveTo(deps, current, old, candidate, reservation, moveRead);
    if (outcome.kind !== 'taken') break;
  }
  if (outcome.kind !== 'moved') {
    if (outcome.kind === 'taken') await slotTaken(deps, context, service, stylist, start);
    throw goneAnswer(old, outcome.kind === 'gone' ? outcome.gone : { kind: 'missing' }, { start, asked }, now);
  }
  const booking = outcome.appointment;
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
    return new ToolError(
      'conflict',
      'already_moved',
      `That booking has just been moved to ${speakWhen(start, now).replace(/^on /, '')} with ${movedTo.stylistName}, so you're all set.`,
      'The booking was already moved to this time',
      {
        movedTo: movedTo.start,
      },
    );
  }
  if (movedTo) return movedAway(old, movedTo, now);
  return new ToolError(
    'conflict',
    'booking_cancelled',
    'That booking was cancelled, so there is nothing to move. Would you like to make a new booking?',
    'The booking is cancelled',
  );
}
