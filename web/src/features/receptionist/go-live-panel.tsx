import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { pausedLine, readinessMessage } from '@functions/contracts/go-live';
import { irishDayOf } from '../../lib/irish-dates';
import { salonQuery } from '../../lib/shared-queries';
import { useReceptionistSwitch } from './use-receptionist-switch';

const HEADINGS = {
  live: 'Your receptionist is live',
  paused: 'Your receptionist is paused',
  ready: 'Ready to go live',
  'not-ready': 'Before you go live',
} as const;

/**
 * The test page's go-live panel, true to the receptionist's state: Go Live Now when it can
 * succeed, what is still missing when it cannot (the button stays, switched off), Pause once live
 * and Switch back on once paused.
 */
export function GoLivePanel() {
  const { data: salon = null } = useQuery(salonQuery);
  const control = useReceptionistSwitch();

  const state = salon?.readiness.state ?? 'not-ready';
  const missing = salon?.readiness.missing ?? [];
  return (
    <section className="card" aria-labelledby="live-heading" aria-busy={!salon}>
      <h2 id="live-heading">{salon ? HEADINGS[state] : HEADINGS.ready}</h2>
      {state === 'live' || state === 'paused' ? (
        <p className="call-meta">
          {state === 'live'
            ? 'Calls to your number reach your receptionist.'
            : pausedLine(salon?.readiness.pausedUntil ? irishDayOf(salon.readiness.pausedUntil) : null)}
        </p>
      ) : (
        <p className="call-meta">When the test call sounds right, switch your receptionist on: calls to your number then reach it.</p>
      )}
      {salon && missing.length > 0 && (
        <ul className="go-live-missing" id="go-live-missing">
          {missing.map((item) => (
            <li key={item}>{readinessMessage(salon.readiness, item)}</li>
          ))}
        </ul>
      )}
      <div className="test-actions">
        <Link to="/setup-wizard" className="button button-secondary">
          Review Setup
        </Link>
        {state === 'live' ? (
          <button type="button" className="button button-secondary" onClick={() => void control.pause()} disabled={control.working}>
            {control.working ? 'Pausing…' : 'Pause receptionist'}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            onClick={() => void control.goLive()}
            disabled={!salon || missing.length > 0 || control.working}
            aria-describedby={missing.length ? 'go-live-missing' : undefined}
          >
            {control.working ? 'Going live…' : state === 'paused' ? 'Switch back on' : 'Go Live Now'}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {control.state.status === 'done' && <p className="alert alert-success">{control.state.message}</p>}
        {control.state.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {control.state.message}
          </p>
        )}
      </div>
    </section>
  );
}
