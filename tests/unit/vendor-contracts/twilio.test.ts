import fc from 'fast-check';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { afterTransferUrl, stageUrl, voiceWebhookUrl, whisperUrl } from '../../../functions/core/telephony/inbound-call.js';
import { isValidTwilioSignature, twilioSignature } from '../../../functions/providers/twilio-signature.js';
import {
  agentScript,
  callerLines,
  forwardScript,
  hangUpScript,
  messageModeScript,
  putThroughScript,
  rejectScript,
  ringFirstScript,
  sayAndHangUpScript,
  transferScript,
  whisperScript,
  type CallScript,
} from '../../../functions/core/telephony/call-script.js';
import { renderTwiml } from '../../../functions/providers/twilio-twiml.js';
import { createSandboxVoiceAgent } from '../../../local/sandboxes/sandbox-voice-agent.js';

/**
 * What we answer Twilio and how we sign as Twilio, against the twilio SDK's public API: every
 * TwiML document core's call scripts render to (functions/providers/twilio-twiml.ts) is the public
 * `VoiceResponse` builder's output for the same verbs (ours go through the builder's private
 * module path, which an upgrade could move), and every URL we ask
 * Twilio to call back is signed and checked exactly as `twilio.validateRequest` does.
 */
const SITE = 'https://app.salondesk.ie';
const SALON = '+35312345678';
/** The salon's number with us: every <Dial> presents it (https://www.twilio.com/docs/api/errors/13214: the called number is an accepted callerId). */
const OURS = '+35319998888';
const CALLER_CALL = `CA${'a'.repeat(32)}`;
const VoiceResponse = twilio.twiml.VoiceResponse;

const built = (build: (response: InstanceType<typeof VoiceResponse>) => void) => {
  const response = new VoiceResponse();
  build(response);
  return response.toString();
};
/** Core's call script as Twilio gets it. */
const twiml = <A extends unknown[]>(script: (...args: A) => CallScript, ...args: A) => renderTwiml(script(...args));

