import { Link, useRouteError } from 'react-router';

/**
 * Shown for unexpected routing failures (a page chunk that fails to load, a loader that throws).
 * The most common cause is a new deployment replacing the chunk this tab expected, which a reload
 * fixes, so reloading is offered first.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="page-center">
      <title>Something went wrong · SalonDesk</title>
      <div role="alert">
        <h1>Unexpected Application Error!</h1>
        <p>Something went wrong while opening this page. Please try again.</p>
      </div>
      <div className="page-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link className="button button-secondary" to="/">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
