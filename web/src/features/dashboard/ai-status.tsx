import { Link } from 'react-router';
import { readinessMessage, type Readiness } from '@functions/contracts/go-live';

/**
 * Whether calls reach the receptionist, truthfully: Active & Ready only once the salon went
 * live with nothing missing; otherwise what is missing (a trial or a plan that ended pauses it),
 * each with where to act.
 */
export function AiStatus({ salon }: { salon: { live: boolean; readiness: Readiness } | null }) {
  if (!salon) {
    return (
      <p className="ai-status-state" aria-live="polite">
        <span className="skeleton-line" aria-label="Checking your receptionist" />
      </p>
    );
  }
  if (salon.live) {
    return (
      <>
        <p className="ai-status-state" aria-live="polite">
          <span className="status-dot" aria-hidden="true" />
          <span>Active &amp; Ready</span>
        </p>
        <p className="ai-status-note">Answering calls 24/7 in a friendly Irish voice.</p>
      </>
    );
  }
  const { missing } = salon.readiness;
  return (
    <>
      <p className="ai-status-state ai-status-off" aria-live="polite">
        <span className="status-dot status-dot-off" aria-hidden="true" />
        <span>{missing.length ? 'Not answering calls yet' : 'Ready to go live'}</span>
      </p>
      {missing.length ? (
        <ul className="ai-status-missing">
          {missing.map((item) => (
            <li key={item}>
              {readinessMessage(salon.readiness, item)}{' '}
              {item === 'setup' && <Link to="/setup-wizard">Finish setup</Link>}
              {item === 'billing' && <Link to="/settings?section=billing">Choose a plan</Link>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ai-status-note">Everything is in place. Try a test call, then switch your receptionist on.</p>
      )}
      <Link to="/test" className="button button-secondary">
        {missing.length ? 'Test your receptionist' : 'Test & go live'}
      </Link>
    </>
  );
}
