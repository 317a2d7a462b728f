import { toolSay, type CancelAnswer, type ToolInput } from '../../contracts/agent-tools.js';
import { publicAppointment } from '../../store/booking-store.js';
import { bookingView, speakWhen } from './book-answers.js';
import { callerBookingIds } from './caller-record.js';
import { checkedDate } from './rules.js';
import { loadSalonContext, phoneKey, requirePhone, type BookingDeps, type SalonContext } from './context.js';
import { cancelOn, type Gone } from './day-ledger.js';
import { endOnDay, publishEnded } from './day-changes.js';
import { expireUnpaidDeposit } from './deposit-session.js';
import { logger } from '../../logger.js';
import { ToolError } from './errors.js';
import { speakList } from './speak.js';
import { localDate } from './time.js';
import type { MovedTo, StoredAppointment } from './records.js';

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
}

const inScope = (appointment: StoredAppointment, scope: CallScope) => (appointment.source === 'test-call') === scope.test;

const notFound = () => new ToolError('not_found', 'booking_not_found', toolSay.bookingNotFound, 'No booking of this caller matches');

/**
 * The caller's booking: by id (any status, so a second cancel can say it is already done), or
 * their one upcoming confirmed booking (on `date` when given). Several → the agent asks which.
 */
export async function findCallerBooking(deps: BookingDeps, context: SalonContext, lookup: BookingLookup, scope: CallScope): Promise<StoredAppointment> {
  const salonId = context.salon.id;
  const phone = requirePhone(lookup.callerPhone);
  const now = deps.now().getTime();
  if (lookup.bookingId) {
    const appointment = await deps.bookings.appointments.get(salonId, lookup.bookingId);
    if (!appointment || appointment.callerPhone !== phone || !inScope(appointment, scope)) throw notFound();
    return appointment;
  }
  const date = lookup.date ? checkedDate(lookup.date, now) : undefined;
  const ids = await callerBookingIds(deps, salonId, phoneKey(salonId, phone));
  const upcoming = (await deps.bookings.appointments.getMany(salonId, ids))
    .filter((appointment) => appointment.status !== 'cancelled' && appointment.callerPhone === phone && inScope(appointment, scope) && Date.parse(appointment.start) > now)
    .filter((appointment) => !date || localDate(Date.parse(appointment.start)) === date)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (upcoming.length === 0) throw notFound();
  if (upcoming.length > 1) {
    const options = upcoming.slice(0, 4).map((appointment) => `the ${appointment.service.name} ${speakWhen(Date.parse(appointment.start), now)}`);
    throw new ToolError('conflict', 'which_booking', `You have a few bookings: ${speakList(options, 'and')}. Which one do you mean?`, 'More than one booking matches', {
      bookings: upcoming.map((appointment) => bookingView(publicAppointment(appointment), now)),
    });
  }
  return upcoming[0]!;
}

/**
 * Cancels a booking on its stylist's day, where the decision is made: of a cancel and a
 * reschedule (or two cancels) racing, the first transaction wins and the other reads what
 * happened. The day, the appointment, the month's count, the reminder and the calendar write go
 * in one transaction (ending.ts); then `booking.cancelled` is published.
 */
export async function cancelOnDay(deps: BookingDeps, context: SalonContext, appointment: StoredAppointment): Promise<'cancelled' | Gone> {
  const ref = { stylistId: appointment.stylistId, date: localDate(Date.parse(appointment.start)) };
  const ended = await endOnDay(deps, context, ref, appointment.id, (today) => cancelOn(today, appointment.id, deps.now().toISOString()));
  if (ended.result === 'cancelled' && ended.appointment) {
    const { status, cancelledAt, rescheduledTo, cancelReason } = ended.appointment;
    await publishEnded(deps, context, { ...appointment, status, cancelledAt, rescheduledTo, cancelReason });
    // What leaves the table after the write: an unpaid deposit's link stops working (a payment that still arrives is refunded).
    if (ended.reservation) {
      await expireUnpaidDeposit(deps, context.salon.id, ended.reservation).catch((error: unknown) => {
        logger.warn('deposit session not expired; it lapses on its own', { salonId: context.salon.id, bookingId: appointment.id, name: (error as Error)?.name });
      });
    }
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
  const appointment = await findCallerBooking(deps, context, input, scope);
  const now = deps.now().getTime();
  const when = speakWhen(Date.parse(appointment.start), now);
  const already: CancelAnswer = { ok: true, say: `That booking ${when} is already cancelled.`, alreadyCancelled: true, booking: bookingView(publicAppointment({ ...appointment, status: 'cancelled' }), now) };
  if (appointment.status === 'cancelled') {
    const movedTo = await movedTarget(deps, appointment);
    if (movedTo) throw movedAway(appointment, movedTo, now);
    return already;
  }
  if (Date.parse(appointment.start) <= now) {
    throw new ToolError('invalid', 'past', "That appointment has already started, so I can't cancel it now.", 'The booking has already started');
  }
  const outcome = await cancelOnDay(deps, context, appointment);
  if (outcome !== 'cancelled' && outcome.kind === 'ended' && outcome.ended.movedTo) throw movedAway(appointment, outcome.ended.movedTo, now);
  if (outcome !== 'cancelled') return already;
  return {
    ok: true,
    say: `That's cancelled: your ${appointment.service.name} ${when}. Thanks for letting us know.`,
    alreadyCancelled: false,
    booking: bookingView(publicAppointment({ ...appointment, status: 'cancelled' }), now),
  };
}
