import { deps } from '../composition-root.js';
import { messageDoneBody } from '../contracts/calls.js';
import { markMessageDone } from '../core/calls/call-log.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/messages/done` `{id, createdAt, done}`: ticks a caller's message off, or back on. */
export const handler = ownerRoute({ routeId: 'mark-message-done', body: messageDoneBody }, async (owner, { body }) => {
  const dependencies = deps();
  return json(200, await markMessageDone(dependencies, await ownerSalonId(dependencies, owner), body));
});
