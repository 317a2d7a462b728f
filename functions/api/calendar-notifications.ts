import { deps } from '../composition-root.js';
import { receiveNotification } from '../core/calendar/mirror.js';
import { NotFoundError } from '../core/errors.js';
import { header, json, publicRoute } from '../http/handler.js';
import { PUSH_HEADERS } from '../providers/google-calendar-rules.js';

/**
 * `POST /api/calendar/notifications`: Google's push notifications for the calendar mirrors (and
 * the sandbox calendar's, which posts the same headers). Believed only with the token of a
 * mirror's current channel: anything else is a 404 and changes nothing. A believed one syncs the
 * mirror before answering; a failed sync is a 503, which Google retries.
 */
export const handler = publicRoute({ routeId: 'calendar-notifications' }, async ({ event }) => {
  const outcome = await receiveNotification(deps(), {
    channelId: header(event, PUSH_HEADERS.channelId),
    token: header(event, PUSH_HEADERS.token),
    state: header(event, PUSH_HEADERS.state),
  });
  if (outcome === 'refused') throw new NotFoundError('No such calendar channel');
  return json(200, { outcome });
});
