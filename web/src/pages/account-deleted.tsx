import { Link } from 'react-router';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { LEGAL_NAV } from '../components/marketing/nav-links';

/** Where the owner lands once their account is deleted: it is done, what that means, and the email that confirms it. */
export default function AccountDeletedPage() {
  return (
    <MarketingLayout links={LEGAL_NAV}>
      <title>Account deleted · SalonDesk</title>
      <section className="section legal" aria-labelledby="account-deleted-heading">
        <div className="container narrow">
          <h1 id="account-deleted-heading">Your account has been deleted</h1>
          <p>Your salon's setup, bookings, calls and messages are gone, your plan is cancelled and your login removed. We have emailed you a confirmation.</p>
          <p>Thank you for trying SalonDesk. You are welcome back any time.</p>
          <p>
            <Link to="/" className="button button-primary">
              Back to Home
            </Link>
          </p>
        </div>
      </section>
    </MarketingLayout>
  );
}
