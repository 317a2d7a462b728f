import { deps } from '../composition-root.js';
import { ownerSalonId } from '../core/salon.js';
import { startForwardingCheck } from '../core/go-live.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/agent/forwarding-check`: the owner is about to ring the salon's line; the next call to reach the receptionist ticks the checklist. */
export const handler = ownerRoute({ routeId: 'start-forwarding-check' }, async (owner) => {
  const dependencies = deps();
  return json(200, await startForwardingCheck(dependencies, await ownerSalonId(dependencies, owner)));
});
