import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { setupProgress } from '@functions/contracts/setup';
import { greetingName } from '@functions/contracts/auth';
import type { Owner } from '../features/auth/session';
import { AiStatus } from '../features/dashboard/ai-status';
import { useReceptionistSwitch } from '../features/receptionist/use-receptionist-switch';
import { ownerDisplayName, signOutOwner } from '../features/auth/session';
import { queryKeys } from '../lib/query-keys';
import { useToast } from '../components/toast';
import { loaded } from '../lib/query-client';
import { salonQuery } from '../lib/shared-queries';
import { LOAD_FAILED, setupQuery } from '../features/setup/api';
import { SetupProgressPanel } from '../features/dashboard/setup-progress';
import { RecentActivity } from '../features/dashboard/recent-activity';
import { StatCards, type BookingsFigure } from '../features/dashboard/stat-cards';
import { UpcomingAppointments } from '../features/dashboard/upcoming-appointments';
import { useAppointments } from '../features/dashboard/use-appointments';
import { useDashboardSummary } from '../features/dashboard/use-dashboard-summary';
import { UsageMeter, UsageMeterSkeleton } from '../features/dashboard/usage-meter';
import { CalendarStatus } from '../features/dashboard/calendar-status';
import { GoingLiveChecklist } from '../features/dashboard/going-live-checklist';
import { ContactSupport } from '../features/support';
import { WaitingList } from '../features/waitlist';
import '../features/dashboard/dashboard.css';

export default function DashboardPage() {
  const owner = useLoaderData() as Owner;
  const navigate = useNavigate();
  const toast = useToast();
  const { data: salon = null, error: salonError } = useQuery(salonQuery);
  // Her name from sign-up; a failed read falls back to the email's name rather than holding the page.
  const nameQuery = useQuery({ queryKey: queryKeys.ownerName, queryFn: ownerDisplayName, retry: false, staleTime: Infinity });
  const [signingOut, setSigningOut] = useState(false);
  // Nothing saved yet: the load answer carries only defaults (the first voice, 'new'), which are not progress.
  const progressQuery = useQuery({ ...setupQuery, select: setupProgress });
  const progressState = loaded(progressQuery, LOAD_FAILED);
  const progress = progressState.status === 'ready' ? progressState.value : null;
  const setupDone = progress ? progress.completed === 3 : null;
  const appointments = useAppointments();
  const summary = useDashboardSummary();
  const bookings: BookingsFigure =
    appointments.status === 'ready'
      ? { status: 'ready', count: appointments.value.bookingsThisMonth, noShows: appointments.value.noShowsThisMonth }
      : { status: appointments.status };
  const receptionist = useReceptionistSwitch();

  useEffect(() => {
    if (salonError) toast.show(salonError.message, 'error');
  }, [toast, salonError]);

  async function logOut() {
    setSigningOut(true);
    try {
      await signOutOwner();
    } finally {
      void navigate('/', { replace: true });
    }
  }

  return (
    <div className="dashboard">
      <title>Dashboard · SalonDesk</title>
      <header className="dashboard-header">
        <span className="dashboard-brand">SalonDesk</span>
        <nav className="dashboard-nav" aria-label="Account">
          <Link to="/diary" className="button button-secondary">
            Diary
          </Link>
          <Link to="/calls" className="button button-secondary">
            Calls
          </Link>
          <Link to="/settings" className="button button-secondary">
            Settings
          </Link>
          <ContactSupport label="Help" />
          <button type="button" className="button button-secondary" onClick={logOut} disabled={signingOut}>
            {signingOut ? 'Please wait…' : 'Log out'}
          </button>
        </nav>
      </header>
      <main className="dashboard-main">
        <div className="dashboard-intro">
          <div>
            <h1 aria-busy={nameQuery.isPending}>
              {progress && progress.completed > 0 ? 'Welcome back' : 'Welcome'}
              {!nameQuery.isPending && `, ${greetingName({ name: nameQuery.data, email: owner.email })}!`}
            </h1>
            <p className="dashboard-salon" aria-live="polite">
              {salon ? <span className="dashboard-salon-name">{salon.name}</span> : <span className="skeleton-line" aria-label="Loading your salon" />}
            </p>
          </div>
          <Link to="/test" className="button button-primary">
            Test Agent
          </Link>
        </div>

        <div className="dashboard-grid">
          <div className="dashboard-column">
            <SetupProgressPanel progress={progress} status={progressState.status} error={LOAD_FAILED} onRetry={() => void progressQuery.refetch()} />
            <GoingLiveChecklist control={receptionist} />
            <StatCards bookings={bookings} summary={summary} setupDone={setupDone} />
            <UpcomingAppointments state={appointments} onRetry={appointments.retry} />
            <WaitingList />
            <RecentActivity summary={summary} setupDone={setupDone} />
          </div>
          <aside className="card ai-status" aria-labelledby="ai-status-heading">
            <h2 id="ai-status-heading">AI receptionist</h2>
            <AiStatus salon={salon} control={receptionist} />
            {summary.status === 'ready' && <CalendarStatus health={summary.value.calendar} />}
            {summary.status !== 'error' && (
              <section className="ai-status-usage" aria-labelledby="usage-heading" aria-busy={summary.status === 'loading'}>
                <h3 id="usage-heading">Plan and minutes</h3>
                {summary.status === 'ready' ? <UsageMeter usage={summary.value.usage} /> : <UsageMeterSkeleton />}
              </section>
            )}
          </aside>
        </div>
      </main>
    </div>
  );
}
