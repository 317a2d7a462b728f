import { header, publicRoute, type ApiEvent, type ApiResult } from '../http/handler.js';
import { logger } from '../logger.js';
import { deps } from '../composition-root.js';
import { oauthCallbackQuery } from '../contracts/calendar.js';
import type { CalendarReturnPage } from '../contracts/calendar.js';
import { completeCalendarConnection, requestSiteUrl, returnUrl } from '../core/calendar-connection.js';
import { closeMirrors, reconcileSalonMirrors } from '../core/calendar/salon-mirrors.js';
import { clearedStateCookie, stateFromCookies } from '../http/oauth-state-cookie.js';

function requestCookies(event: ApiEvent): string[] {
  const cookie = header(event, 'cookie');
  return [...(event.cookies ?? []), ...(cookie ? [cookie] : [])];
}

function backToOwner(siteUrl: string, outcome: 'ok' | 'fail', page?: CalendarReturnPage): ApiResult {
  return {
    statusCode: 302,
    headers: {
      location: returnUrl(siteUrl, outcome, page),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
    cookies: [clearedStateCookie(siteUrl)],
    body: '',
  };
}

const siteUrlOf = (event: ApiEvent) => requestSiteUrl(deps().config, event.headers?.host);

/** Where Google (or the sandbox consent page) sends the owner back: a redirect to the page they connected from (the wizard, or Settings). */
export const handler = publicRoute(
  {
    routeId: 'google-oauth-callback',
    query: oauthCallbackQuery,
    // The owner is mid-navigation: a JSON error page would strand them. A refused query (say a
    // parameter Google has started to send) still sends them back, with `fail`, and is logged.
    errorBody: (refusal, event) => {
      logger.warn('calendar callback refused', { status: refusal.statusCode, error: (JSON.parse(String(refusal.body)) as { error: string }).error });
      return backToOwner(siteUrlOf(event), 'fail');
    },
  },
  async ({ event, query }) => {
    const dependencies = deps();
    const siteUrl = siteUrlOf(event);
    let outcome: 'ok' | 'fail' = 'fail';
    let page: CalendarReturnPage | undefined;
    try {
      // The code is exchanged with the redirect URI the start gave, on this same origin.
      const result = await completeCalendarConnection(
        { ...dependencies, config: { SITE_URL: siteUrl }, beforeReplacingGrant: (salonId) => closeMirrors(dependencies, salonId) },
        {
          state: query.state,
          code: query.code,
          error: query.error,
          browserState: stateFromCookies(siteUrl, requestCookies(event)),
        },
      );
      ({ outcome, returnTo: page } = result);
      // Calendars already mapped (a reconnect from Settings, whose old channels were closed above) are mirrored afresh.
      if (result.outcome === 'ok') await reconcileSalonMirrors(dependencies, result.salonId);
    } catch (error) {
      logger.error('calendar callback failed', { name: (error as Error)?.name });
    }
    return backToOwner(siteUrl, outcome, page);
  },
);
