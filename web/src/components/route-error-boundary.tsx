import { Link, useRouteError } from 'react-router';

/** Shown for unexpected routing failures (a page chunk that fails to load, a loader that throws). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="page-center" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while opening this page. Please try again.</p>
      <Link className="button button-primary" to="/">
        Go to the home page
      </Link>
    </main>
  );
}
