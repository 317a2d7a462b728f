import { VoiceResponse } from '../../providers/twilio-twiml.js';

/** What callers hear from us (the agent speaks for itself). */
export const callerLines = {
  unassigned: "Sorry, this number isn't connected to a salon. Please check the number and try again. Goodbye.",
  nobodyAvailable: "Sorry, the salon can't take your call right now. Please try again later. Goodbye.",
  transferring: 'Putting you through to the salon now. Please hold.',
} as const;

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
  response.say(line);
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
  response.say(callerLines.transferring);
  response.dial({ answerOnBridge: true, action, method: 'POST' }, to);
  return response.toString();
}
