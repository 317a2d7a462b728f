import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CallView, TranscriptLineView } from '@functions/contracts/calls';
import { useToast } from '../../components/toast';
import { queryKeys } from '../../lib/query-keys';
import { deleteCall, loadTranscript } from './api';
import { actionLine, callResult } from './call-result';

const when = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function duration(seconds: number | null): string {
  if (seconds === null) return 'In progress';
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

type Transcript = { status: 'closed' } | { status: 'loading' } | { status: 'open'; lines: TranscriptLineView[] | null } | { status: 'error' };

/** One call in the log: what happened, and its transcript and deletion on demand. */
export function CallItem({ call, onDeleted }: { call: CallView; onDeleted: (callSid: string) => void }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const read = useQuery({ queryKey: queryKeys.transcript(call.callSid), queryFn: () => loadTranscript(call.callSid), enabled: open });
  const transcript: Transcript = !open
    ? { status: 'closed' }
    : read.isError && !read.isFetching
      ? { status: 'error' }
      : read.isSuccess
        ? { status: 'open', lines: read.data }
        : { status: 'loading' };
  const [confirming, setConfirming] = useState(false);
  const transcriptId = `transcript-${call.callSid}`;

  const remove = useMutation({
    mutationFn: () => deleteCall(call.callSid),
    onSuccess: () => {
      toast.show('Call deleted.', 'success');
      onDeleted(call.callSid);
    },
    onError: (error) => {
      toast.show(error.message, 'error');
      setConfirming(false);
    },
  });
  const deleting = remove.isPending || remove.isSuccess;

  const result = callResult(call);
  return (
    <li className={`card call-item call-result-${result.kind}`} data-testid="call">
      <div className="call-head">
        <time dateTime={call.startedAt}>{when.format(new Date(call.startedAt))}</time>
        <span className="call-outcome" data-testid="call-outcome">
          {result.label}
        </span>
        {call.test && <span className="test-badge">Test</span>}
      </div>
      <p className="call-meta">
        {call.caller ?? (call.test ? 'Your browser' : 'Number withheld')} · {duration(call.durationSeconds)}
      </p>
      {call.actions.length > 0 && (
        <ul className="call-did" aria-label="What this call did">
          {call.actions.map((action) => (
            <li key={`${action.action}-${action.id}`}>
              {action.action === 'message' ? (
                <a href={`#message-${action.id}`}>{actionLine(action)}</a>
              ) : action.booking && action.booking.status !== 'cancelled' ? (
                <Link to={`/dashboard#appointment-${action.id}`}>{actionLine(action)}</Link>
              ) : (
                actionLine(action)
              )}
            </li>
          ))}
        </ul>
      )}
      {call.summary && <p className="call-summary">{call.summary}</p>}
      <div className="call-actions">
        <button
          type="button"
          className="button-link"
          aria-expanded={transcript.status === 'open'}
          aria-controls={transcriptId}
          onClick={() => setOpen(!open)}
          disabled={transcript.status === 'loading'}
        >
          {transcript.status === 'loading' ? 'Loading transcript…' : transcript.status === 'open' ? 'Hide transcript' : 'Show transcript'}
        </button>
        {confirming ? (
          <span className="call-confirm" role="group" aria-label="Delete this call?">
            Delete this call and its transcript?{' '}
            <button type="button" className="button button-danger button-small" onClick={() => remove.mutate()} disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete'}
            </button>{' '}
            <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(false)} disabled={deleting}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="button-link call-delete" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      <div id={transcriptId} aria-live="polite">
        {transcript.status === 'error' && <p className="alert alert-error">Failed to load the transcript</p>}
        {transcript.status === 'open' &&
          (transcript.lines?.length ? (
            <ol className="transcript">
              {transcript.lines.map((line, index) => (
                <li key={index} className={`transcript-${line.role}`}>
                  <span className="transcript-role">{line.role === 'agent' ? 'Receptionist' : 'Caller'}</span> {line.text}
                </li>
              ))}
            </ol>
          ) : (
            <p className="call-meta">No transcript for this call (none was recorded, or it has expired).</p>
          ))}
      </div>
    </li>
  );
}
