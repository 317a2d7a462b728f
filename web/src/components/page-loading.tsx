/** Shown while the first page's code and its guard load. */
export function PageLoading() {
  return (
    <div className="page-center" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
