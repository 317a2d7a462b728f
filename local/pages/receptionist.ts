import { deps } from '../../functions/composition-root.js';
import { receptionistTurnRequest } from '../../functions/contracts/receptionist.js';
import { endTestCall, startTestCall, testCallTurn } from '../receptionist/test-call.js';
import { ownerSalonId } from '../../functions/core/salon.js';
import { NotFoundError } from '../../functions/core/errors.js';
import { json, ownerRoute } from '../../functions/http/handler.js';
import { localRoutes } from '../routes.js';

/**
 * `POST /api/receptionist`: the owner's test call in the sandbox, typed in the browser and
 * answered by the sandbox receptionist server-side (the browser never holds the agent secret).
 * Only while telephony is the sandbox: with Twilio the test call is a real call.
 */
export const handler = ownerRoute({ routeId: 'receptionist', table: localRoutes, body: receptionistTurnRequest }, async (owner, { body }) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  if ((await dependencies.telephony.provider()) !== 'sandbox') throw new NotFoundError('Test calls go through the phone here.');
  if (!body.conversationId) return json(200, await startTestCall(dependencies, salonId));
  if (!body.text) {
    await endTestCall(dependencies, salonId, body.conversationId);
    return json(200, { conversationId: body.conversationId, say: '', ended: true });
  }
  return json(200, await testCallTurn(dependencies, salonId, body.conversationId, body.text));
});
