import { publicRoute, type ApiEvent } from '../http/handler.js';
import { logger } from '../http/logger.js';
import { deps } from '../composition-root.js';
import { clearedStateCookie, completeCalendarConnection, requestSiteUrl, setupWizardUrl, stateFromCookies } from '../core/calendar-connection.js';

function requestCookies(event: ApiEvent): string[] {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'cookie')?.[1];
  return [...(event.cookies ?? []), ...(header ? [header] : [])];
}

/** Where Google (or the sandbox consent page) sends the owner back: always a redirect to the setup wizard. */
export const handler = publicRoute({ routeId: 'google-oauth-callback' }, async ({ event, query }) => {
  const dependencies = deps();
  const siteUrl = requestSiteUrl(dependencies.config, event.headers?.host);
  let outcome: 'ok' | 'fail' = 'fail';
  try {
    // The code is exchanged with the redirect URI the start gave, on this same origin.
    const result = await completeCalendarConnection({ ...dependencies, config: { SITE_URL: siteUrl } }, {
      state: query.state,
      code: query.code,
      error: query.error,
      browserState: stateFromCookies(siteUrl, requestCookies(event)),
    });
    outcome = result.outcome;
  } catch (error) {
    // The owner is mid-navigation: a JSON error page would strand them. Send them back with `fail`.
    logger.error('calendar callback failed', { name: (error as Error)?.name });
  }
  return {
    statusCode: 302,
    headers: {
      location: setupWizardUrl(siteUrl, outcome),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
    cookies: [clearedStateCookie(siteUrl)],
    body: '',
  };
});
