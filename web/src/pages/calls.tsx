import type { CallView, MessageView } from '@functions/contracts/calls';
import { CALLS_LOAD_FAILED, MESSAGES_LOAD_FAILED, loadCalls, loadMessages } from '../features/calls/api';
import { CallItem } from '../features/calls/call-list';
import { MessageItem } from '../features/calls/message-list';
import { usePaged, type PagedState } from '../features/calls/use-paged';
import { BackToDashboardPage } from '../components/back-to-dashboard-page';
import { queryKeys } from '../lib/query-keys';
import '../features/calls/calls.css';

function ListState<T>({ state, label, empty, onRetry }: { state: PagedState<T>; label: string; empty: string; onRetry: () => void }) {
  if (state.status === 'loading') {
    return (
      <ul className="call-list" aria-label={`Loading ${label}`}>
        {[0, 1, 2].map((row) => (
          <li key={row} className="card call-item">
            <span className="skeleton-line" />
          </li>
        ))}
      </ul>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="alert alert-error" role="alert">
        {state.error}{' '}
        <button type="button" className="button-link" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  return state.items.length === 0 ? <p className="empty-state">{empty}</p> : null;
}

function More<T>({ state, onMore }: { state: PagedState<T>; onMore: () => void }) {
  if (state.status !== 'ready') return null;
  return (
    <>
      {state.moreError && (
        <p className="alert alert-error" role="alert">
          {state.moreError}
        </p>
      )}
      {state.next && (
        <button type="button" className="button button-secondary" onClick={onMore} disabled={state.loadingMore}>
          {state.loadingMore ? 'Loading…' : 'Show more'}
        </button>
      )}
    </>
  );
}

/** The call log: every call newest first with how it ended and its transcript, and the messages callers left. */
export default function CallsPage() {
  const calls = usePaged<CallView>(queryKeys.calls, loadCalls, CALLS_LOAD_FAILED);
  const messages = usePaged<MessageView>(queryKeys.messages, loadMessages, MESSAGES_LOAD_FAILED);

  return (
    <BackToDashboardPage title="Calls" className="calls-page">
      <h1>Calls &amp; messages</h1>
      <div className="calls-grid">
        <section aria-labelledby="messages-heading" aria-busy={messages.state.status === 'loading'}>
          <h2 id="messages-heading">Messages</h2>
          <ListState
            state={messages.state}
            label="messages"
            empty="No messages yet. When a caller asks your receptionist to pass something on, it appears here."
            onRetry={messages.retry}
          />
          {messages.state.status === 'ready' && messages.state.items.length > 0 && (
            <ul className="call-list" data-testid="messages">
              {messages.state.items.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  onChange={(changed) => messages.update((items) => items.map((item) => (item.id === changed.id ? changed : item)))}
                />
              ))}
            </ul>
          )}
          <More state={messages.state} onMore={() => void messages.more()} />
        </section>
        <section aria-labelledby="calls-heading" aria-busy={calls.state.status === 'loading'}>
          <h2 id="calls-heading">Call log</h2>
          <ListState
            state={calls.state}
            label="calls"
            empty="No calls yet. Each call your receptionist takes appears here with a summary and its transcript."
            onRetry={calls.retry}
          />
          {calls.state.status === 'ready' && calls.state.items.length > 0 && (
            <ul className="call-list" data-testid="calls">
              {calls.state.items.map((call) => (
                <CallItem key={call.callSid} call={call} onDeleted={(callSid) => calls.update((items) => items.filter((item) => item.callSid !== callSid))} />
              ))}
            </ul>
          )}
          <More state={calls.state} onMore={() => void calls.more()} />
        </section>
      </div>
    </BackToDashboardPage>
  );
}
