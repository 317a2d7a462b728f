import { deps } from '../composition-root.js';
import { pauseReceptionist } from '../core/go-live.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/agent/pause`: calls are forwarded to the salon until Go Live Now; 409 when the receptionist was never live. */
export const handler = ownerRoute({ routeId: 'pause-receptionist' }, async (owner) => {
  const dependencies = deps();
  return json(200, await pauseReceptionist(dependencies, await ownerSalonId(dependencies, owner)));
});
