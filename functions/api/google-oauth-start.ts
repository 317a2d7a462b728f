import { json, ownerRoute } from '../http/handler.js';
import { AppError } from '../http/errors.js';
import { logger } from '../http/logger.js';
import { deps } from '../composition-root.js';
import { calendarMessages, startCalendarConnection, stateCookie } from '../core/calendar-connection.js';

/** `{url}` to send the owner to (Google's consent page, or the local sandbox one); the state is also set as a cookie. */
export const handler = ownerRoute({ routeId: 'google-oauth-start' }, async (owner) => {
  const dependencies = deps();
  try {
    const { url, state } = await startCalendarConnection(dependencies, owner);
    return { ...json(200, { url }), cookies: [stateCookie(dependencies.config.SITE_URL, state)] };
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('calendar connection could not start', { name: (error as Error)?.name });
    throw new AppError(503, 'calendar_start_failed', calendarMessages.startFailed);
  }
});
