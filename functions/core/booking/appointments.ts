import { DateTime } from 'luxon';
import type { AppointmentsAnswer } from '../../contracts/appointments.js';
import { InvalidInputError } from '../errors.js';
import { publicAppointment } from './records.js';
import { type BookingStore } from '../ports/booking-store.js';
import { isValidDate, localDate, ZONE } from './time.js';

/**
 * `GET /api/appointments` (owner): the salon's appointments from the start of `from` (default
 * today, Europe/Dublin) for `days` days, soonest first, cancelled ones included with their
 * status; when the next appointment after them starts (the diary reaches as far as bookings go);
 * and the confirmed bookings made this calendar month (the dashboard's figure).
 */
export async function listSalonAppointments(
  deps: { bookings: Pick<BookingStore, 'appointments' | 'counts' | 'noShows'>; now: () => Date },
  salonId: string,
  query: { from?: string | undefined; days: number },
): Promise<AppointmentsAnswer> {
  const now = deps.now().getTime();
  const from = query.from ?? localDate(now);
  if (!isValidDate(from)) throw new InvalidInputError('from must be a real date (YYYY-MM-DD)');
  const start = DateTime.fromISO(from, { zone: ZONE }).startOf('day');
  const end = start.plus({ days: query.days });
  const [appointments, nextStart, bookingsThisMonth, noShowsThisMonth] = await Promise.all([
    deps.bookings.appointments.list(salonId, start.toJSDate(), end.toJSDate()),
    deps.bookings.appointments.firstStartFrom(salonId, end.toJSDate()),
    deps.bookings.counts.count(salonId, localDate(now).slice(0, 7)),
    deps.bookings.noShows.inMonth(salonId, localDate(now).slice(0, 7)),
  ]);
  // Soonest first; at the same start, in the order they were made.
  const ordered = appointments.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.createdAt.localeCompare(b.createdAt));
  return {
    appointments: ordered.map(publicAppointment),
    bookingsThisMonth,
    noShowsThisMonth,
    noShowIds: ordered.filter((appointment) => appointment.noShowAt).map((appointment) => appointment.id),
    nextStart,
  };
}
