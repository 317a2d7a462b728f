import { SampleBadge } from './sample-activity';
import { SAMPLE_STATS, SKELETON_MS } from './sample-data';
import { useSkeleton } from './use-skeleton';

export type BookingsFigure = { status: 'loading' } | { status: 'ready'; count: number } | { status: 'error' };

const Skeleton = () => (
  <>
    <span className="skeleton-line skeleton-short" />
    <span className="skeleton-line skeleton-number" />
    <span className="visually-hidden">Loading</span>
  </>
);

/**
 * The stat cards. Bookings this month is real (from the appointments API); the others are
 * hard-coded examples and each says so. Every card shows its skeleton for the spec's second.
 */
export function StatCards({ bookings }: { bookings: BookingsFigure }) {
  const skeleton = useSkeleton(SKELETON_MS);
  const [calls, ...otherSamples] = SAMPLE_STATS;
  const sampleCard = (stat: (typeof SAMPLE_STATS)[number]) => (
    <li key={stat.id} className="card stat-card" data-testid={skeleton ? 'stat-skeleton' : `stat-${stat.id}`}>
      {skeleton ? (
        <Skeleton />
      ) : (
        <>
          <span className="stat-label">{stat.label}</span>
          <span className="stat-value">{stat.value}</span>
          <span className="stat-detail">{stat.detail}</span>
          <SampleBadge />
        </>
      )}
    </li>
  );
  const bookingsLoading = skeleton || bookings.status === 'loading';
  return (
    <section className="dashboard-stats-section" aria-labelledby="stats-heading" aria-busy={skeleton}>
      <div className="section-head">
        <h2 id="stats-heading">At a glance</h2>
      </div>
      <p className="sample-note">Cards marked “Sample data” are examples of what you will see once your receptionist is taking calls.</p>
      <ul className="stat-grid" data-testid="stats">
        {sampleCard(calls)}
        <li className="card stat-card stat-live" data-testid={bookingsLoading ? 'stat-skeleton' : 'stat-bookings'} aria-busy={bookingsLoading}>
          {bookingsLoading ? (
            <Skeleton />
          ) : (
            <>
              <span className="stat-label">Bookings this month</span>
              <span className="stat-value">{bookings.status === 'ready' ? bookings.count : '–'}</span>
              <span className="stat-detail">{bookings.status === 'ready' ? 'Confirmed since the 1st' : 'Could not load this figure'}</span>
            </>
          )}
        </li>
        {otherSamples.map(sampleCard)}
      </ul>
    </section>
  );
}
