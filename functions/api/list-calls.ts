import { deps } from '../composition-root.js';
import { listCallsQuery } from '../contracts/calls.js';
import { callWithTranscript, listCalls } from '../core/calls/call-log.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `GET /api/calls?after=…`: the call log, newest first, a page at a time; `?callSid=…`: one call with its transcript. */
export const handler = ownerRoute({ routeId: 'list-calls', query: listCallsQuery }, async (owner, { query }) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  if (query.callSid) return json(200, await callWithTranscript(dependencies, salonId, query.callSid));
  return json(200, await listCalls(dependencies, salonId, query.after));
});
