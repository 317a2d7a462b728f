import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { loadSetup } from '../core/setup.js';

export const handler = ownerRoute({ routeId: 'setup-load' }, async (owner) => json(200, await loadSetup(deps(), owner)));
