import { deps } from '../composition-root.js';
import { deleteCallBody } from '../contracts/calls.js';
import { deleteCall } from '../core/calls/call-log.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/calls/delete` `{callSid}`: removes a call and its transcript from the owner's log. */
export const handler = ownerRoute({ routeId: 'delete-call', body: deleteCallBody }, async (owner, { body }) => {
  const dependencies = deps();
  return json(200, await deleteCall(dependencies, await ownerSalonId(dependencies, owner), body.callSid));
});
