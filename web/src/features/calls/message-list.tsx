import { useMutation } from '@tanstack/react-query';
import type { MessageView } from '@functions/contracts/calls';
import { useToast } from '../../components/toast';
import { markMessageDone } from './api';

const when = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A message a caller left, with the owner's "done" tick (saved at once, undone if saving fails). */
export function MessageItem({ message, onChange }: { message: MessageView; onChange: (message: MessageView) => void }) {
  const toast = useToast();
  const tick = useMutation({
    mutationFn: (nextDone: boolean) => markMessageDone(message, nextDone),
    onMutate: (nextDone) => {
      onChange({ ...message, doneAt: nextDone ? new Date().toISOString() : null });
      return message;
    },
    onSuccess: (saved, _done, before) => onChange({ ...before, doneAt: saved.doneAt }),
    onError: (error, _done, before) => {
      if (before) onChange(before);
      toast.show(error.message, 'error');
    },
  });
  // The tick while it is saved, from the mutation: the list's cache tells its readers a moment
  // later, and the box must turn in the same click (a controlled box would flick back until then).
  const done = tick.isPending ? tick.variables : message.doneAt !== null;

  return (
    <li id={`message-${message.id}`} className={`card message-item${done ? ' message-done' : ''}`} data-testid="message">
      <label className="message-check">
        <input
          type="checkbox"
          checked={done}
          onChange={() => tick.mutate(!done)}
          disabled={tick.isPending}
          aria-label={`Done: message from ${message.callerName}`}
        />
        {/* A visible word, not a bare box (issue 46, point 7); the box's name says whose message too. */}
        <span className="message-check-text" aria-hidden="true">
          Done
        </span>
      </label>
      <div>
        <p className="call-head">
          <strong>{message.callerName}</strong> <a href={`tel:${message.caller.replace(/\s/g, '')}`}>{message.caller}</a>{' '}
          <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
        </p>
        <p className="message-text">{message.message}</p>
      </div>
    </li>
  );
}