describe('our TwiML is the SDK builder output for the same verbs', () => {
  const afterForward = stageUrl(voiceWebhookUrl(SITE), 'after-forward');
  const afterSalon = stageUrl(voiceWebhookUrl(SITE), 'after-salon');
  const afterMessage = stageUrl(voiceWebhookUrl(SITE), 'message');
  const whisper = whisperUrl(voiceWebhookUrl(SITE), { salonId: 'sal_abcdefghij-KLMN_opqrst', callSid: CALLER_CALL });
  const whisperKey = whisperUrl(voiceWebhookUrl(SITE), { salonId: 'sal_abcdefghij-KLMN_opqrst', callSid: CALLER_CALL }, 'whisper-key');
  const target = { to: SALON, callerId: OURS, whisperUrl: whisper };
  // https://www.twilio.com/docs/voice/twiml/number#url: the whisper runs on the called party's end once they answer.
  const dialed = (r: InstanceType<typeof VoiceResponse>, { timeout, action }: { timeout?: number; action: string }) =>
    r.dial({ answerOnBridge: true, ...(timeout ? { timeout } : {}), callerId: OURS, action, method: 'POST' }).number({ url: whisper, method: 'POST' }, SALON);
  // Amazon Polly's Irish voice, in the SDK's own list of <Say> voices (its SayVoice type).
  const IRISH_VOICE = { voice: 'Polly.Niamh-Neural', language: 'en-IE' } as const;

  it.each([
    ['forwarding', twiml(forwardScript, target, afterForward), built((r) => dialed(r, { action: afterForward }))],
    ['ringing the salon first', twiml(ringFirstScript, target, 20, afterSalon), built((r) => dialed(r, { timeout: 20, action: afterSalon }))],
    [
      // https://www.twilio.com/docs/voice/twiml/gather: one key, six seconds; a voicemail presses none and falls through to <Hangup>.
      'the whisper: who is calling, a key to take it',
      twiml(whisperScript, 'A call for Bláth Hair. Press 1 to take it.', whisperKey),
      built(
        (r) => (
          r
            .gather({ input: ['dtmf'], numDigits: 1, timeout: 6, action: whisperKey, method: 'POST' })
            .say(IRISH_VOICE, 'A call for Bláth Hair. Press 1 to take it.'),
          r.hangup()
        ),
      ),
    ],
    ['the key pressed: put through', twiml(putThroughScript), built(() => undefined)],
    ['a line, then hanging up', twiml(sayAndHangUpScript, callerLines.unassigned), built((r) => (r.say(IRISH_VOICE, callerLines.unassigned), r.hangup()))],
    [
      // https://www.twilio.com/docs/voice/twiml/gather: speech, with Irish English recognition, at most a minute of it; silence falls through.
      "message mode: a prompt and the caller's words, then the hours and how to book",
      twiml(messageModeScript, 'Leave a message', afterMessage, 'We open at nine'),
      built((r) => {
        r.gather({ input: ['speech'], action: afterMessage, method: 'POST', language: 'en-IE', speechTimeout: 'auto', timeout: 6, maxSpeechTime: 60 }).say(
          IRISH_VOICE,
          'Leave a message',
        );
        r.say(IRISH_VOICE, 'We open at nine');
        r.hangup();
      }),
    ],
    // https://www.twilio.com/docs/voice/twiml/reject: our own call come back through a forwarding line.
    ['refusing a looped call as busy', twiml(rejectScript), built((r) => r.reject({ reason: 'busy' }))],
    ['hanging up', twiml(hangUpScript), built((r) => r.hangup())],
    [
      'a transfer (nothing after its <Dial>, whose outcome ends the call)',
      twiml(transferScript, target, afterTransferUrl(SITE)),
      built((r) => (r.say(IRISH_VOICE, callerLines.transferring), dialed(r, { action: afterForward }))),
    ],
    [
      "the voice agent's own answer, passed on as its provider made it",
      twiml(agentScript, '<Response><Connect/></Response>'),
      '<Response><Connect/></Response>',
    ],
    ['the status callback’s empty answer', '<?xml version="1.0" encoding="UTF-8"?><Response/>', built(() => undefined)],
  ])('%s', (_label, ours, sdk) => {
    expect(ours).toBe(sdk);
  });

  it("the sandbox agent's stream, its comment aside", async () => {
    const agent = createSandboxVoiceAgent({ siteUrl: 'http://localhost:3000' });
    const ours = await agent.registerCall({
      agentId: 'sandbox_agent_1',
      from: SALON,
      to: SALON,
      callSid: `CA${'1'.repeat(32)}`,
      dynamicVariables: { test_call: 'true' },
    });
    const url = /<Stream url="([^"]+)"/.exec(ours)![1]!.replaceAll('&amp;', '&');
    expect(ours.replace(/<!--.*?-->/, '')).toBe(built((r) => r.connect().stream({ url })));
  });
});

describe('webhook signatures', () => {
  const param = fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !name.includes('\0'));
  it('every URL Twilio calls back, with any parameters, is signed and checked as twilio.validateRequest does', () => {
    const urls = [
      voiceWebhookUrl(SITE),
      stageUrl(voiceWebhookUrl(SITE), 'after-salon'),
      stageUrl(voiceWebhookUrl(SITE), 'message'),
      afterTransferUrl(SITE),
      `${voiceWebhookUrl(SITE)}?stage=status`,
      whisperUrl(voiceWebhookUrl(SITE), { salonId: 'sal_x', callSid: `CA${'b'.repeat(32)}` }),
      whisperUrl(voiceWebhookUrl(SITE), { salonId: 'sal_x', callSid: `CA${'b'.repeat(32)}` }, 'whisper-key'),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...urls), fc.dictionary(param, fc.string({ maxLength: 40 })), fc.stringMatching(/^[0-9a-f]{32}$/), (url, params, token) => {
        const ours = twilioSignature(token, url, params);
        expect(twilio.validateRequest(token, ours, url, params)).toBe(true);
        expect(isValidTwilioSignature(token, url, params, twilio.getExpectedTwilioSignature(token, url, params))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
