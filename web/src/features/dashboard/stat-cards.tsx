import type { DashboardSummary } from '@functions/contracts/calls';
import { FirstStep } from './first-step';
import { SKELETON_MS } from './sample-data';
import type { SummaryState } from './use-dashboard-summary';
import { useSkeleton } from './use-skeleton';

export type BookingsFigure = { status: 'loading' } | { status: 'ready'; count: number; noShows: number } | { status: 'error' };

const Skeleton = () => (
  <>
    <span className="skeleton-line skeleton-short" />
    <span className="skeleton-line skeleton-number" />
    <span className="visually-hidden">Loading</span>
  </>
);

interface Card {
  id: 'calls' | 'missed' | 'satisfaction';
  label: string;
  value: string;
  detail: string;
}

/** Before the first call: no figures, only what each card will count (issue 46, point 4). */
const EMPTY_CARDS: readonly Card[] = [
  { id: 'calls', label: "Today's calls", value: 'No calls yet', detail: 'Each call your receptionist answers today is counted here.' },
  { id: 'missed', label: 'Missed calls', value: 'No calls yet', detail: 'Calls that reached nobody are counted here.' },
  { id: 'satisfaction', label: 'Satisfaction', value: 'Not rated yet', detail: 'The share of calls that went well, once calls are rated.' },
];

/** The salon's own figures, once it has taken a call. */
function realCards(summary: DashboardSummary): Card[] {
  const { callsToday, missedToday, satisfaction } = summary;
  return [
    { id: 'calls', label: "Today's calls", value: String(callsToday), detail: callsToday === 1 ? '1 call so far today' : `${callsToday} calls so far today` },
    { id: 'missed', label: 'Missed calls', value: String(missedToday), detail: missedToday ? 'Today: callers who got nobody' : 'Every call answered today' },
    {
      id: 'satisfaction',
      label: 'Satisfaction',
      value: satisfaction ? `${satisfaction.percent}%` : '–',
      detail: satisfaction ? `Calls that went well, of ${satisfaction.rated} rated this month` : 'No calls rated this month yet',
    },
  ];
}

/**
 * The stat cards. Until the salon's first call the call cards say what they will count, with no
 * number a new owner could take for hers; after it, the salon's own figures. Bookings this month is
 * always real (from the appointments API). Every card shows its skeleton for a second.
 */
export function StatCards({ bookings, summary, setupDone = null }: { bookings: BookingsFigure; summary: SummaryState; setupDone?: boolean | null }) {
  const skeleton = useSkeleton(SKELETON_MS);
  const real = summary.status === 'ready' && summary.value.hasCalls;
  const summaryLoading = skeleton || summary.status === 'loading';
  const cards: readonly Card[] = summary.status === 'ready' && real ? realCards(summary.value) : EMPTY_CARDS;
  const callCard = (card: Card) => (
    <li
      key={card.id}
      className={`card stat-card${real ? ' stat-live' : ' stat-empty'}`}
      data-testid={summaryLoading ? 'stat-skeleton' : `stat-${card.id}`}
      aria-busy={summaryLoading}
    >
      {summaryLoading ? (
        <Skeleton />
      ) : (
        <>
          <span className="stat-label">{card.label}</span>
          <span className="stat-value">{card.value}</span>
          <span className="stat-detail">{card.detail}</span>
        </>
      )}
    </li>
  );
  const [calls, ...others] = cards;
  const bookingsLoading = skeleton || bookings.status === 'loading';
  return (
    <section className="dashboard-stats-section" aria-labelledby="stats-heading" aria-busy={skeleton}>
      <div className="section-head">
        <h2 id="stats-heading">At a glance</h2>
      </div>
      {!real && !summaryLoading && summary.status === 'ready' && (
        <p className="sample-note" data-testid="stats-empty">
          Your receptionist has not taken a call yet: these cards fill in from its first one. <FirstStep setupDone={setupDone} />
        </p>
      )}
      {summary.status === 'error' && !skeleton && (
        <p className="alert alert-error" role="alert">
          {summary.error}
        </p>
      )}
      <ul className="stat-grid" data-testid="stats">
        {callCard(calls!)}
        <li className="card stat-card stat-live" data-testid={bookingsLoading ? 'stat-skeleton' : 'stat-bookings'} aria-busy={bookingsLoading}>
          {bookingsLoading ? (
            <Skeleton />
          ) : (
            <>
              <span className="stat-label">Bookings this month</span>
              <span className="stat-value">{bookings.status === 'ready' ? bookings.count : '–'}</span>
              <span className="stat-detail">
                {bookings.status === 'ready' ? 'Made by callers since the 1st, past ones too (test calls not counted)' : 'Could not load this figure'}
              </span>
              {bookings.status === 'ready' && (
                <span className="stat-detail" data-testid="stat-no-shows">
                  No-shows this month: {bookings.noShows}
                </span>
              )}
            </>
          )}
        </li>
        {others.map(callCard)}
      </ul>
    </section>
  );
}
