import { randomBytes } from 'node:crypto';
import { logger } from '../../logger.js';
import type { SettleMarker } from '../../store/booking-store.js';
import { retryCalendarSync } from './calendar-events.js';
import { rememberCallerBooking } from './caller-record.js';
import { loadSalonContext, phoneKey, type BookingDeps, type SalonContext } from './context.js';
import { awaitingDeposit, changeDay, fenceOn, finishMoveOn, goneOf, releaseDepositOn, releaseOn } from './day-ledger.js';
import { ToolError } from './errors.js';
import { expireUnpaidDeposit } from './deposit-session.js';
import { appointmentOf, projectConfirmed, projectEnded } from './projections.js';
import { localDate } from './time.js';
import type { DayItem, DayRef, DayReservation, StoredAppointment } from './records.js';

/**
 * Settling a booking: making everything else agree with its day item, the booking of record.
 * A live reservation gets its appointment (created once), its count, its calendar event and
 * `booking.confirmed`; an ended one gets its appointment cancelled (or moved), its event removed,
 * the caller's record updated and `booking.cancelled`; a move hold whose request died is
 * committed or given up. Every step is safe to repeat, so the request that made the change and
 * the sweep that finds its marker later (a crash, a timeout) run the same code.
 */
export type Marker = Omit<SettleMarker, 'since' | 'salonId'> & {
  /** When the sweep may take it up (less its grace); now unless later (a deposit hold's expiry). */
  since?: string;
};

/**
 * How long after its Checkout Session expired a hold is released without Stripe's
 * `checkout.session.expired` (the webhook normally does it first): long enough for a payment made
 * in the session's last minute to reach us.
 */
export const DEPOSIT_RELEASE_MARGIN_MS = 10 * 60_000;

/** A marker of this request's own for a change of `bookingId` on `date`. */
export function markerFor(bookingId: string, date: string, stylistIds: string[]): Marker {
  return { id: `${bookingId}#${randomBytes(6).toString('base64url')}`, bookingId, date, stylistIds };
}

/**
 * The marker of a new booking's own request: named by the booking, so that booking.confirmed's
 * consumer, which finishes the booking's projections (ensureConfirmed), can clear it.
 */
export function bookMarkerFor(bookingId: string, date: string, stylistIds: string[]): Marker {
  return { id: bookMarkerId(bookingId), bookingId, date, stylistIds };
}

const bookMarkerId = (bookingId: string) => `${bookingId}#book`;

/**
 * A move hold whose request did not finish: committed if the old booking's day says it moved
 * here; otherwise fenced off on that day (so a late commit cannot happen) and released.
 */
async function resolveMove(deps: BookingDeps, salonId: string, holdDay: DayRef, hold: DayReservation): Promise<void> {
  const origin = hold.movingFrom!;
  const { result } = await changeDay(deps, salonId, { stylistId: origin.stylistId, date: origin.date }, (day) => fenceOn(day, hold.bookingId, deps.now().toISOString()));
  const step = result === 'committed' ? (day: DayItem) => finishMoveOn(day, hold.bookingId) : (day: DayItem) => releaseOn(day, hold.bookingId);
  await changeDay(deps, salonId, holdDay, step);
}

function findOn(days: readonly DayItem[], bookingId: string) {
  for (const day of days) {
    const live = day.intervals.find((entry) => entry.bookingId === bookingId);
    if (live) return { day, live };
    const gone = goneOf(day, bookingId);
    if (gone.kind === 'ended') return { day, ended: gone.ended };
  }
  return null;
}

export interface SettleOptions {
  /**
   * List a live booking in its caller's record if missing (rememberCallerBooking): the sweep's
   * settle, and a request that cannot know its booking's record was written (book's cap write
   * failed, or an earlier request under its key died).
   */
  rememberCaller?: boolean;
}

/**
 * Settles one booking from its day item(s) and clears its marker. `known` are days the caller has
 * just written or read (saves reading them again). Answers the appointment when it is live.
 */
export async function settleBooking(deps: BookingDeps, context: SalonContext, marker: Marker, known?: readonly DayItem[], options: SettleOptions = {}): Promise<StoredAppointment | null> {
  const salonId = context.salon.id;
  const refs = marker.stylistIds.map((stylistId) => ({ stylistId, date: marker.date }));
  let found = findOn(known ?? (await deps.bookings.days.getMany(salonId, refs)), marker.bookingId);
  if (found?.live?.movingFrom) {
    await resolveMove(deps, salonId, found.day, found.live);
    found = findOn(await deps.bookings.days.getMany(salonId, [found.day]), marker.bookingId);
  }
  if (found?.live && awaitingDeposit(found.live)) {
    // A hold whose deposit never came (no webhook reached us): released once well past its expiry.
    const now = deps.now();
    const { result, day } = await changeDay(deps, salonId, found.day, (today) => releaseDepositOn(today, marker.bookingId, now.toISOString(), now.getTime() - DEPOSIT_RELEASE_MARGIN_MS));
    if (result === 'released') found = findOn([day], marker.bookingId);
  }
  let live: StoredAppointment | null = null;
  if (found?.live) {
    const appointment = appointmentOf(salonId, found.day.stylistId, found.live);
    if (appointment) {
      const booking = { bookingId: appointment.id, start: Date.parse(found.live.start) };
      const remembered = options.rememberCaller ? rememberCallerBooking(deps, salonId, phoneKey(salonId, appointment.callerPhone), booking) : undefined;
      [live] = await Promise.all([projectConfirmed(deps, context, appointment, found.live.record?.deposit), remembered]);
    }
  } else if (found?.ended) {
    await projectEnded(deps, context, found.day.stylistId, found.ended);
    await expireUnpaidDeposit(deps, salonId, found.ended);
  } else {
    // No reservation, so no booking: an appointment that claims otherwise is put right.
    const orphan = await deps.bookings.appointments.get(salonId, marker.bookingId);
    if (orphan && orphan.status !== 'cancelled') {
      await projectEnded(deps, context, orphan.stylistId, { bookingId: orphan.id, start: orphan.start, end: orphan.end, at: deps.now().toISOString(), movedTo: null });
    }
  }
  await deps.bookings.settlements.clear([{ ...marker, salonId }]);
  return live;
}

