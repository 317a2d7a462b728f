import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { Owner } from '../features/auth/session';
import { signOutOwner } from '../features/auth/session';
import { apiFetch } from '../lib/api-client';
import { useToast } from '../components/toast';
import '../features/dashboard/dashboard.css';

interface SalonSummary {
  id: string;
  name: string;
}

/** Spec: the greeting uses the part of the email before the @. */
export function greetingName(email: string): string {
  return email.split('@')[0] || 'there';
}

export default function DashboardPage() {
  const owner = useLoaderData() as Owner;
  const navigate = useNavigate();
  const toast = useToast();
  const [salon, setSalon] = useState<SalonSummary | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let cancelled = false;
    apiFetch<SalonSummary>('/api/salon')
      .then((loaded) => !cancelled && setSalon(loaded))
      .catch((error: Error) => !cancelled && toast.show(error.message, 'error'));
    return () => {
      cancelled = true;
    };
  }, [toast]);

  async function logOut() {
    setSigningOut(true);
    try {
      await signOutOwner();
    } finally {
      navigate('/', { replace: true });
    }
  }

  return (
    <div className="dashboard">
      <title>Dashboard · SalonDesk</title>
      <header className="dashboard-header">
        <span className="dashboard-brand">SalonDesk</span>
        <button type="button" className="button button-secondary" onClick={logOut} disabled={signingOut}>
          {signingOut ? 'Please wait…' : 'Log out'}
        </button>
      </header>
      <main className="dashboard-main">
        <h1>Welcome back, {greetingName(owner.email)}!</h1>
        <p className="dashboard-salon" aria-live="polite">
          {salon ? salon.name : <span className="skeleton-line" aria-label="Loading your salon" />}
        </p>
      </main>
    </div>
  );
}
