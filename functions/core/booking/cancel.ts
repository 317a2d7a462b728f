import { toolSay, type CancelAnswer, type ToolInput } from '../../contracts/agent-tools.js';
import { publicAppointment, type DayItem, type DayRef, type MovedTo, type StoredAppointment } from './records.js';
import { type BookingRead } from '../ports/booking-store.js';
import { bookingView, speakWhen } from './book-answers.js';
import { checkedDate } from './rules.js';
import { loadSalonContext, phoneKey, requirePhone, type BookingDeps, type SalonContext } from './context.js';
import { cancelOn, type Gone } from './day-ledger.js';
import { endOnDay } from './day-changes.js';
import { expireUnpaidDeposit } from './deposit-session.js';
import { holdMarkerId } from './deposit.js';
import { logger } from '../../logger.js';
import { ToolError } from './errors.js';
import { speakList } from './speak.js';
import { localDate } from './time.js';

/**
 * `cancel` (and the lookup `reschedule` shares): the caller's phone must match the booking's.
 * A booking that does not exist and one under another number get the same answer, so the tool
 * never tells a caller whether someone else has a booking.
 *
 * A call reaches the bookings of its own kind only (RELIABILITY 41, 43): the owner's test call its
 * test bookings, so a real customer's booking (and any message to them) is out of its reach; a
 * real call the real ones, never the owner's make-believe under a customer's number.
 */
export interface BookingLookup {
  bookingId?: string;
  date?: string;
  callerPhone: string;
}

/** Which call is asking: the owner's test call (`ToolCall.test`) or a real one. */
export interface CallScope {
  test: boolean;
  /** Awaited before the change's transaction: the caller's right, confirmed beside the reads (registry.ts). */
  beforeWrite?: () => Promise<void>;
}

const inScope = (appointment: StoredAppointment, scope: CallScope) => (appointment.source === 'test-call') === scope.test;

const notFound = () => new ToolError('not_found', 'booking_not_found', toolSay.bookingNotFound, 'No booking of this caller matches');

export interface FoundBooking {
  appointment: StoredAppointment;
  /**
   * Found by phone: the batch read that found it, holding the caller's record, the days of their
   * upcoming bookings and whatever else was asked for (`also`), so the change reads nothing more.
   */
  read: BookingRead | null;
}

/**
 * The caller's booking: by id (any status, so a second cancel can say it is already done), or
 * their one upcoming confirmed booking (on `date` when given). Several → the agent asks which.
 * By phone, the appointments come in one batch read with the days they may be on (every stylist's,
 * on each upcoming booking's date) and `also`'s days and calendar mirrors.
 */
export async function findCallerBooking(
  deps: BookingDeps,
  context: SalonContext,
  lookup: BookingLookup,
  scope: CallScope,
  also: { refs?: readonly DayRef[]; calendarIds?: readonly string[] } = {},
): Promise<FoundBooking> {
  const salonId = context.salon.id;
  const phone = requirePhone(lookup.callerPhone);
  const now = deps.now().getTime();
  if (lookup.bookingId) {
    const appointment = await deps.bookings.appointments.get(salonId, lookup.bookingId);
    if (!appointment || appointment.callerPhone !== phone || !inScope(appointment, scope)) throw notFound();
    return { appointment, read: null };
  }
  const date = lookup.date ? checkedDate(lookup.date, now) : undefined;
  const phoneHash = phoneKey(salonId, phone);
  const entries = (await deps.bookings.callers.get(salonId, phoneHash)).bookings.filter((entry) => !date || localDate(entry.start) === date);
  const dates = [...new Set(entries.filter((entry) => entry.start > now).map((entry) => localDate(entry.start)))];
  const refs = uniqueRefs([...(also.refs ?? []), ...dates.flatMap((each) => context.setup.stylists.map((stylist) => ({ stylistId: stylist.id, date: each })))]);
  const read = await deps.bookings.readForBooking(salonId, phoneHash, refs, also.calendarIds ?? [], { appointments: entries.map((entry) => entry.bookingId) });
  const upcoming = read.appointments
    .filter(
      (appointment) =>
        appointment.status !== 'cancelled' && appointment.callerPhone === phone && inScope(appointment, scope) && Date.parse(appointment.start) > now,
    )
    .filter((appointment) => !date || localDate(Date.parse(appointment.start)) === date)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (upcoming.length === 0) throw notFound();
  if (upcoming.length > 1) {
    const options = upcoming.slice(0, 4).map((appointment) => `the ${appointment.service.name} ${speakWhen(Date.parse(appointment.start), now)}`);
    throw new ToolError(
      'conflict',
      'which_booking',
      `You have a few bookings: ${speakList(options, 'and')}. Which one do you mean?`,
      'More than one booking matches',
      {
        bookings: upcoming.map((appointment) => bookingView(publicAppointment(appointment), now)),
      },
    );
  }
  return { appointment: upcoming[0]!, read };
}

