import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { SALON_TIME_ZONE } from '@functions/contracts/appointments';
import { salonDate, type Appointment } from './api';
import type { AppointmentsState } from './use-appointments';
import { NoShowControl } from './no-show-button';

export const NO_APPOINTMENTS = 'No upcoming appointments yet. Bookings your receptionist makes appear here.';

const timeFormat = new Intl.DateTimeFormat('en-IE', { timeZone: SALON_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayFormat = new Intl.DateTimeFormat('en-IE', { timeZone: SALON_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });

function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** "Today", "Tomorrow", else "Saturday 28 November", on the salon's clock. */
export function dayHeading(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === nextDate(today)) return 'Tomorrow';
  // "Saturday 28 November", as Irish English writes it (some browsers put a comma after the weekday).
  const parts = Object.fromEntries(dayFormat.formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** Confirmed appointments, and times held awaiting a deposit, grouped by the salon's calendar day, soonest first. */
export function groupByDay(appointments: readonly Appointment[]): { date: string; appointments: Appointment[] }[] {
  const days = new Map<string, Appointment[]>();
  const sorted = appointments.filter((appointment) => appointment.status !== 'cancelled').sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const appointment of sorted) {
    const date = salonDate(appointment.start);
    days.set(date, [...(days.get(date) ?? []), appointment]);
  }
  return [...days].map(([date, list]) => ({ date, appointments: list }));
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'Client';

/** The owner's view of what is booked: today and the next days, by day, in the salon's time; the diary has the rest. */
export function UpcomingAppointments({ state, onRetry }: { state: AppointmentsState; onRetry: () => void }) {
  const days = state.status === 'ready' ? groupByDay(state.value.appointments) : [];
  const hasTests = days.some((day) => day.appointments.some((appointment) => appointment.source === 'test-call'));
  const toast = useToast();
  const queryClient = useQueryClient();
  const clearTests = useMutation({
    mutationFn: () => apiFetch<{ cleared: number }>('/api/appointments/clear-test', { method: 'POST', fallbackError: 'Failed to clear test bookings' }),
    onSuccess: async ({ cleared }) => {
      toast.show(cleared === 1 ? '1 test booking cleared.' : `${cleared} test bookings cleared.`, 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.appointments });
    },
    onError: (error) => toast.show(error.message, 'error'),
  });
  const { hash } = useLocation();
  const ready = state.status === 'ready';

  // A call log's link to a booking (#appointment-…): shown once the appointments have loaded.
  useEffect(() => {
    if (!ready || !hash.startsWith('#appointment-')) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [ready, hash]);

  return (
    <section className="card upcoming" aria-labelledby="upcoming-heading" aria-busy={state.status === 'loading'}>
      <div className="section-head">
        <h2 id="upcoming-heading">Upcoming appointments</h2>
        {hasTests && (
          <button type="button" className="button-link" onClick={() => clearTests.mutate()} disabled={clearTests.isPending}>
            {clearTests.isPending ? 'Clearing…' : 'Clear test bookings'}
          </button>
        )}
      </div>
      {state.status === 'loading' && (
        <ul className="upcoming-list" data-testid="appointments-skeleton">
          {[0, 1, 2].map((row) => (
            <li key={row} className="appointment">
              <span className="skeleton-line skeleton-time" />
              <span className="skeleton-line" />
            </li>
          ))}
          <li className="visually-hidden">Loading appointments</li>
        </ul>
      )}
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.error}{' '}
          <button type="button" className="button-link" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
      {state.status === 'ready' && days.length === 0 && (
        <p className="upcoming-empty" data-testid="appointments-empty">
          {NO_APPOINTMENTS}
        </p>
      )}
      {state.status === 'ready' && days.length > 0 && (
        <div className="upcoming-days" data-testid="appointments">
          {days.map((day) => (
            <section key={day.date} className="upcoming-day" aria-labelledby={`day-${day.date}`}>
              <h3 id={`day-${day.date}`}>{dayHeading(day.date, state.today)}</h3>
              <ul className="upcoming-list">
                {day.appointments.map((appointment) => (
                  <li key={appointment.id} id={`appointment-${appointment.id}`} tabIndex={-1} className="appointment" data-testid="appointment">
                    <span className="appointment-time">
                      <time dateTime={appointment.start}>{timeFormat.format(new Date(appointment.start))}</time>
                      <span className="appointment-end">–{timeFormat.format(new Date(appointment.end))}</span>
                    </span>
                    <span className="appointment-what">
                      <span className="appointment-service">{appointment.service.name}</span>
                      {appointment.stylistName.trim() && <span className="appointment-stylist"> with {appointment.stylistName.trim()}</span>}
                    </span>
                    <span className="appointment-who">
                      {firstName(appointment.callerName)}
                      {appointment.source === 'test-call' && <span className="test-badge">Test</span>}
                      {appointment.status === 'awaiting_deposit' && (
                        <span className="test-badge" data-testid="awaiting-deposit">
                          Awaiting deposit
                        </span>
                      )}
                      <NoShowControl appointment={appointment} marked={state.status === 'ready' && state.value.noShowIds.includes(appointment.id)} />
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <p className="upcoming-more">
        <Link to="/diary?view=week">{state.status === 'ready' && state.value.nextStart ? 'See more in the diary' : 'Open the diary'}</Link>
      </p>
    </section>
  );
}
