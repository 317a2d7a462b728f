import type { Appointment, AppointmentsAnswer } from './api';
import { AppointmentCard } from './appointment-card';
import { datesOf, longDay, salonDateOf, shortDay, type DiaryView } from './diary-dates';

interface Props {
  view: DiaryView;
  range: { from: string; days: number };
  answer: AppointmentsAnswer;
  /** The stylists shown: one, or everyone (with any the appointments name that setup no longer has). */
  stylists: readonly { id: string; name: string }[];
  allStylists: readonly { id: string; name: string }[];
  today: string;
  /** Shows the range around `date` in the same view. */
  onGo: (date: string) => void;
  onOpenDay: (date: string) => void;
}

const byStart = (a: Appointment, b: Appointment) => Date.parse(a.start) - Date.parse(b.start);

/**
 * The diary's page of appointments. Day: one column per stylist (stacked on a phone). Week: the
 * seven days, each with its appointments in order, the stylist named on each. Cancelled and moved
 * bookings are left out: what is shown is what is booked.
 */
export function DiaryBoard({ view, range, answer, stylists, allStylists, today, onGo, onOpenDay }: Props) {
  const shown = new Set(stylists.map((stylist) => stylist.id));
  const appointments = answer.appointments.filter((appointment) => appointment.status !== 'cancelled' && shown.has(appointment.stylistId)).sort(byStart);
  const noShows = new Set(answer.noShowIds);
  const now = Date.now();
  const card = (appointment: Appointment, showStylist: boolean) => (
    <li key={appointment.id}>
      <AppointmentCard appointment={appointment} noShow={noShows.has(appointment.id)} stylists={allStylists} showStylist={showStylist} now={now} />
    </li>
  );
  const next = answer.nextStart ? salonDateOf(answer.nextStart) : null;

  return (
    <>
      {appointments.length === 0 && (
        <div className="diary-empty" data-testid="diary-empty">
          <p>{view === 'day' ? `No appointments on ${longDay(range.from)}.` : 'No appointments this week.'}</p>
          {next && (
            <button type="button" className="button button-secondary" onClick={() => onGo(next)}>
              Next booking: {longDay(next)}
            </button>
          )}
        </div>
      )}
      {view === 'day' && appointments.length > 0 && (
        <div className="diary-columns">
          {stylists.map((stylist) => {
            const theirs = appointments.filter((appointment) => appointment.stylistId === stylist.id);
            return (
              <section key={stylist.id} className="diary-column" aria-labelledby={`diary-stylist-${stylist.id}`}>
                <h3 id={`diary-stylist-${stylist.id}`}>{stylist.name}</h3>
                {theirs.length === 0 ? (
                  <p className="diary-none">Nothing booked.</p>
                ) : (
                  <ul className="diary-list">{theirs.map((each) => card(each, false))}</ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {view === 'week' && appointments.length > 0 && (
        <div className="diary-week">
          {datesOf(range).map((date) => {
            const theirs = appointments.filter((appointment) => salonDateOf(appointment.start) === date);
            return (
              <section key={date} className="diary-day" aria-labelledby={`diary-day-${date}`}>
                <h3 id={`diary-day-${date}`}>
                  <button type="button" className="button-link" onClick={() => onOpenDay(date)} aria-label={`Open ${longDay(date)}`}>
                    {date === today ? `Today, ${shortDay(date)}` : shortDay(date)}
                  </button>
                </h3>
                {theirs.length === 0 ? (
                  <p className="diary-none">Nothing booked.</p>
                ) : (
                  <ul className="diary-list">{theirs.map((each) => card(each, stylists.length > 1))}</ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {appointments.length > 0 && next && (
        <p className="diary-later">
          <button type="button" className="button-link" onClick={() => onGo(next)}>
            Next booking after this {view}: {longDay(next)}
          </button>
        </p>
      )}
    </>
  );
}
