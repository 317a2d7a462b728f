/**
 * What a call does next, as core decides it: a plain list of steps (say a line, listen for the
 * caller's words or a key, ring a phone, refuse, hang up, or hand the call to the voice agent).
 * The telephony adapter renders it in its provider's language (Twilio's TwiML:
 * functions/providers/twilio-twiml.ts), so core knows no vendor's document.
 */

/** What callers hear from us (the agent speaks for itself; message mode's lines are in message-mode.ts). */
export const callerLines = {
  unassigned: "Sorry, this number isn't connected to a salon. Please check the number and try again. Goodbye.",
  transferring: 'Putting you through to the salon now. Please hold.',
} as const;

/** Speech a caller may say in message mode, at most: a message, not a monologue. */
export const MESSAGE_SPEECH_SECONDS = 60;
/** How long the caller may stay silent before the message is given up. */
export const MESSAGE_SILENCE_SECONDS = 6;
/** How long the person who picked up has to press a key before we take it for a voicemail. */
export const WHISPER_KEY_SECONDS = 6;

/**
 * The number every ring of ours presents to the phone it rings: the salon's own number with us,
 * the called number. A provider accepts only the calling number, the called number or a verified
 * one (Twilio: https://www.twilio.com/docs/api/errors/13214), and left unset the caller's is passed
 * on. Irish networks block calls that arrive from abroad presenting an Irish number (the Nuisance
 * Communications Industry Taskforce's interventions since 2023,
 * https://comreg.ie/nuisance-communications), and a leg placed from outside Ireland may be one:
 * with the caller's number the salon's phone might never ring. Who is calling is the salon's
 * number with us, then.
 */
export type CallerId = string;

/**
 * A phone we ring for a caller: its number, what its screen shows (CallerId), and the whisper the
 * person who picks up hears before the caller is put through (the caller keeps hearing ringing
 * until then).
 */
export interface RingTarget {
  to: string;
  callerId: CallerId;
  whisperUrl: string;
}

/**
 * One step of a call, in order. `listen`: the caller's words, recognised and posted to `action`;
 * silence falls through to the next step. `ask-key`: one key, posted to `action`; none falls
 * through. `ring`: rings the target (for `timeoutSeconds`, or the provider's default) and posts
 * the outcome to `action`; nothing may follow it. `connect-agent`: the voice agent's own answer
 * for this call, made by its provider for our telephony provider, passed on as it is (alone).
 */
export type CallStep =
  | { verb: 'say'; line: string }
  | { verb: 'listen'; prompt: string; action: string; silenceSeconds: number; maxSpeechSeconds: number }
  | { verb: 'ask-key'; prompt: string; action: string; timeoutSeconds: number }
  | { verb: 'ring'; target: RingTarget; action: string; timeoutSeconds?: number }
  | { verb: 'reject-busy' }
  | { verb: 'hang-up' }
  | { verb: 'connect-agent'; document: string };

export type CallScript = readonly CallStep[];

/**
 * Message mode: the prompt, then the caller's words, posted to `action`. When the caller says
 * nothing, the hours and how to book, and the call ends.
 */
export function messageModeScript(prompt: string, action: string, nothingSaid: string): CallScript {
  return [
    { verb: 'listen', prompt, action, silenceSeconds: MESSAGE_SILENCE_SECONDS, maxSpeechSeconds: MESSAGE_SPEECH_SECONDS },
    { verb: 'say', line: nothingSaid },
    { verb: 'hang-up' },
  ];
}

/** Refuses a call without answering it: our own ring that a forwarding line sent back to us. The leg we placed hears "busy" and its action takes a message instead. */
export function rejectScript(): CallScript {
  return [{ verb: 'reject-busy' }];
}

/** Forwards the call; the caller keeps hearing ringing until someone answers, then the outcome goes to `action`. */
export function forwardScript(target: RingTarget, action: string): CallScript {
  return [{ verb: 'ring', target, action }];
}

/** Rings the salon for `seconds`; the outcome goes to `action` (the agent answers if nobody did). */
export function ringFirstScript(target: RingTarget, seconds: number, action: string): CallScript {
  return [{ verb: 'ring', target, action, timeoutSeconds: seconds }];
}

/**
 * The whisper: who is calling, and a key to take the call. A voicemail presses nothing, so it falls
 * through to the hang-up, that leg ends, and the caller is not left in it: only a person stops the
 * receptionist's fallback. The key's press goes to `action`.
 */
export function whisperScript(line: string, action: string): CallScript {
  return [{ verb: 'ask-key', prompt: line, action, timeoutSeconds: WHISPER_KEY_SECONDS }, { verb: 'hang-up' }];
}

/** The key was pressed: nothing more for that leg, and the two parties are connected. */
export function putThroughScript(): CallScript {
  return [];
}

export function sayAndHangUpScript(line: string): CallScript {
  return [{ verb: 'say', line }, { verb: 'hang-up' }];
}

/** The call is over (the salon answered and has hung up): nothing more to do. */
export function hangUpScript(): CallScript {
  return [{ verb: 'hang-up' }];
}

/** The voice agent takes the call, with what its provider answered for it. */
export function agentScript(document: string): CallScript {
  return [{ verb: 'connect-agent', document }];
}

/**
 * The transfer tool's redirect: the caller hears one line, then the salon's phone rings, and the
 * outcome goes to `action`, which ends the call (whoever answered has hung up) or tells the caller
 * nobody could take it: nothing may follow the ring, or a caller the salon spoke to would hear,
 * after the salon hung up, that the salon cannot take the call.
 */
export function transferScript(target: RingTarget, action: string): CallScript {
  return [
    { verb: 'say', line: callerLines.transferring },
    { verb: 'ring', target, action },
  ];
}
