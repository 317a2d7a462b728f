import type { Ports } from '../ports.js';
import type { MessageDeps } from '../booking/salon-tools.js';
import { messageModeSalon } from './inbound-call.js';
import { takeSpokenMessage } from './message-mode.js';
import { callerLines, sayAndHangUpTwiml } from './twiml.js';

/**
 * Message mode's second half (`?stage=message`): Twilio posts what the caller said. The number
 * names the salon as the call's first webhook found it (its holder, or, in its days after release,
 * the salon it was); the message is kept and noted on the call's record, and the caller hears
 * thanks, or the hours and how to book when nothing was kept.
 */
export type SpokenMessageDeps = MessageDeps & Pick<Ports, 'numbers' | 'salons' | 'setup' | 'calls'>;

export async function answerSpokenMessage(deps: SpokenMessageDeps, call: { callSid: string; from: string; to: string; speech: string }): Promise<{ twiml: string; salonId: string | null }> {
  const number = await deps.numbers.get(call.to);
  const salonId = number?.state === 'assigned' ? number.salonId : number?.state === 'quarantined' ? (number.former?.salonId ?? null) : null;
  const [salon, setup] = salonId ? await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]) : [null, null];
  if (!salon || !setup) return { twiml: sayAndHangUpTwiml(callerLines.unassigned), salonId: null };
  const taken = await takeSpokenMessage(deps, { salonId: salon.id, from: call.from, speech: call.speech }, messageModeSalon(salon, setup, call.to));
  if (taken.messageId) await deps.calls.noteAction(salon.id, call.callSid, 'message', taken.messageId);
  return { twiml: sayAndHangUpTwiml(taken.say), salonId: salon.id };
}