/** The salon's context, or null when the salon is gone (its account deleted). */
function contextUnlessGone(deps: BookingDeps, salonId: string): Promise<SalonContext | null> {
  return loadSalonContext(deps, salonId).catch((error: unknown) => {
    if (error instanceof ToolError && error.code === 'unauthorized') return null;
    throw error;
  });
}

/**
 * What the booking.confirmed consumer makes sure of before the calendar write: a live booking's
 * projections agree with its reservation (written once; not published again: this is the event).
 * book publishes booking.confirmed, then writes only the appointment and leaves the rest (the
 * count, the reminder, the calendar event's marker) to this, which then clears book's marker; a
 * request that died part-way is put right here too. A move's hold or a held time is left to its
 * own marker (only the sweep may give a move up, once its request is over).
 */
export async function ensureConfirmed(deps: BookingDeps, salonId: string, booking: { id: string; stylistId: string; start: string }): Promise<void> {
  const context = await contextUnlessGone(deps, salonId);
  if (!context) return;
  // book writes the appointment right after publishing this event, so it is nearly always there:
  // read beside the day, it is written here only when missing (trying first cost a refused
  // conditional write, then a read). Either write makes the same item from the same reservation.
  const [day, stored] = await Promise.all([
    deps.bookings.days.get(salonId, { stylistId: booking.stylistId, date: localDate(Date.parse(booking.start)) }),
    deps.bookings.appointments.get(salonId, booking.id),
  ]);
  const live = day.intervals.find((entry) => entry.bookingId === booking.id);
  const appointment = live && !live.movingFrom ? appointmentOf(salonId, day.stylistId, live) : null;
  if (appointment?.status !== 'confirmed') return;
  await projectConfirmed(deps, context, appointment, undefined, { published: true, ...(stored ? { stored } : {}) });
  // A book with a key was marked by its key's claim (settle-store.ts), still marking this booking.
  const key = live!.record?.idempotencyKey ?? undefined;
  await deps.bookings.settlements.clear([{ salonId, id: bookMarkerId(booking.id), bookingId: booking.id, ...(key ? { idempotencyKey: key } : {}) }]);
}

/** Writes the markers of a change about to touch the day items (before the write, never after). */
export async function markUnsettled(deps: BookingDeps, salonId: string, markers: readonly Marker[]): Promise<void> {
  const since = deps.now().toISOString();
  await deps.bookings.settlements.mark(markers.map((marker) => ({ ...marker, salonId, since: marker.since ?? since })));
}

/** A request's own settle: a failure is left to the sweep (the change itself has happened). */
export async function settleOrLeave(deps: BookingDeps, context: SalonContext, marker: Marker, known?: readonly DayItem[], options: SettleOptions = {}): Promise<StoredAppointment | null> {
  try {
    return await settleBooking(deps, context, marker, known, options);
  } catch (error) {
    logger.warn('booking left for the sweep', { salonId: context.salon.id, bookingId: marker.bookingId, name: (error as Error)?.name });
    return null;
  }
}

export interface SweepOptions {
  /** Markers younger than this may belong to a request still running; they are left alone. */
  graceMs: number;
  limit: number;
}

export interface SweepResult {
  settled: number;
  failed: number;
  calendarSalons: number;
}

/**
 * The scheduled repair (EventBridge Scheduler in AWS, a timer under `npm start`): settles every
 * booking change a request left unfinished and retries pending calendar writes.
 */
export async function sweepBookings(deps: BookingDeps, options: SweepOptions): Promise<SweepResult> {
  const before = new Date(deps.now().getTime() - options.graceMs);
  const [markers, calendarSalons] = await Promise.all([
    deps.bookings.settlements.stale(before, options.limit),
    deps.bookings.calendarSync.salonsWithPending(before, options.limit),
  ]);
  const result: SweepResult = { settled: 0, failed: 0, calendarSalons: calendarSalons.length };
  for (const marker of markers) {
    try {
      const context = await contextUnlessGone(deps, marker.salonId);
      if (!context) {
        // The salon is gone (account deleted): its marker is all that is left of it.
        await deps.bookings.settlements.clear([marker]);
        continue;
      }
      await settleBooking(deps, context, marker, undefined, { rememberCaller: true });
      result.settled += 1;
    } catch (error) {
      result.failed += 1;
      logger.warn('sweep could not settle a booking', { salonId: marker.salonId, bookingId: marker.bookingId, name: (error as Error)?.name });
    }
  }
  for (const salonId of calendarSalons) await retryCalendarSync(deps, salonId, options.limit).catch(() => 0);
  return result;
}
