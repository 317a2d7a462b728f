import { Link } from 'react-router';
import { GO_LIVE_MESSAGES, RECEPTIONIST_STATE_LABELS, readinessMessage, type Readiness } from '@functions/contracts/go-live';
import type { ReceptionistSwitch } from '../receptionist';

export interface ReceptionistSummary {
  live: boolean;
  readiness: Readiness;
  /** The number support assigned, as people write it; null until then. */
  assigned_number_display: string | null;
}

/**
 * Whether calls reach the receptionist, in one word and one colour per state (answering, paused,
 * ready, something missing), its number, and what the owner can do next: pause or switch it back
 * on here; go live from the test page once a test call sounds right.
 */
export function AiStatus({ salon, control }: { salon: ReceptionistSummary | null; control: ReceptionistSwitch }) {
  if (!salon) {
    return (
      <p className="ai-status-state" aria-live="polite">
        <span className="skeleton-line" aria-label="Checking your receptionist" />
      </p>
    );
  }
  const { readiness } = salon;
  const { state } = readiness;
  return (
    <>
      <p className={`ai-status-state ai-status-${state}`} aria-live="polite" data-testid="receptionist-state">
        <span className={`status-dot status-dot-${state}`} aria-hidden="true" />
        <span>{RECEPTIONIST_STATE_LABELS[state]}</span>
      </p>
      <p className="ai-status-number">
        {salon.assigned_number_display ? (
          <>
            Your receptionist&apos;s number: <strong data-testid="receptionist-number">{salon.assigned_number_display}</strong>
          </>
        ) : (
          'No number yet: our support team assigns one, usually within a working day, and we email you when it is ready.'
        )}
      </p>
      {state === 'live' && <p className="ai-status-note">Answering calls 24/7 in a friendly Irish voice.</p>}
      {state === 'paused' && <p className="ai-status-note">{GO_LIVE_MESSAGES.paused}</p>}
      {state === 'ready' && <p className="ai-status-note">Everything is in place. Try a test call, then switch your receptionist on.</p>}
      {state === 'not-ready' && (
        <ul className="ai-status-missing">
          {readiness.missing.map((item) => (
            <li key={item}>
              {readinessMessage(readiness, item)}{' '}
              {item === 'setup' && <Link to="/setup-wizard">Finish setup</Link>}
              {item === 'billing' && <Link to="/settings?section=billing">Choose a plan</Link>}
            </li>
          ))}
        </ul>
      )}
      <div className="ai-status-actions">
        {state === 'live' && (
          <button type="button" className="button button-secondary" onClick={() => void control.pause()} disabled={control.working}>
            {control.working ? 'Pausing…' : 'Pause receptionist'}
          </button>
        )}
        {state === 'paused' && (
          <button type="button" className="button button-primary" onClick={() => void control.goLive()} disabled={control.working}>
            {control.working ? 'Switching on…' : 'Switch back on'}
          </button>
        )}
        <Link to="/test" className="button button-secondary">
          {state === 'ready' ? 'Test & go live' : 'Test your receptionist'}
        </Link>
      </div>
      <div aria-live="polite">
        {control.state.status === 'error' && (
          <p className="alert alert-error" role="alert">
            {control.state.message}
          </p>
        )}
      </div>
    </>
  );
}
