import { useState, type FormEvent } from 'react';
import { GoLivePanel } from '../features/receptionist/go-live-panel';
import { useTestCall } from '../features/test-call/use-test-call';
import { BackToDashboardPage } from '../components/back-to-dashboard-page';
import '../features/test-call/test-call.css';

const SAMPLE = [
  { who: 'Caller', text: 'Hi, how much is a balayage, and how long does it take?' },
  { who: 'Receptionist', text: 'A balayage is €180 and takes about 3 hours. We ask for a €20 deposit to hold the time. Would you like to book one?' },
  { who: 'Caller', text: 'Yes, have you anything Saturday morning?' },
  { who: 'Receptionist', text: "I have ten o'clock or half ten on Saturday with Ciara. Which would suit?" },
  { who: 'Caller', text: "Ten, please. It's Aoife Byrne." },
  {
    who: 'Receptionist',
    text: "Lovely, Aoife: you're booked in for a balayage with Ciara on Saturday at ten. I'll text you the details and a link for the deposit.",
  },
];

const CAPABILITIES = [
  'Answers questions about your services, prices and opening hours',
  'Gives directions to the salon',
  'Checks your calendar and books, moves or cancels appointments',
  'Takes messages and puts callers through to you',
  'Tells every caller it is an AI assistant',
];

const STATE_LABELS = { loading: 'Loading phone number…', ready: 'Ready', connecting: 'Connecting…', active: 'Call in progress', ended: 'Call ended' } as const;

/** The browser test call, and going live. */
export default function TestPage() {
  const call = useTestCall();
  const [text, setText] = useState('');

  function send(event: FormEvent) {
    event.preventDefault();
    const said = text.trim();
    if (!said) return;
    setText('');
    void call.say(said);
  }

  const inCall = call.state === 'connecting' || call.state === 'active';
  return (
    <BackToDashboardPage title="Test Agent" className="test-page">
      <h1>Test Agent</h1>
      <div className="test-grid">
        <section className="card test-call" aria-labelledby="call-heading">
          <div className="section-head">
            <h2 id="call-heading">Test call</h2>
            {call.sandbox && <span className="sample-badge">Sandbox</span>}
          </div>
          <p className="test-call-state" role="status" aria-live="polite" data-testid="call-state">
            {STATE_LABELS[call.state]}
          </p>
          {/* The number's line keeps its room while the salon loads, so the cards under this one do not move. */}
          {!call.salon && !call.error && (
            <p className="call-meta" aria-hidden="true">
              <span className="skeleton-line" />
            </p>
          )}
          {call.salon?.assigned_number_display && <p className="call-meta">Your receptionist&apos;s number: {call.salon.assigned_number_display}</p>}
          {call.notice && <p className="call-meta">{call.notice}</p>}
          {call.error && (
            <p className="alert alert-error" role="alert">
              {call.error}
            </p>
          )}
          {call.sandbox && (
            <p className="call-meta">
              No phone provider is set up here, so this is a typed call with the sandbox receptionist. It books for real, as test bookings.
            </p>
          )}
          {inCall ? (
            <button type="button" className="button button-danger" onClick={() => void call.end()}>
              End Call
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={() => void call.start()} disabled={call.state === 'loading' || !call.salon}>
              Call My Agent
            </button>
          )}
          {call.lines.length > 0 && (
            <ol className="conversation" aria-label="Conversation" aria-live="polite" data-testid="conversation">
              {call.lines.map((line, index) => (
                <li key={index} className={`conversation-${line.who}`}>
                  <span className="conversation-who">{line.who === 'you' ? 'You' : 'Receptionist'}</span> {line.text}
                </li>
              ))}
              {call.thinking && (
                <li className="conversation-thinking" aria-label="The receptionist is answering">
                  …
                </li>
              )}
            </ol>
          )}
          {call.sandbox && call.state === 'active' && (
            <form className="conversation-form" onSubmit={send}>
              <label htmlFor="caller-says">What you say</label>
              <div className="conversation-input">
                <input id="caller-says" value={text} onChange={(event) => setText(event.target.value)} maxLength={500} autoComplete="off" autoFocus />
                <button type="submit" className="button button-primary" disabled={call.thinking || !text.trim()}>
                  Say it
                </button>
              </div>
            </form>
          )}
        </section>

        <div className="test-side">
          <GoLivePanel />

          <section className="card" aria-labelledby="capabilities-heading">
            <h2 id="capabilities-heading">What your receptionist can do</h2>
            <ul className="capabilities">
              {CAPABILITIES.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>

          <section className="card" aria-labelledby="sample-heading">
            <div className="section-head">
              <h2 id="sample-heading">A sample conversation</h2>
              <span className="sample-badge">Sample</span>
            </div>
            <ol className="conversation">
              {SAMPLE.map((line, index) => (
                <li key={index} className={line.who === 'Caller' ? 'conversation-you' : 'conversation-receptionist'}>
                  <span className="conversation-who">{line.who}</span> {line.text}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </BackToDashboardPage>
  );
}
