import { Link } from 'react-router';
import { SETUP_STEPS, type setupProgress } from '@functions/contracts/setup';
import { ProgressBar } from '../../components/progress-bar';

export const SETUP_CARDS = [
  { step: 1, key: 'business', title: 'Business Basics', description: 'Name, phone, address and opening hours' },
  { step: 2, key: 'calendar', title: 'Calendar & Services', description: 'Your stylists and price list, and Google Calendar if you use it' },
  { step: 3, key: 'voice', title: 'Voice & Number', description: 'The voice callers hear and your phone number' },
] as const;

type Progress = ReturnType<typeof setupProgress>;

interface Props {
  progress: Progress | null;
  status: 'loading' | 'ready' | 'error';
  error: string;
  onRetry: () => void;
}

/** The setup progress bar and its three cards; each card opens the wizard at its step. */
export function SetupProgressPanel({ progress, status, error, onRetry }: Props) {
  const completed = progress?.completed ?? 0;
  const firstOpen = progress ? SETUP_CARDS.find((card) => !progress[card.key]) : undefined;
  const continueTo = firstOpen ? `/setup-wizard?step=${firstOpen.step}` : '/setup-wizard';
  return (
    <section className="card setup-progress" aria-labelledby="setup-progress-heading" aria-busy={status === 'loading'}>
      <div className="setup-progress-head">
        <div>
          <h2 id="setup-progress-heading">Setup progress</h2>
          <p className="setup-progress-count" aria-live="polite">
            {status === 'ready' ? `${completed} of ${SETUP_STEPS} steps completed` : status === 'loading' ? 'Checking your setup…' : ''}
          </p>
        </div>
        <div className="setup-progress-action">
          {status === 'ready' && completed === SETUP_STEPS && <span className="setup-complete-note">Setup complete</span>}
          <Link to={continueTo} className={`button ${status === 'ready' && completed === SETUP_STEPS ? 'button-secondary' : 'button-primary'}`}>
            Continue Setup
          </Link>
        </div>
      </div>
      <ProgressBar
        className="setup-progress-bar"
        label="Setup progress"
        min={0}
        max={SETUP_STEPS}
        value={completed}
        valueText={`${completed} of ${SETUP_STEPS} steps completed`}
      />
      {status === 'error' && (
        <p className="alert alert-error" role="alert">
          {error}{' '}
          <button type="button" className="button-link" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
      <ul className="setup-cards">
        {SETUP_CARDS.map((card) => {
          const done = Boolean(progress?.[card.key]);
          const label = status === 'ready' ? (done ? 'Completed' : 'Not started') : status === 'loading' ? 'Checking…' : 'Unknown';
          return (
            <li key={card.key}>
              <Link to={`/setup-wizard?step=${card.step}`} className={`setup-card${done ? ' setup-card-done' : ''}`} data-testid={`setup-card-${card.step}`}>
                <span className="setup-card-step" aria-hidden="true">
                  {done ? '✓' : card.step}
                </span>
                <span className="setup-card-text">
                  <span className="setup-card-title">{card.title}</span>
                  <span className="setup-card-description">{card.description}</span>
                </span>
                <span className={`setup-card-status ${done ? 'status-done' : 'status-todo'}`}>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
