import { logger } from '../../logger.js';
import { withCalendarGrant } from '../calendar-connection.js';
import { ownCalendarWrite } from '../calendar/own-writes.js';
import { EVENT_WRITE_TIMEOUT_MS, failureKind, withCachedConnection, withTimeout } from './calendar.js';
import { calendarEventIdFor, type BookingDeps } from './context.js';
import { ZONE } from './time.js';
import type { StoredAppointment } from './records.js';

/**
 * A booking's event in the salon's calendar, written after the caller has their answer (issue 21,
 * RELIABILITY 19): the day item is the booking of record, so the change's transaction only leaves
 * a `CALSYNC#` marker beside the appointment, and the booking event is published. The `sync-calendar-event`
 * consumer of booking.confirmed / booking.cancelled / booking.deposit-requested writes, moves or
 * removes the event (the bus retries it, then its dead-letter queue); the sweep retries whatever
 * is still marked. Every run does what the appointment says now, with the event id derived from
 * the booking id, so repeats and late deliveries in any order leave one event or none.
 */

/** A pending calendar write whose booking has had this long to settle and still has no appointment belongs to nothing. */
const ORPHAN_TASK_MS = 5 * 60_000;

function eventFor(appointment: StoredAppointment, eventId: string) {
  return {
    id: eventId,
    summary: `${appointment.service.name} with ${appointment.stylistName}: ${appointment.callerName}`,
    description: `Booked by the AI receptionist.\nCaller: ${appointment.callerName}, ${appointment.callerPhone}\nBooking: ${appointment.id}`,
    start: appointment.start,
    end: appointment.end,
    timeZone: ZONE,
  };
}

export type CalendarWriteOutcome = 'synced' | 'removed' | 'none' | 'not-yet';

/**
 * Makes the calendar agree with the appointment as it stands: its event written while it is live
 * (awaiting a deposit included: the time is not free), removed once it is cancelled. Throws when
 * the calendar cannot be reached, leaving the marker (the bus or the sweep tries again).
 */
export async function syncCalendarEvent(deps: BookingDeps, salonId: string, bookingId: string, marked?: { since: string }): Promise<CalendarWriteOutcome> {
  const linked = withCachedConnection(deps);
  const appointment = await deps.bookings.appointments.get(salonId, bookingId);
  if (!appointment) {
    // The marker is written beside the appointment's creation: a young one without it is a
    // booking still settling, an old one belongs to nothing.
    if (marked && deps.now().getTime() - Date.parse(marked.since) >= ORPHAN_TASK_MS) await deps.bookings.calendarSync.clear(salonId, bookingId);
    return 'not-yet';
  }
  const { calendarId } = appointment;
  if (!calendarId) {
    await deps.bookings.calendarSync.clear(salonId, bookingId);
    return 'none';
  }
  const eventId = appointment.calendarEventId ?? calendarEventIdFor(appointment.id);
  // Noted on the calendar's mirror, so the notification our own change brings does not make booking ask Google.
  const own = (write: () => Promise<boolean>) => ownCalendarWrite(deps, salonId, calendarId, eventId, () => withTimeout(write(), EVENT_WRITE_TIMEOUT_MS));
  const remove = () => own(async () => (await withCalendarGrant(linked, salonId, (grant) => deps.calendar.deleteEvent(grant, calendarId, eventId))).deleted);
  if (appointment.status === 'cancelled') {
    await remove();
    await deps.bookings.calendarSync.clear(salonId, bookingId);
    return 'removed';
  }
  await own(
    async () => (await withCalendarGrant(linked, salonId, (grant) => deps.calendar.createEvent(grant, calendarId, eventFor(appointment, eventId)))).created,
  );
  await deps.bookings.appointments.setCalendarState(salonId, appointment.id, { calendarEventId: eventId, calendarSync: 'synced' });
  // Cancelled while the event was being written: its removal may have run before the write.
  if ((await deps.bookings.appointments.get(salonId, bookingId))?.status === 'cancelled') {
    await remove();
    await deps.bookings.calendarSync.clear(salonId, bookingId);
    return 'removed';
  }
  await deps.bookings.calendarSync.clear(salonId, bookingId);
  return 'synced';
}

/**
 * Retries the salon's pending calendar writes (oldest markers first, at most `limit`), for the
 * sweep. Stops at the first failure (the calendar is down: the rest would fail too) and records
 * it on the marker, for the dashboard. Answers how many were done.
 */
export async function retryCalendarSync(deps: BookingDeps, salonId: string, limit = 5): Promise<number> {
  const tasks = await deps.bookings.calendarSync.pending(salonId, limit);
  let done = 0;
  for (const task of tasks) {
    try {
      const outcome = await syncCalendarEvent(deps, salonId, task.bookingId, task);
      if (outcome !== 'not-yet') done += 1;
    } catch (error) {
      logger.warn('calendar sync retry failed', { salonId, bookingId: task.bookingId, kind: failureKind(error) });
      await noteCalendarFailure(deps, salonId, task.bookingId, error);
      break;
    }
  }
  return done;
}

/** Records on a still-pending marker that its write failed (the dashboard's "failing"). Never throws. */
export async function noteCalendarFailure(deps: BookingDeps, salonId: string, bookingId: string, error: unknown): Promise<void> {
  await deps.bookings.calendarSync.noteFailure(salonId, bookingId, failureKind(error), deps.now().toISOString()).catch(() => undefined);
}
