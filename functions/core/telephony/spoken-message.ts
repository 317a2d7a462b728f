import { randomUUID } from 'node:crypto';
import type { Ports } from '../ports.js';
import { storeCallerMessage, type MessageDeps } from '../booking/salon-tools.js';
import { ToolError } from '../booking/errors.js';
import { logger } from '../../logger.js';
import { messageModeSalon } from './inbound-call.js';
import { hoursAndHowToBook, messageTakenLine, type MessageModeSalon } from './message-mode.js';
import { callerLines, sayAndHangUpScript, type CallScript } from './call-script.js';

/**
 * Message mode's second half (`?stage=message`): Twilio posts what the caller said. The number
 * names the salon as the call's first webhook found it (its holder, or, in its days after release,
 * the salon it was); the message is kept and noted on the call's record, and the caller hears
 * thanks, or the hours and how to book when nothing was kept. Loaded by the voice webhook only
 * when a caller has spoken: its message caps and store stay out of every call's cold start.
 */
export type SpokenMessageDeps = MessageDeps & Pick<Ports, 'numbers' | 'salons' | 'setup' | 'calls'>;

export async function answerSpokenMessage(
  deps: SpokenMessageDeps,
  call: { callSid: string; from: string; to: string; speech: string },
): Promise<{ script: CallScript; salonId: string | null }> {
  const number = await deps.numbers.get(call.to);
  const salonId = number?.state === 'assigned' ? number.salonId : number?.state === 'quarantined' ? (number.former?.salonId ?? null) : null;
  const [salon, setup] = salonId ? await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]) : [null, null];
  if (!salon || !setup) return { script: sayAndHangUpScript(callerLines.unassigned), salonId: null };
  const taken = await takeSpokenMessage(deps, { salonId: salon.id, from: call.from, speech: call.speech }, messageModeSalon(salon, setup, call.to));
  if (taken.messageId) await deps.calls.noteAction(salon.id, call.callSid, 'message', taken.messageId);
  return { script: sayAndHangUpScript(taken.say), salonId: salon.id };
}

/** What Twilio heard the caller say (its speech recognition), kept as the message. */
export interface SpokenMessage {
  salonId: string;
  /** The caller's number as Twilio gave it: `anonymous` and the like when withheld. */
  from: string;
  speech: string;
}

/**
 * Keeps what the caller said as a message for the salon (the receptionist's own message store,
 * caps and owner notice), and answers what to say next: thanks, or the hours and how to book when
 * nothing was said or it could not be kept (a caller or salon over its hourly cap).
 */
export async function takeSpokenMessage(
  deps: MessageDeps,
  message: SpokenMessage,
  salon: MessageModeSalon,
): Promise<{ say: string; messageId: string | null }> {
  const text = message.speech.trim().slice(0, 1000);
  if (!text) return { say: hoursAndHowToBook(salon), messageId: null };
  try {
    const stored = await storeCallerMessage(deps, message.salonId, { callerName: 'Caller', callerPhone: message.from, message: text, id: randomUUID() });
    return { say: messageTakenLine(salon.name), messageId: stored.id };
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    logger.warn('spoken message not kept', { salonId: message.salonId, code: error.code });
    return { say: hoursAndHowToBook(salon), messageId: null };
  }
}
