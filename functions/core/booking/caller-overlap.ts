import { publicAppointment, type DayItem } from './records.js';
import { bookingView, speakWhen } from './book-answers.js';
import { ToolError } from './errors.js';
import { appointmentOf } from './projections.js';
import { speakTime, withArticle } from './speak.js';
import { localDate } from './time.js';

/**
 * One caller never holds two overlapping bookings they did not ask for (RELIABILITY 96): `book`
 * refuses a time that overlaps a live booking under the same phone, with any stylist, and its
 * sentence names that booking and offers to move it. Only a `book` that says the new one is
 * wanted as well (another person, another service: `additional`) is let through. Decided on the
 * stylists' days `book` reads anyway (every stylist's, that day), so it costs no round trip and
 * reads the booking of record, not a projection. A test call sees only test bookings, a real call
 * only real ones (RELIABILITY 43), as for cancel and reschedule.
 */
export interface WantedTime {
  callerPhone: string;
  start: number;
  end: number;
  test: boolean;
}

export const ALREADY_BOOKED = 'already_booked';

export function refuseCallerOverlap(salonId: string, days: readonly DayItem[], wanted: WantedTime, now: number): void {
  for (const day of days) {
    for (const reservation of day.intervals) {
      const record = reservation.record;
      if (!record || record.callerPhone !== wanted.callerPhone || (record.source === 'test-call') !== wanted.test) continue;
      if (!(Date.parse(reservation.start) < wanted.end && wanted.start < Date.parse(reservation.end))) continue;
      const existing = appointmentOf(salonId, day.stylistId, reservation)!;
      const start = Date.parse(reservation.start);
      const to = localDate(start) === localDate(wanted.start) ? speakTime(wanted.start) : speakWhen(wanted.start, now).replace(/^on /, '');
      // At the very same time there is nothing to move it to: the question is only whether it is wanted as well.
      const offer = start === wanted.start ? 'Is this one for someone else?' : `Shall I move that one to ${to} instead, or is this one for someone else?`;
      throw new ToolError(
        'conflict',
        ALREADY_BOOKED,
        `You already have ${withArticle(record.service.name)} with ${record.stylistName} ${speakWhen(start, now)}. ${offer}`,
        'The caller already holds a booking at an overlapping time; book it anyway only with additional: true',
        { existing: bookingView(publicAppointment(existing), now) },
      );
    }
  }
}
