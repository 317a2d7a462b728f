import { useId } from 'react';
import { DiaryBoard } from './diary-board';
import { longDay, shortDay, addDays } from './diary-dates';
import { useDiary } from './use-diary';
import './diary.css';

interface Props {
  /** The salon's stylists as setup saved them (null while loading). */
  stylists: readonly { id: string; name: string }[] | null;
}

/**
 * The salon's own diary: a day (a column per stylist) or a week, for everyone or one stylist,
 * as far ahead as bookings go (Next/Previous, and a jump to the next booking after what is shown).
 */
export function Diary({ stylists }: Props) {
  const { place, today, range, state, retry, go, step } = useDiary();
  const stylistSelect = useId();
  const known = stylists ?? [];
  // A stylist since removed from setup still has their appointments shown.
  const fromAppointments = state.status === 'ready' ? state.value.appointments.map((each) => ({ id: each.stylistId, name: each.stylistName })) : [];
  const everyone = [...new Map([...known, ...fromAppointments].map((stylist) => [stylist.id, stylist])).values()];
  const shown = place.stylistId ? everyone.filter((stylist) => stylist.id === place.stylistId) : everyone;
  const title = place.view === 'day' ? longDay(place.date) : `Week of ${shortDay(range.from)} – ${shortDay(addDays(range.from, 6))}`;

  return (
    <section className="card diary" aria-labelledby="diary-range" aria-busy={state.status === 'loading'}>
      <div className="diary-toolbar">
        <div className="diary-views" role="group" aria-label="View">
          {(['day', 'week'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className={`button ${place.view === view ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={place.view === view}
              onClick={() => go({ view })}
            >
              {view === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <div className="field diary-stylist">
          <label htmlFor={stylistSelect}>Stylist</label>
          <select id={stylistSelect} value={place.stylistId} onChange={(event) => go({ stylistId: event.target.value })}>
            <option value="">All stylists</option>
            {everyone.map((stylist) => (
              <option key={stylist.id} value={stylist.id}>
                {stylist.name}
              </option>
            ))}
          </select>
        </div>
        <div className="diary-steps" role="group" aria-label="Dates">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => step(-1)}
            aria-label={place.view === 'day' ? 'Previous day' : 'Previous week'}
          >
            ‹ Previous
          </button>
          <button type="button" className="button button-secondary" onClick={() => go({ date: today })} disabled={place.date === today}>
            Today
          </button>
          <button type="button" className="button button-secondary" onClick={() => step(1)} aria-label={place.view === 'day' ? 'Next day' : 'Next week'}>
            Next ›
          </button>
        </div>
      </div>
      {/* data-dated: in the pre-rendered shell (app-shell/render-app-shell.tsx) a script writes today's date here. */}
      <h2 id="diary-range" className="diary-range" aria-live="polite" data-dated>
        {title}
      </h2>
      {state.status === 'loading' && (
        <ul className="diary-list" data-testid="diary-loading">
          {[0, 1, 2].map((row) => (
            <li key={row} className="diary-appointment">
              <span className="skeleton-line" />
            </li>
          ))}
          <li className="visually-hidden">Loading the diary</li>
        </ul>
      )}
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.error}{' '}
          <button type="button" className="button-link" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {state.status === 'ready' && (
        <DiaryBoard
          view={place.view}
          range={range}
          answer={state.value}
          stylists={shown}
          allStylists={known}
          today={today}
          onGo={(date) => go({ date })}
          onOpenDay={(date) => go({ view: 'day', date })}
        />
      )}
    </section>
  );
}
