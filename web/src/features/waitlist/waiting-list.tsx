import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { waitlistMessages } from '@functions/contracts/waitlist';
import { useToast } from '../../components/toast';
import { dayHeading, salonDate } from '../dashboard';
import { loadWaitlist, offerTime, removeFromWaitlist, waitlistKey, WAITLIST_LOAD_FAILED, type WaitlistEntryView } from './api';
import './waitlist.css';

export const NOBODY_WAITING = 'Nobody is waiting. When a day is full, the receptionist offers callers the waiting list, and they appear here.';

/**
 * The waiting list on the dashboard (issue 45): who waits, for what, which day. Remove takes
 * someone off; Offer a time texts them a time on their day, the same text a freed time sends, and
 * their YES books it.
 */
export function WaitingList() {
  const query = useQuery({ queryKey: waitlistKey, queryFn: loadWaitlist });
  const entries = query.data?.entries ?? [];
  const today = salonDate(new Date());
  return (
    <section className="card waiting-list" aria-labelledby="waitlist-heading" aria-busy={query.isPending}>
      <h2 id="waitlist-heading">Waiting list</h2>
      {query.isPending && <p className="field-hint">Loading the waiting list…</p>}
      {query.isError && (
        <p className="alert alert-error" role="alert">
          {WAITLIST_LOAD_FAILED}{' '}
          <button type="button" className="button-link" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      )}
      {query.isSuccess && entries.length === 0 && <p className="upcoming-empty">{NOBODY_WAITING}</p>}
      {entries.length > 0 && (
        <ul className="waitlist-entries" data-testid="waitlist">
          {entries.map((entry) => (
            <WaitingEntry key={`${entry.date}#${entry.id}`} entry={entry} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WaitingEntry({ entry, today }: { entry: WaitlistEntryView; today: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [offering, setOffering] = useState(false);
  const [time, setTime] = useState('');
  const id = `waitlist-${entry.date}-${entry.id}`;
  const remove = useMutation({
    mutationFn: () => removeFromWaitlist(entry),
    onSuccess: async () => {
      toast.show(`${entry.callerName} is off the waiting list.`, 'success');
      await queryClient.invalidateQueries({ queryKey: waitlistKey });
    },
    onError: (failure) => toast.show(failure.message, 'error'),
  });
  const offer = useMutation({
    mutationFn: () => offerTime(entry, time),
    onSuccess: () => {
      setOffering(false);
      setTime('');
      toast.show(waitlistMessages.offered(entry.callerName), 'success');
    },
  });
  const error = offer.error?.message ?? '';
  return (
    <li className="waitlist-entry" data-testid="waitlist-entry" aria-labelledby={`${id}-who`}>
      <div className="waitlist-what">
        <span id={`${id}-who`} className="waitlist-who">
          {entry.callerName}
        </span>
        <span>
          {entry.service}, {dayHeading(entry.date, today)}
        </span>
        <span className="waitlist-phone">{entry.caller}</span>
      </div>
      <div className="waitlist-actions">
        <button type="button" className="button button-secondary" aria-expanded={offering} onClick={() => setOffering(!offering)}>
          Offer a time
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => remove.mutate()}
          disabled={remove.isPending}
          aria-label={`Remove ${entry.callerName}`}
        >
          Remove
        </button>
      </div>
      {offering && (
        <form
          className="waitlist-offer"
          onSubmit={(event) => {
            event.preventDefault();
            offer.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-time`}>Time to offer {entry.callerName}</label>
            <input
              id={`${id}-time`}
              type="time"
              step={900}
              required
              value={time}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setTime(event.target.value);
                offer.reset();
              }}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={offer.isPending || !time}>
            {offer.isPending ? 'Texting…' : 'Text the offer'}
          </button>
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </li>
  );
}
