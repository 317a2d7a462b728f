import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../features/dashboard/dashboard.css';

/** The frame of a signed-in page reached from the dashboard: the brand, a way back, and the page's main content. */
export function BackToDashboardPage({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  return (
    <div className="dashboard">
      <title>{`${title} · SalonDesk`}</title>
      <header className="dashboard-header">
        <span className="dashboard-brand">SalonDesk</span>
        <nav className="dashboard-nav" aria-label="Account">
          <Link to="/dashboard" className="button button-secondary">
            Back to Dashboard
          </Link>
        </nav>
      </header>
      <main className={`dashboard-main ${className}`}>{children}</main>
    </div>
  );
}
