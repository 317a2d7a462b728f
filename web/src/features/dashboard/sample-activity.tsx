import { useEffect, useState } from 'react';
import { SAMPLE_ACTIVITY, SAMPLE_STATS, SKELETON_MS } from './sample-data';

/** True once the skeleton has shown for its second (spec section 9: dashboard skeleton 1 second). */
function useSkeleton(ms: number): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return loading;
}

const SampleBadge = () => <span className="sample-badge">Sample data</span>;

/** Stat cards and the recent-activity list: hard-coded sample data, clearly labelled as such. */
export function SampleActivity() {
  const loading = useSkeleton(SKELETON_MS);
  return (
    <>
      <section className="dashboard-stats-section" aria-labelledby="stats-heading" aria-busy={loading}>
        <div className="section-head">
          <h2 id="stats-heading">Today at a glance</h2>
          <SampleBadge />
        </div>
        <p className="sample-note">These figures are examples of what you will see once your receptionist is taking calls.</p>
        <ul className="stat-grid" data-testid="stats">
          {SAMPLE_STATS.map((stat) => (
            <li key={stat.id} className="card stat-card" data-testid={loading ? 'stat-skeleton' : `stat-${stat.id}`}>
              {loading ? (
                <>
                  <span className="skeleton-line skeleton-short" />
                  <span className="skeleton-line skeleton-number" />
                  <span className="visually-hidden">Loading</span>
                </>
              ) : (
                <>
                  <span className="stat-label">{stat.label}</span>
                  <span className="stat-value">{stat.value}</span>
                  <span className="stat-detail">{stat.detail}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="card recent-activity" aria-labelledby="activity-heading" aria-busy={loading}>
        <div className="section-head">
          <h2 id="activity-heading">Recent activity</h2>
          <SampleBadge />
        </div>
        {loading ? (
          <ul className="activity-list" data-testid="activity-skeleton">
            {[0, 1, 2].map((row) => (
              <li key={row} className="activity-item">
                <span className="skeleton-line skeleton-time" />
                <span className="skeleton-line" />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="activity-list" data-testid="activity">
            {SAMPLE_ACTIVITY.map((item) => (
              <li key={item.id} className={`activity-item activity-${item.kind}`}>
                <time className="activity-time">{item.time}</time>
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
