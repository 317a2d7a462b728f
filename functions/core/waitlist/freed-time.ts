import { BOOKING_RULES } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';

/**
 * Which ended bookings free a time worth offering to the waiting list (functions/core/waitlist/).
 * A file of its own, importing nothing of the booking core: settling a cancellation asks it, and
 * the waiting list's own code uses the booking core, so one file for both would be an import cycle.
 */

/**
 * Whether an ended booking's time is worth offering: a real booking still bookable (the booking
 * notice, 15 minutes, ahead: a YES to a sooner time could only be refused), however far off. The
 * receptionist promises "if a time comes free we'll text you", and a caller waits for a day, so a
 * cancellation a week before that day is what they wait for (issue 45: a 48-hour limit texted nobody).
 */
export function offerable(appointment: Pick<Appointment, 'start' | 'source'>, now: Date): boolean {
  const ahead = Date.parse(appointment.start) - now.getTime();
  return appointment.source !== 'test-call' && ahead >= BOOKING_RULES.minNoticeMinutes * 60_000;
}
