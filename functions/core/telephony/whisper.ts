import type { CallStore } from '../ports/call-store.js';
import type { SalonStore } from '../ports/salon-store.js';
import { spokenNumber } from './message-mode.js';
import { hangUpScript, putThroughScript, whisperScript, type CallScript } from './call-script.js';
import { whisperUrl } from './inbound-call.js';

/**
 * The whisper (`?stage=whisper`, then `?stage=whisper-key`): the person who picks up a phone we
 * ring for a caller (forwarding, ringing the salon first, a transfer) hears who is calling, since
 * their screen shows the salon's number with us (call-script.ts, CallerId), and presses a key to take
 * the call. Only that key makes the call the salon's: a voicemail never presses one, so its leg is
 * hung up and the caller goes on to the receptionist or leaves a message (inbound-call.ts).
 *
 * Twilio posts both for the leg it placed; the salon and the caller's own call are named in the URL
 * we gave it (signed with it), and the call must be that salon's.
 */
export interface WhisperDeps {
  salons: Pick<SalonStore, 'get'>;
  calls: Pick<CallStore, 'get' | 'noteLegs'>;
}

export interface WhisperRequest {
  /** The salon and the caller's call, from the URL (`salon=`, `call=`). */
  salonId: string;
  callerCallSid: string;
  /** The key pressed, on `whisper-key`. */
  digits?: string;
  /** This webhook's URL, for the key's action. */
  webhookUrl: string;
}

/** Says who is calling, and waits for a key. */
export async function answerWhisper(deps: WhisperDeps, request: WhisperRequest): Promise<{ script: CallScript; salonId: string | null }> {
  const { salonId } = request;
  const [salon, call] = await Promise.all([deps.salons.get(salonId), deps.calls.get(salonId, request.callerCallSid)]);
  if (!salon || !call) return { script: hangUpScript(), salonId: null };
  // A browser test call has no number: it is the owner, trying the transfer.
  const who = call.test ? 'a test call from your receptionist' : call.callerPhone ? `from ${spokenNumber(call.callerPhone)}` : 'from a withheld number';
  const line = `A call for ${salon.name}, ${who}. Press 1 to take it.`;
  return { script: whisperScript(line, whisperUrl(request.webhookUrl, { salonId, callSid: request.callerCallSid }, 'whisper-key')), salonId };
}

/** A key was pressed: a person took the call; it is the salon's, and the two are put through. */
export async function answerWhisperKey(deps: WhisperDeps, request: WhisperRequest): Promise<{ script: CallScript; salonId: string | null }> {
  const { salonId } = request;
  const call = request.digits ? await deps.calls.get(salonId, request.callerCallSid) : null;
  if (!call) return { script: hangUpScript(), salonId: null };
  await deps.calls.noteLegs(salonId, request.callerCallSid, { salonAnswered: true });
  return { script: putThroughScript(), salonId };
}