const uniqueRefs = (refs: readonly DayRef[]) => [...new Map(refs.map((ref) => [`${ref.stylistId}#${ref.date}`, ref])).values()];

/** The day a booking is on, when a read already holds it. */
export const dayIn = (read: BookingRead | null, ref: DayRef): DayItem | undefined =>
  read?.days.find((day) => day.stylistId === ref.stylistId && day.date === ref.date);

/**
 * Cancels a booking on its stylist's day, where the decision is made: of a cancel and a
 * reschedule (or two cancels) racing, the first transaction wins and the other reads what
 * happened. The day, the appointment, the month's count, the reminder, the calendar write and
 * `booking.cancelled` go in one transaction (day-changes.ts).
 */
export async function cancelOnDay(deps: BookingDeps, context: SalonContext, appointment: StoredAppointment, prefetched?: DayItem): Promise<'cancelled' | Gone> {
  const ref = { stylistId: appointment.stylistId, date: localDate(Date.parse(appointment.start)) };
  // A held time cancelled: the sweep's marker for its deposit goes with it.
  const extra = appointment.status === 'awaiting_deposit' ? { clearedHolds: [{ salonId: context.salon.id, id: holdMarkerId(appointment.id) }] } : {};
  const ended = await endOnDay(deps, context, ref, appointment.id, (today) => cancelOn(today, appointment.id, deps.now().toISOString()), {
    prefetched,
    stored: appointment,
    extra,
  });
  // What leaves the table after the write: an unpaid deposit's link stops working (a payment that still arrives is refunded).
  if (ended.result === 'cancelled' && ended.reservation) {
    await expireUnpaidDeposit(deps, context.salon.id, ended.reservation).catch((error: unknown) => {
      logger.warn('deposit session not expired; it lapses on its own', { salonId: context.salon.id, bookingId: appointment.id, name: (error as Error)?.name });
    });
  }
  return ended.result;
}

/** A booking that was moved is not cancelled on the old time's say-so: the caller is told where it went. */
export function movedAway(appointment: StoredAppointment, movedTo: Pick<MovedTo, 'start' | 'stylistName'>, now: number): ToolError {
  const where = `${speakWhen(Date.parse(movedTo.start), now).replace(/^on /, '')}${movedTo.stylistName ? ` with ${movedTo.stylistName}` : ''}`;
  return new ToolError(
    'conflict',
    'booking_moved',
    `That booking was moved to ${where}, so I haven't changed anything. Would you like me to change the new time instead?`,
    'The booking was rescheduled',
    { movedTo: movedTo.start },
  );
}

async function movedTarget(deps: BookingDeps, appointment: StoredAppointment): Promise<MovedTo | null> {
  if (!appointment.rescheduledTo) return null;
  const moved = await deps.bookings.appointments.get(appointment.salonId, appointment.rescheduledTo);
  return moved ? { bookingId: moved.id, start: moved.start, stylistId: moved.stylistId, stylistName: moved.stylistName } : null;
}

export async function cancel(deps: BookingDeps, salonId: string, input: ToolInput<'cancel'>, scope: CallScope = { test: false }): Promise<CancelAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const { appointment, read } = await findCallerBooking(deps, context, input, scope);
  const now = deps.now().getTime();
  const when = speakWhen(Date.parse(appointment.start), now);
  const already: CancelAnswer = {
    ok: true,
    say: `That booking ${when} is already cancelled.`,
    alreadyCancelled: true,
    booking: bookingView(publicAppointment({ ...appointment, status: 'cancelled' }), now),
  };
  if (appointment.status === 'cancelled') {
    const movedTo = await movedTarget(deps, appointment);
    if (movedTo) throw movedAway(appointment, movedTo, now);
    return already;
  }
  if (Date.parse(appointment.start) <= now) {
    throw new ToolError('invalid', 'past', "That appointment has already started, so I can't cancel it now.", 'The booking has already started');
  }
  await scope.beforeWrite?.();
  const outcome = await cancelOnDay(
    deps,
    context,
    appointment,
    dayIn(read, { stylistId: appointment.stylistId, date: localDate(Date.parse(appointment.start)) }),
  );
  if (outcome !== 'cancelled' && outcome.kind === 'ended' && outcome.ended.movedTo) throw movedAway(appointment, outcome.ended.movedTo, now);
  if (outcome !== 'cancelled') return already;
  return {
    ok: true,
    say: `That's cancelled: your ${appointment.service.name} ${when}. Thanks for letting us know.`,
    alreadyCancelled: false,
    booking: bookingView(publicAppointment({ ...appointment, status: 'cancelled' }), now),
  };
}
