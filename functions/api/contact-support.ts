import { deps } from '../composition-root.js';
import { supportRequest } from '../contracts/support.js';
import { contactSupport } from '../core/support.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/support`: the owner's message to support, with the salon's id; 429 past the day's cap. */
export const handler = ownerRoute({ routeId: 'contact-support', body: supportRequest }, async (owner, { body }) =>
  json(200, await contactSupport(deps(), owner, body)),
);
