import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PAUSE_MAX_DAYS, RECEPTIONIST_STATE_LABELS, pausedLine, readinessMessage } from '@functions/contracts/go-live';
import type { SalonAnswer } from '@functions/contracts/salon';
import type { ReceptionistSwitch } from '../receptionist';
import { ContactSupport } from '../support';
import { irishDay, irishDayOf } from '../../lib/irish-dates';

export type ReceptionistSummary = Pick<SalonAnswer, 'readiness' | 'assigned_number_display' | 'looping_numbers_display'>;

/**
 * Whether calls reach the receptionist, in one word and one colour per state (answering, paused,
 * ready, something missing), its number (or when it arrives, and how to reach support meanwhile),
 * and what the owner can do next: pause it (it takes messages, maybe until a day) or switch it back
 * on here; go live from the test page once a test call sounds right.
 */
export function AiStatus({ salon, control }: { salon: ReceptionistSummary | null; control: ReceptionistSwitch }) {
  const [choosingPause, setChoosingPause] = useState(false);
  if (!salon) {
    // The lines a set-up salon's status has (state, number, note, a button), so nothing under it moves when it loads.
    return (
      <>
        <p className="ai-status-state" aria-live="polite">
          <span className="skeleton-line" aria-label="Checking your receptionist" />
        </p>
        <p className="ai-status-number" aria-hidden="true">
          <span className="skeleton-line" />
        </p>
        <p className="ai-status-note" aria-hidden="true">
          <span className="skeleton-line" />
        </p>
        <div className="ai-status-actions" aria-hidden="true">
          <span className="skeleton-button" />
        </div>
        <div aria-hidden="true" />
      </>
    );
  }
  const { readiness } = salon;
  const { state } = readiness;
  const waiting = Boolean(readiness.numberWaitingSince);
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
        ) : waiting ? (
          readinessMessage(readiness, 'number')
        ) : (
          'Your receptionist gets its own number the moment setup is finished.'
        )}
      </p>
      {waiting && <ContactSupport label="Ask support about your number" topic="number" />}
      {state === 'live' && <p className="ai-status-note">Answering calls 24/7 in a friendly Irish voice.</p>}
      {state === 'paused' && <p className="ai-status-note">{pausedLine(readiness.pausedUntil ? irishDayOf(readiness.pausedUntil) : null)}</p>}
      {state === 'ready' && <p className="ai-status-note">Everything is in place. Press Test Agent for a test call, then switch your receptionist on.</p>}
      {state === 'not-ready' && (
        <ul className="ai-status-missing">
          {readiness.missing
            .filter((item) => !(item === 'number' && waiting))
            .map((item) => (
              <li key={item}>
                {readinessMessage(readiness, item)} {item === 'setup' && <Link to="/setup-wizard">Finish setup</Link>}
                {item === 'billing' && <Link to="/settings?section=billing">Choose a plan</Link>}
              </li>
            ))}
        </ul>
      )}
      {salon.looping_numbers_display.length > 0 && (
        <p className="alert alert-warning" role="note">
          Calls put through to {salon.looping_numbers_display.join(' and ')} came straight back to your receptionist (that number forwards to it), so we no
          longer ring it and take a message instead. <Link to="/settings?section=voice">Choose another number to put callers through to</Link>.
        </p>
      )}
      {choosingPause ? (
        <PauseForm
          working={control.working}
          onCancel={() => setChoosingPause(false)}
          onPause={(until) => void control.pause(until).then(() => setChoosingPause(false))}
        />
      ) : (
        <div className="ai-status-actions">
          {state === 'live' && (
            <button type="button" className="button button-secondary" onClick={() => setChoosingPause(true)} disabled={control.working}>
              Pause receptionist
            </button>
          )}
          {state === 'paused' && (
            <button type="button" className="button button-primary" onClick={() => void control.goLive()} disabled={control.working}>
              {control.working ? 'Switching on…' : 'Switch back on'}
            </button>
          )}
        </div>
      )}
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

/** Pausing: the receptionist takes messages, until a day the owner picks (a day off, a holiday) or until switched back on. */
function PauseForm({ working, onPause, onCancel }: { working: boolean; onPause: (until?: string) => void; onCancel: () => void }) {
  const [until, setUntil] = useState('');
  const tomorrow = irishDay(1);
  const latest = irishDay(PAUSE_MAX_DAYS);
  function submit(event: FormEvent) {
    event.preventDefault();
    onPause(until || undefined);
  }
  return (
    <form className="pause-form" onSubmit={submit} aria-labelledby="pause-heading">
      <h3 id="pause-heading">Pause your receptionist</h3>
      <p className="field-hint">
        While paused, your receptionist answers with your salon&apos;s name and takes a message from every caller, sent to you at once.
      </p>
      <div className="field">
        <label htmlFor="pause-until">Back on (optional)</label>
        <input
          id="pause-until"
          type="date"
          min={tomorrow}
          max={latest}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          aria-describedby="pause-until-hint"
        />
        <p id="pause-until-hint" className="field-hint">
          {until ? `It answers calls again by itself on ${irishDayOf(`${until}T12:00:00Z`)}.` : 'Leave it empty to pause until you switch it back on.'}
        </p>
      </div>
      <div className="ai-status-actions">
        <button type="submit" className="button button-primary" disabled={working}>
          {working ? 'Pausing…' : 'Pause'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={working}>
          Cancel
        </button>
      </div>
    </form>
  );
}
