/**
 * The in-flight marker kept in local storage while the owner is away on Google's consent page.
 * It is cleared when they come back, whatever the outcome.
 */
export const OAUTH_MARKER_KEY = 'salondesk.googleOAuthInFlight';

export function markOAuthInFlight(): void {
  try {
    localStorage.setItem(OAUTH_MARKER_KEY, JSON.stringify({ startedAt: new Date().toISOString() }));
  } catch {
    // Storage can be unavailable (private mode); the query parameter alone still works.
  }
}

export function oauthInFlight(): boolean {
  try {
    return localStorage.getItem(OAUTH_MARKER_KEY) !== null;
  } catch {
    return false;
  }
}

export function clearOAuthMarker(): void {
  try {
    localStorage.removeItem(OAUTH_MARKER_KEY);
  } catch {
    // Nothing to clear.
  }
}

export type OAuthReturn = 'ok' | 'fail' | null;

/** Reads `?connected=ok|fail` from the address the provider sent the owner back to. */
export function oauthReturn(search: URLSearchParams): OAuthReturn {
  const value = search.get('connected');
  return value === 'ok' || value === 'fail' ? value : null;
}
