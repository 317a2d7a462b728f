import type { CalendarHealth } from '@functions/contracts/calls';

const time = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });

const waiting = (count: number) => (count === 1 ? '1 booking is' : `${count === 50 ? '50 or more' : count} bookings are`);

/**
 * Says when the salon's Google Calendar is behind or failing (issue 21). Bookings are taken either
 * way: they are ours first and written to the calendar afterwards, so the owner learns that the
 * calendar is not showing everything yet, not that bookings are lost.
 */
export function CalendarStatus({ health }: { health: CalendarHealth }) {
  if (health.state === 'none' || health.state === 'ok') return null;
  const failing = health.state === 'failing';
  return (
    <p className={`calendar-status ${failing ? 'calendar-status-failing' : 'calendar-status-behind'}`} role="status" data-testid="calendar-status">
      <strong>{failing ? "Google Calendar isn't answering." : 'Google Calendar is catching up.'}</strong>{' '}
      {health.waitingBookings > 0 ? `${waiting(health.waitingBookings)} waiting to be written to it. ` : ''}
      {failing && health.lastFailure ? `Last tried ${time.format(new Date(health.lastFailure.at))}. ` : ''}
      Your receptionist keeps taking bookings, and your calendar is brought up to date as soon as Google answers.
    </p>
  );
}
