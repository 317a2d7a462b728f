import { STATE_TTL_SECONDS } from '../core/calendar-connection.js';

// The browser that started the flow keeps the state in a cookie; the callback must see the same
// one. Without it, a state (and so a salon) started by someone else could be completed in this
// browser with this person's Google account. `__Host-` needs https; local http gets a plain name.
const isHttps = (siteUrl: string) => siteUrl.startsWith('https://');
export const stateCookieName = (siteUrl: string) => (isHttps(siteUrl) ? '__Host-gcal_oauth' : 'gcal_oauth');

export function stateCookie(siteUrl: string, state: string): string {
  return `${stateCookieName(siteUrl)}=${state}; Path=/; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${isHttps(siteUrl) ? '; Secure' : ''}`;
}

export function clearedStateCookie(siteUrl: string): string {
  return `${stateCookieName(siteUrl)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isHttps(siteUrl) ? '; Secure' : ''}`;
}

/** Reads the state cookie from API Gateway's `cookies` list and/or a raw Cookie header. */
export function stateFromCookies(siteUrl: string, cookies: readonly string[]): string | undefined {
  const name = stateCookieName(siteUrl);
  for (const part of cookies.flatMap((cookie) => cookie.split(';'))) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}
