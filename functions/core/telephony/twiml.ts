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

/**
 * The number every `<Dial>` of ours presents to the phone it rings: the salon's own number with
 * us, the called number. Twilio accepts only the calling number, the called number or a verified
 * one as `callerId` (https://www.twilio.com/docs/api/errors/13214), and left unset it passes the
 * caller's on. Irish networks block calls that arrive from abroad presenting an Irish number (the
 * Nuisance Communications Industry Taskforce's interventions since 2023,
 * https://comreg.ie/nuisance-communications), and a leg Twilio places from outside Ireland may be
 * one: with the caller's number the salon's phone might never ring. Who is calling is the
 * salon's number with us, then.
 */
export type CallerId = string;

/**
 * A phone we ring for a caller: its number, what its screen shows (CallerId), and the whisper the
 * person who picks up hears before the caller is put through (`<Number url>`,
 * https://www.twilio.com/docs/voice/twiml/number#url: run on the called party's end after they
 * answer, before the parties are connected; the caller keeps hearing ringing with answerOnBridge).
 */
export interface RingTarget {
  to: string;
  callerId: CallerId;
  whisperUrl: string;
}

function dialTarget(response: InstanceType<typeof VoiceResponse>, attributes: { timeout?: number; action: string }, target: RingTarget): void {
  const dial = response.dial({
    answerOnBridge: true,
    ...(attributes.timeout ? { timeout: attributes.timeout } : {}),
    callerId: target.callerId,
    action: attributes.action,
    method: 'POST',
  });
  dial.number({ url: target.whisperUrl, method: 'POST' }, target.to);
}

/** Forwards the call; the caller keeps hearing ringing until someone answers (answerOnBridge). Twilio then posts the outcome to `action`. */
export function forwardTwiml(target: RingTarget, action: string): string {
  const response = new VoiceResponse();
  dialTarget(response, { action }, target);
  return response.toString();
}

/** Rings the salon for `seconds`; Twilio then posts the outcome to `action` (the agent answers if nobody did). */
export function ringFirstTwiml(target: RingTarget, seconds: number, action: string): string {
  const response = new VoiceResponse();
  dialTarget(response, { timeout: seconds, action }, target);
  return response.toString();
}

/** How long the person who picked up has to press a key before we take it for a voicemail. */
export const WHISPER_KEY_SECONDS = 6;

/**
 * The whisper: who is calling, and a key to take the call. A voicemail presses nothing, so its
 * `<Gather>` falls through to `<Hangup>`, that leg ends, and the caller is not left in it: only a
 * person stops the receptionist's fallback. The key's press goes to `action`.
 */
export function whisperTwiml(line: string, action: string): string {
  const response = new VoiceResponse();
  response.gather({ input: ['dtmf'], numDigits: 1, timeout: WHISPER_KEY_SECONDS, action, method: 'POST' }).say(VOICE, line);
  response.hangup();
  return response.toString();
}

/** The key was pressed: an empty document ends the whisper and the two parties are connected. */
export function putThroughTwiml(): string {
  return new VoiceResponse().toString();
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
export function transferTwiml(target: RingTarget, action: string): string {
  const response = new VoiceResponse();
  response.say(VOICE, callerLines.transferring);
  dialTarget(response, { action }, target);
  return response.toString();
}
