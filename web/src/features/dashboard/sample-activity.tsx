import { SAMPLE_ACTIVITY, SKELETON_MS } from './sample-data';
import { useSkeleton } from './use-skeleton';

export const SampleBadge = () => <span className="sample-badge">Sample data</span>;

/** The recent-activity list: hard-coded sample data, clearly labelled as such. */
export function SampleActivity() {
  const loading = useSkeleton(SKELETON_MS);
  return (
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
  );
}
