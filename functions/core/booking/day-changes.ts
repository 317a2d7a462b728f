import type { BookingChange } from '../ports/booking/booking-change.js';
import { UnavailableError } from '../errors.js';
import { endedItems, liveItems } from './change-items.js';
import type { BookingDeps, SalonContext } from './context.js';
import { backoffMs, MAX_ATTEMPTS, pause, pruned, type Step } from './day-ledger.js';
import { appointmentOf } from './projections.js';
import { confirmedEvent, endedAs, endedEvents, stamped } from './booking-events.js';
import type { DayItem, DayRef, EndedReservation, StoredAppointment } from './records.js';

/**
 * A change of one booking on its stylist's day, as one transaction: the day at the version read
 * and everything that must agree with it. Ended (cancelled, its deposit not paid, a test booking
 * cleared): the appointment marked cancelled, its month's count, reminder and calendar event taken
 * back. Paid: the appointment confirmed, counted and reminded. A lost race reads the day again and
 * decides again, so of two changes of one booking only the first takes effect.
 */
export interface Ended<R> {
  result: R;
  day: DayItem;
  /** The appointment as it now stands, when this change ended it. */
  appointment?: StoredAppointment;
  /** Its reservation as ended (its deposit's session is expired when unpaid). */
  reservation?: EndedReservation;
}

/** The cancelled appointment an ended reservation stands for. */
export function cancelledOf(salonId: string, stylistId: string, ended: EndedReservation): StoredAppointment | null {
  const live = appointmentOf(salonId, stylistId, ended);
  if (!live) return null;
  return { ...live, status: 'cancelled', cancelledAt: ended.at, rescheduledTo: ended.movedTo?.bookingId ?? null, cancelReason: ended.reason ?? null };
}

/** The ending of one booking whose reservation the step moved to the day's `ended`, in a change's items. */
export function endingItems(
  salonId: string,
  stylistId: string,
  before: DayItem,
  bookingId: string,
  after: DayItem,
  now: Date,
): { change: Omit<BookingChange, 'days'>; cancelled: StoredAppointment } | null {
  const live = before.intervals.find((entry) => entry.bookingId === bookingId);
  const ended = after.ended.find((entry) => entry.bookingId === bookingId);
  const appointment = live && appointmentOf(salonId, stylistId, live);
  const cancelled = ended && cancelledOf(salonId, stylistId, ended);
  if (!appointment || !cancelled) return null;
  return {
    change: {
      ended: [
        { bookingId, at: ended.at, ...(ended.movedTo ? { rescheduledTo: ended.movedTo.bookingId } : {}), ...(ended.reason ? { reason: ended.reason } : {}) },
      ],
      ...endedItems(appointment, now),
    },
    cancelled,
  };
}

export interface ChangeOptions {
  /** More items for the transaction (a held time's marker deleted). */
  extra?: Omit<BookingChange, 'days'>;
  /** The day as a read a moment ago found it (saves reading it again). */
  prefetched?: DayItem;
  /** The appointment as stored, for the events that tell of the change (its calendar state, its no-show mark). */
  stored?: StoredAppointment;
}

export async function endOnDay<R>(
  deps: BookingDeps,
  context: SalonContext,
  ref: DayRef,
  bookingId: string,
  step: (day: DayItem) => Step<R>,
  options: ChangeOptions = {},
): Promise<Ended<R>> {
  const salonId = context.salon.id;
  const { extra = {}, prefetched, stored } = options;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const day = attempt === 0 && prefetched ? prefetched : await deps.bookings.days.get(salonId, ref);
    const { result, next } = step(day);
    if (!next) return { result, day };
    const now = deps.now();
    const written = pruned(next, now.getTime());
    const ending = endingItems(salonId, ref.stylistId, day, bookingId, next, now);
    const events = ending ? stamped(endedEvents(context, stored ? endedAs(stored, ending.cancelled) : ending.cancelled, now), now) : [];
    const change: BookingChange = { ...extra, days: [written], ...(ending?.change ?? {}), events };
    let outcome = await deps.bookings.commitChange(salonId, change);
    if (!outcome.committed && ending && (outcome.refused === 'ended' || outcome.refused === 'uncounted')) {
      // What an older booking's projections missed (written before a booking was one transaction): the day still decides.
      outcome = await deps.bookings.commitChange(salonId, await repaired(deps, salonId, change, ending.cancelled));
    }
    const reservation = next.ended.find((entry) => entry.bookingId === bookingId);
    if (outcome.committed) return { result, day: { ...written, version: day.version + 1 }, ...(ending ? { appointment: ending.cancelled, reservation } : {}) };
    await pause(backoffMs(attempt));
  }
  throw new UnavailableError();
}

/** The change without the conditions an inconsistent older booking refuses: its appointment made cancelled whatever it was, its count left alone. */
export async function repaired(deps: BookingDeps, salonId: string, change: BookingChange, cancelled: StoredAppointment): Promise<BookingChange> {
  const stored = await deps.bookings.appointments.get(salonId, cancelled.id);
  const { ended: _ended, uncounted: _uncounted, ...rest } = change;
  return stored ? rest : { ...rest, created: [cancelled] };
}

/**
 * A held booking's deposit paid, on its day: the reservation records the payment and, in the same
 * transaction, the appointment is confirmed, counted and reminded, and the hold's marker goes.
 */
export async function payOnDay<R>(
  deps: BookingDeps,
  context: SalonContext,
  ref: DayRef,
  bookingId: string,
  step: (day: DayItem) => Step<R>,
  options: ChangeOptions = {},
): Promise<Ended<R>> {
  const salonId = context.salon.id;
  const { extra = {}, stored } = options;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const day = await deps.bookings.days.get(salonId, ref);
    const { result, next } = step(day);
    if (!next) return { result, day };
    const now = deps.now();
    const written = pruned(next, now.getTime());
    const paid = next.intervals.find((entry) => entry.bookingId === bookingId);
    const appointment = paid && appointmentOf(salonId, ref.stylistId, paid);
    const told = appointment && confirmedEvent(context, stored ? { ...stored, status: appointment.status } : appointment);
    const items = appointment ? { paid: [bookingId], ...liveItems(context, appointment, now), events: stamped([told!], now) } : {};
    const outcome = await deps.bookings.commitChange(salonId, { ...extra, days: [written], ...items });
    if (outcome.committed) return { result, day: { ...written, version: day.version + 1 }, ...(appointment ? { appointment } : {}) };
    if (outcome.refused !== 'day' && outcome.refused !== 'conflict') throw new UnavailableError();
    await pause(backoffMs(attempt));
  }
  throw new UnavailableError();
}
