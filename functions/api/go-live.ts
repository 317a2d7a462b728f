import { deps } from '../composition-root.js';
import { goLive } from '../core/go-live.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/agent/go-live`: Go Live Now. 409 with what is missing; 502 when the voice provider refused (nothing changed). */
export const handler = ownerRoute({ routeId: 'go-live' }, async (owner) => {
  const dependencies = deps();
  return json(200, await goLive(dependencies, await ownerSalonId(dependencies, owner)));
});
