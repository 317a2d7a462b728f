import { deps } from '../composition-root.js';
import { pauseReceptionist } from '../core/go-live.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';
import { pauseRequest } from '../contracts/go-live.js';

/** `POST /api/agent/pause` (`{until?: 'YYYY-MM-DD'}`): calls are answered in message mode until Go Live Now or that day; 409 when the receptionist was never live. */
export const handler = ownerRoute({ routeId: 'pause-receptionist', body: pauseRequest }, async (owner, { body }) => {
  const dependencies = deps();
  return json(200, await pauseReceptionist(dependencies, await ownerSalonId(dependencies, owner), body?.until));
});
