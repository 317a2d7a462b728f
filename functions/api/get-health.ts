import { json, publicRoute } from '../http/handler.js';
import { config } from '../config.js';

/** Liveness for load balancers and the local runtime's readiness check. */
export const handler = publicRoute({ routeId: 'get-health' }, async () => json(200, { status: 'ok', stage: config().STAGE }));
