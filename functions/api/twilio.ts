import { deps } from '../composition-root.js';
import { config } from '../config.js';
import { clientTokenRequest, endConferenceRequest, twilioQuery } from '../contracts/telephony.js';
import { ownerSalonId } from '../core/salon.js';
import { clientToken, endTestCall } from '../core/telephony/test-call.js';
import { provisionAgent } from '../core/voice-agent/provision.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';
import { twilioLocation } from '../providers/twilio-region.js';

/**
 * `POST /api/twilio?route=client-token` → `{token, identity, sandbox, edge}` for the browser voice SDK;
 * `POST /api/twilio?route=end-conference {callSid, salonId}` hangs up the owner's test call.
 */
export const handler = ownerRoute({ routeId: 'twilio', query: twilioQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  if (query.route === 'client-token') {
    parseJsonBody(event, clientTokenRequest);
    const answer = await clientToken(dependencies, salonId, (id) => provisionAgent(dependencies, id));
    // An IE1 token is refused at a US1 edge and the reverse: the SDK is told the region's own edge.
    return json(200, answer.sandbox ? answer : { ...answer, edge: twilioLocation(config()).edge });
  }
  await endTestCall(dependencies, salonId, parseJsonBody(event, endConferenceRequest));
  return json(200, { ended: true });
});
