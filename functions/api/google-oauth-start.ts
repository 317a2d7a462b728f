import { json, ownerRoute } from '../http/handler.js';
import { DomainError } from '../core/errors.js';
import { logger } from '../logger.js';
import { deps } from '../composition-root.js';
import { oauthStartQuery } from '../contracts/calendar.js';
import { calendarMessages, requestSiteUrl, startCalendarConnection } from '../core/calendar-connection.js';
import { stateCookie } from '../http/oauth-state-cookie.js';

/** `{url}` to send the owner to (Google's consent page, or the local sandbox one); the state is also set as a cookie. `?from=settings` brings the owner back to Settings rather than the wizard. */
export const handler = ownerRoute({ routeId: 'google-oauth-start', query: oauthStartQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const siteUrl = requestSiteUrl(dependencies.config, event.headers?.host);
  try {
    const { url, state } = await startCalendarConnection({ ...dependencies, config: { SITE_URL: siteUrl } }, owner, query.from);
    return { ...json(200, { url }), cookies: [stateCookie(siteUrl, state)] };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger.error('calendar connection could not start', { name: (error as Error)?.name });
    throw new DomainError('unavailable', 'calendar_start_failed', calendarMessages.startFailed);
  }
});
