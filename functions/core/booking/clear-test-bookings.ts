import { BOOKING_RULES } from '../../contracts/agent-tools.js';
import { cancelOnDay } from './cancel.js';
import { loadSalonContext, type BookingDeps } from './context.js';

/**
 * "Clear test bookings": every upcoming booking a test call made is cancelled through the same
 * path a caller's cancellation takes (the stylist's day, then its projections), so its time is
 * free again and it stays cancelled. Answers how many were cleared.
 */
export async function clearTestBookings(deps: BookingDeps, salonId: string): Promise<{ cleared: number }> {
  const context = await loadSalonContext(deps, salonId);
  const now = deps.now();
  const until = new Date(now.getTime() + (BOOKING_RULES.horizonDays + 1) * 24 * 60 * 60 * 1000);
  const upcoming = await deps.bookings.appointments.list(salonId, now, until);
  const tests = upcoming.filter((appointment) => appointment.source === 'test-call' && appointment.status !== 'cancelled');
  let cleared = 0;
  for (const appointment of tests) {
    if ((await cancelOnDay(deps, context, appointment)) === 'cancelled') cleared += 1;
  }
  return { cleared };
}
