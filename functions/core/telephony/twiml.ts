import { VoiceResponse } from '../../providers/twilio-twiml.js';

/** What callers hear from us (the agent speaks for itself; message mode's lines are in message-mode.ts). */
export const callerLines = {
  unassigned: "Sorry, this number isn't connected to a salon. Please check the number and try again. Goodbye.",
  transferring: 'Putting you through to the salon now. Please hold.',
} as const;

/**
 * Every line we say is said by Amazon Polly's Irish English voice (Twilio's `<Say>` voices,
 * https://www.twilio.com/docs/voice/twiml/say/text-speech; the SDK's SayVoice type lists it).
 */
const VOICE = { voice: 'Polly.Niamh-Neural', language: 'en-IE' } as const;

/**
 * Speech a caller may say in message mode, at most (Twilio's `<Gather>` `maxSpeechTime`,
 * https://www.twilio.com/docs/voice/twiml/gather): a message, not a monologue.
 */
export const MESSAGE_SPEECH_SECONDS = 60;
/** How long the caller may stay silent before the message is given up (`timeout`). */
export const MESSAGE_SILENCE_SECONDS = 6;

/**
 * Message mode: the prompt, then the caller's words, recognised by Twilio and posted to `action`
 * as `SpeechResult`. When the caller says nothing, `<Gather>` falls through (its
 * `actionOnEmptyResult` is off) to the hours and how to book, and the call ends.
 */
export function messageModeTwiml(prompt: string, action: string, nothingSaid: string): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    input: ['speech'],
    action,
    method: 'POST',
    language: 'en-IE',
    speechTimeout: 'auto',
    timeout: MESSAGE_SILENCE_SECONDS,
    maxSpeechTime: MESSAGE_SPEECH_SECONDS,
  });
  gather.say(VOICE, prompt);
  response.say(VOICE, nothingSaid);
  response.hangup();
  return response.toString();
}

/**
 * Refuses a call without answering it (https://www.twilio.com/docs/voice/twiml/reject): our own
 * `<Dial>` that a forwarding line sent back to us. The leg we placed then hears "busy" and its
 * action takes a message instead.
 */
export function rejectTwiml(): string {
  const response = new VoiceResponse();
  response.reject({ reason: 'busy' });
  return response.toString();
}

/** Forwards the call; the caller keeps hearing ringing until someone answers (answerOnBridge). Twilio then posts the outcome to `action`. */
export function forwardTwiml(to: string, action: string): string {
  const response = new VoiceResponse();
  response.dial({ answerOnBridge: true, action, method: 'POST' }, to);
  return response.toString();
}

/** Rings the salon for `seconds`; Twilio then posts the outcome to `action` (the agent answers if nobody did). */
export function ringFirstTwiml(to: string, seconds: number, action: string): string {
  const response = new VoiceResponse();
  response.dial({ answerOnBridge: true, timeout: seconds, action, method: 'POST' }, to);
  return response.toString();
}

export function sayAndHangUpTwiml(line: string): string {
  const response = new VoiceResponse();
  response.say(VOICE, line);
  response.hangup();
  return response.toString();
}

/** The call is over (the salon answered and has hung up): nothing more to do. */
export function hangUpTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}

/**
 * The transfer tool's redirect: the caller hears one line, then the salon's phone rings. Twilio
 * then posts the outcome to `action`, which ends the call (whoever answered has hung up) or tells
 * the caller nobody could take it: nothing may follow the `<Dial>`, or a caller the salon spoke to
 * would hear, after the salon hung up, that the salon cannot take the call.
 */
export function transferTwiml(to: string, action: string): string {
  const response = new VoiceResponse();
  response.say(VOICE, callerLines.transferring);
  response.dial({ answerOnBridge: true, action, method: 'POST' }, to);
  return response.toString();
}
