import { Link } from 'react-router';
import type { DashboardSummary } from '@functions/contracts/calls';
import { FirstStep } from './first-step';
import { SKELETON_MS } from './sample-data';
import type { SummaryState } from './use-dashboard-summary';
import { useSkeleton } from './use-skeleton';

const time = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayAndTime = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const salonDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(at);

/** "10:42" today, "21 Nov, 10:42" before. */
function when(iso: string): string {
  const at = new Date(iso);
  return salonDay(at) === salonDay(new Date()) ? time.format(at) : dayAndTime.format(at);
}

type Line = DashboardSummary['activity'][number];

/**
 * The recent-activity list: the salon's own calls, bookings, cancellations and messages once
 * there are any; until then what will appear and the first step, never invented callers.
 */
export function RecentActivity({ summary, setupDone = null }: { summary: SummaryState; setupDone?: boolean | null }) {
  const skeleton = useSkeleton(SKELETON_MS);
  const loading = skeleton || summary.status === 'loading';
  const lines: Line[] = summary.status === 'ready' ? summary.value.activity : [];
  const real = lines.length > 0;
  return (
    <section className="card recent-activity" aria-labelledby="activity-heading" aria-busy={loading}>
      <div className="section-head">
        <h2 id="activity-heading">Recent activity</h2>
        {!loading && real && (
          <Link to="/calls" className="button-link">
            Call log &amp; messages
          </Link>
        )}
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
      ) : real ? (
        <ul className="activity-list" data-testid="activity">
          {lines.map((line) => (
            <li key={`${line.kind}-${line.id}`} className={`activity-item activity-${line.kind}`}>
              <time className="activity-time" dateTime={line.at}>
                {when(line.at)}
              </time>
              <span>
                {line.text}
                {line.test && <span className="test-badge">Test</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="activity-empty" data-testid="activity-empty">
          Nothing yet. Each call your receptionist takes, and each booking, change and message from it, will be listed here. <FirstStep setupDone={setupDone} />
        </p>
      )}
    </section>
  );
}
