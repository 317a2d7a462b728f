import { deps } from '../composition-root.js';
import { voiceWebhookParams, voiceWebhookQuery } from '../contracts/telephony.js';
import { callReadiness } from '../core/call-readiness.js';
import { recordCallStatus, recordRouting } from '../core/telephony/call-record.js';
import { AGENT_UNAVAILABLE_LOG, REGISTER_CALL_LOG, answerInboundCall, type InboundCall, type InboundCallDeps } from '../core/telephony/inbound-call.js';
import { verifiedTwilioWebhook, type SignedWebhook } from '../http/twilio-webhook-request.js';
import { InvalidInputError, NotAllowedError } from '../core/errors.js';
import { securedRoute, type ApiEvent } from '../http/handler.js';
import { addLogContext, logger } from '../logger.js';
import { renderTwiml } from '../providers/twilio-twiml.js';

/**
 * Twilio's voice webhook: every call to one of our numbers, a `<Dial>`'s outcome
 * (?stage=after-salon, ?stage=after-forward), what a caller said in message mode (?stage=message),
 * the whisper a phone we ring hears and its key (?stage=whisper, ?stage=whisper-key, whisper.ts),
 * the browser test call through the TwiML app, and the status callback at the end of a call
 * (?stage=status). Twilio's signature is checked
 * before anything is read. Routing is a pure read, so a repeated webhook gets the same answer;
 * what it records is first-wins (functions/core/telephony/call-record.ts).
 *
 * The path of a call (docs/architecture.md, "One call, end to end"): answerInboundCall
 * (functions/core/telephony/inbound-call.ts) registers the call with the salon's hosted agent
 * (functions/providers/elevenlabs-voice-agent.ts); the agent then calls /api/agent/tools
 * (agent-tools.ts) for every tool it uses. At the end, ?stage=status writes the call's end with its
 * call.completed (recordCallStatus), which the bus takes to the usage meter and the missed-call text.
 */
async function verify(event: ApiEvent): Promise<SignedWebhook> {
  const { telephony, config } = deps();
  return verifiedTwilioWebhook(event, { telephony, siteUrl: config.SITE_URL });
}

function inboundDeps(): InboundCallDeps {
  const { numbers, salons, setup, dialling, calls, agents, voiceAgents, now } = deps();
  return {
    numbers,
    salons,
    setup,
    dialling,
    calls,
    agentId: async (salonId) => (await agents.get(salonId))?.agentId ?? null,
    registerCall: (input) => voiceAgents.registerCall(input),
    readiness: callReadiness,
    now,
    onAgentFailure: (error) => logger.warn(AGENT_UNAVAILABLE_LOG, { detail: (error as Error)?.message }),
    onRegisterCall: (attempt) => logger.info(REGISTER_CALL_LOG, { ...attempt }),
  };
}

const twiml = (body: string) => ({
  statusCode: 200,
  headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  body,
});

export const handler = securedRoute({ routeId: 'twilio-voice', query: voiceWebhookQuery, identify: verify }, async (webhook, { query }) => {
  const parsed = voiceWebhookParams.safeParse(webhook.params);
  if (!parsed.success) throw new InvalidInputError('Not a Twilio voice webhook');
  const { CallSid, From, To, salonId, ForwardedFrom, SpeechResult, Digits, DialCallStatus, CallStatus, CallDuration, Timestamp } = parsed.data;
  // A whisper's leg is the salon's phone being rung: the caller's call (?call=) is the one it belongs to.
  addLogContext({ callSid: CallSid, correlationId: query.call ?? CallSid });
  if (query.stage === 'status') {
    const { salons, numbers, calls, events, now } = deps();
    const outcome = await recordCallStatus(
      { salons, numbers, calls, events, now },
      { callSid: CallSid, from: From, to: To, callStatus: CallStatus ?? '', callDuration: CallDuration, timestamp: Timestamp },
    );
    logger.info('call status', { outcome, callSid: CallSid, status: CallStatus });
    return twiml('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  }
  if (query.stage === 'message') {
    // Only a caller who spoke in message mode needs the message store and its caps.
    const { answerSpokenMessage } = await import('../core/telephony/spoken-message.js');
    const answer = await answerSpokenMessage(deps(), { callSid: CallSid, from: From, to: To, speech: SpeechResult ?? '' });
    logger.info('message mode answered', { callSid: CallSid, salonId: answer.salonId });
    return twiml(renderTwiml(answer.script));
  }
  if (query.stage === 'whisper' || query.stage === 'whisper-key') {
    if (!query.call || !query.salon) throw new InvalidInputError("The whisper names the salon and the caller's call");
    // Only a phone we rang that was picked up needs the whisper.
    const { answerWhisper, answerWhisperKey } = await import('../core/telephony/whisper.js');
    const request = { salonId: query.salon, callerCallSid: query.call, webhookUrl: webhook.url, ...(Digits ? { digits: Digits } : {}) };
    const answer = await (query.stage === 'whisper' ? answerWhisper : answerWhisperKey)(deps(), request);
    logger.info('whisper answered', { stage: query.stage, callSid: query.call, salonId: answer.salonId, key: Boolean(Digits) });
    return twiml(renderTwiml(answer.script));
  }
  const dialed = { dialCallStatus: DialCallStatus ?? '' };
  const call: InboundCall = {
    callSid: CallSid,
    from: From,
    to: To,
    ...(ForwardedFrom ? { forwardedFrom: ForwardedFrom } : {}),
    ...(salonId ? { salonId } : {}),
    ...(query.stage === 'after-salon' ? { afterSalon: dialed } : {}),
    ...(query.stage === 'after-forward' ? { afterForward: dialed } : {}),
  };
  const answer = await answerInboundCall(inboundDeps(), call, { webhookUrl: webhook.url });
  if (answer.outcome === 'refused') throw new NotAllowedError('This test call is not for your salon');
  await recordRouting(deps(), call, answer);
  logger.info('inbound call answered', { outcome: answer.outcome, callSid: CallSid, ...('salonId' in answer ? { salonId: answer.salonId } : {}) });
  return twiml(renderTwiml(answer.script));
});
