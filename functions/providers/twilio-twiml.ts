// Twilio's TwiML builder alone, by its module path (twilio-sdk.ts says why; importing that module
// would also load the REST client, which the voice webhook never uses).
import VoiceResponseModule from 'twilio/lib/twiml/VoiceResponse.js';
import type { CallScript, CallStep, RingTarget } from '../core/telephony/call-script.js';

/** CommonJS `exports.default` seen from ESM: the class itself (bundlers) or `{ default }` (Node). */
const VoiceResponse = ((VoiceResponseModule as unknown as { default?: typeof VoiceResponseModule }).default ??
  VoiceResponseModule) as typeof VoiceResponseModule;

/**
 * Every line we say is said by Amazon Polly's Irish English voice (Twilio's `<Say>` voices,
 * https://www.twilio.com/docs/voice/twiml/say/text-speech; the SDK's SayVoice type lists it).
 */
const VOICE = { voice: 'Polly.Niamh-Neural', language: 'en-IE' } as const;

type Response = InstanceType<typeof VoiceResponse>;

/**
 * A ring is a `<Dial>` with one `<Number>` (https://www.twilio.com/docs/voice/twiml/dial):
 * `answerOnBridge` keeps the caller hearing ringing until someone answers; `callerId` is what the
 * rung phone shows (call-script.ts, CallerId); `timeout` left out is Twilio's 30 s; the outcome is
 * posted to `action`. `<Number url>` is the whisper, run on the called party's end after they
 * answer, before the parties are connected (https://www.twilio.com/docs/voice/twiml/number#url).
 */
function ring(response: Response, step: { target: RingTarget; action: string; timeoutSeconds?: number }): void {
  const dial = response.dial({
    answerOnBridge: true,
    ...(step.timeoutSeconds ? { timeout: step.timeoutSeconds } : {}),
    callerId: step.target.callerId,
    action: step.action,
    method: 'POST',
  });
  dial.number({ url: step.target.whisperUrl, method: 'POST' }, step.target.to);
}

function renderStep(response: Response, step: Exclude<CallStep, { verb: 'connect-agent' }>): void {
  switch (step.verb) {
    case 'say':
      response.say(VOICE, step.line);
      return;
    case 'listen':
      // `<Gather>` for speech (https://www.twilio.com/docs/voice/twiml/gather): the words come as
      // `SpeechResult`; `timeout` is the silence allowed, `maxSpeechTime` the longest message;
      // with `actionOnEmptyResult` off, silence falls through to the next verb.
      response
        .gather({
          input: ['speech'],
          action: step.action,
          method: 'POST',
          language: 'en-IE',
          speechTimeout: 'auto',
          timeout: step.silenceSeconds,
          maxSpeechTime: step.maxSpeechSeconds,
        })
        .say(VOICE, step.prompt);
      return;
    case 'ask-key':
      response.gather({ input: ['dtmf'], numDigits: 1, timeout: step.timeoutSeconds, action: step.action, method: 'POST' }).say(VOICE, step.prompt);
      return;
    case 'ring':
      ring(response, step);
      return;
    case 'reject-busy':
      // https://www.twilio.com/docs/voice/twiml/reject
      response.reject({ reason: 'busy' });
      return;
    case 'hang-up':
      response.hangup();
      return;
  }
}

/**
 * Core's call script as TwiML. The voice agent's answer is already TwiML its provider made for
 * Twilio (ElevenLabs' register-call), so it is passed on as it is.
 */
export function renderTwiml(script: CallScript): string {
  const agent = script.find((step) => step.verb === 'connect-agent');
  if (agent) return agent.document;
  const response = new VoiceResponse();
  for (const step of script) if (step.verb !== 'connect-agent') renderStep(response, step);
  return response.toString();
}
