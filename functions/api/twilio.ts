import { deps } from '../composition-root.js';
import { clientTokenRequest, endConferenceRequest, twilioQuery } from '../contracts/telephony.js';
import { ownerSalonId } from '../core/salon.js';
import { clientToken, endTestCall } from '../core/telephony/test-call.js';
import { provisionAgent } from '../core/voice-agent/provision.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

/**
 * `POST /api/twilio?route=client-token` → `{token, identity, sandbox}` for the browser voice SDK;
 * `POST /api/twilio?route=end-conference {callSid, salonId}` hangs up the owner's test call.
 */
export const handler = ownerRoute({ routeId: 'twilio', query: twilioQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  if (query.route === 'client-token') {
    parseJsonBody(event, clientTokenRequest);
    return json(200, await clientToken(dependencies, salonId, (id) => provisionAgent(dependencies, id)));
  }
  await endTestCall(dependencies, salonId, parseJsonBody(event, endConferenceRequest));
  return json(200, { ended: true });
});
