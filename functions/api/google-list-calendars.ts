import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { listOwnerCalendars } from '../core/calendar-connection.js';

/** The connected account's calendars, `[{id, summary}]`; 409 when not connected or the grant is broken. */
export const handler = ownerRoute({ routeId: 'google-list-calendars' }, async (owner) => json(200, await listOwnerCalendars(deps(), owner)));
