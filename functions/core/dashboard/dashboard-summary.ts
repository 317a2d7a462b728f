import { DateTime } from 'luxon';
import { SALON_TIME_ZONE } from '../../contracts/appointments.js';
import type { DashboardSummary } from '../../contracts/calls.js';
import type { Ports } from '../ports.js';
import type { Salon } from '../salon-profile.js';
import { billingState } from '../billing/billing-state.js';
import { billingPeriodAt } from '../usage/billing-period.js';
import { calendarHealth } from '../calendar/calendar-health.js';

/** Lines in the dashboard's recent activity. */
export const ACTIVITY_LINES = 8;

type SummaryDeps = Pick<Ports, 'callStats' | 'activity' | 'usage' | 'bookings' | 'calendarMirrors' | 'now'>;

/**
 * The dashboard's figures, each card one small read (reading them all at once): today's calls
 * and missed calls and this month's satisfaction from the per-day call figures, bookings this
 * month from the booking count, the activity lines, the period's minutes, and whether the
 * salon's calendar keeps up.
 */
export async function dashboardSummary(deps: SummaryDeps, salon: Pick<Salon, 'id' | 'createdAt' | 'subscription'>): Promise<DashboardSummary> {
  const now = deps.now();
  const local = DateTime.fromJSDate(now, { zone: SALON_TIME_ZONE });
  const today = local.toISODate()!;
  const period = billingPeriodAt(salon, now);
  const [days, bookingsThisMonth, activity, totals, calendar] = await Promise.all([
    deps.callStats.days(salon.id, local.startOf('month').toISODate()!, today),
    deps.bookings.counts.count(salon.id, local.toFormat('yyyy-MM')),
    deps.activity.latest(salon.id, ACTIVITY_LINES),
    deps.usage.totals(salon.id, period.id),
    calendarHealth(deps, salon.id),
  ]);
  const todays = days.find((day) => day.day === today);
  const rated = days.reduce((sum, day) => sum + day.rated, 0);
  const satisfied = days.reduce((sum, day) => sum + day.satisfied, 0);
  return {
    // Test calls are not the salon's calls, but a salon that has only tested has real activity to show.
    hasCalls: days.length > 0 || activity.some((line) => line.kind === 'call'),
    callsToday: todays?.calls ?? 0,
    missedToday: todays?.missed ?? 0,
    bookingsThisMonth,
    satisfaction: rated ? { percent: Math.round((satisfied / rated) * 100), rated } : null,
    activity,
    usage: billingState(salon, totals, now),
    calendar,
  };
}
