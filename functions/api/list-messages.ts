import { deps } from '../composition-root.js';
import { listMessagesQuery } from '../contracts/calls.js';
import { listMessages } from '../core/calls/call-log.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `GET /api/messages?after=…`: the messages callers left, newest first, a page at a time. */
export const handler = ownerRoute({ routeId: 'list-messages', query: listMessagesQuery }, async (owner, { query }) => {
  const dependencies = deps();
  return json(200, await listMessages(dependencies, await ownerSalonId(dependencies, owner), query.after));
});
