import type { Appointment } from '../../contracts/appointments.js';

/**
 * Which ended bookings free a time worth offering to the waiting list (functions/core/waitlist/).
 * A file of its own, importing nothing of the booking core: settling a cancellation asks it, and
 * the waiting list's own code uses the booking core, so one file for both would be an import cycle.
 */
export const FREED_WITHIN_MS = 48 * 3_600_000;

/** Whether an ended booking's time is worth offering: a real booking, not over, starting within 48 hours. */
export function offerable(appointment: Pick<Appointment, 'start' | 'source'>, now: Date): boolean {
  const start = Date.parse(appointment.start);
  return appointment.source !== 'test-call' && start > now.getTime() && start - now.getTime() <= FREED_WITHIN_MS;
}
