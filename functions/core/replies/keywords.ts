/**
 * What a caller's text says, by its words alone. Carriers' and Twilio's opt-out words stop the
 * salon's texts; "C", "cancel" and the like ask to cancel (Twilio's default opt-out list counts
 * CANCEL as a STOP: the Messaging Service's Advanced Opt-Out must leave it out, docs/reminders.md).
 */
export type Intent = 'stop' | 'start' | 'cancel' | 'yes' | 'no' | 'other';

const normalised = (body: string) =>
  body
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const STOP = new Set(['stop', 'stopall', 'unsubscribe', 'end', 'quit', 'revoke', 'optout', 'opt out']);
const START = new Set(['start', 'unstop']);
const CANCEL = /^(c|x|cxl|canc|cancel|cancel it|cancel please|please cancel|cancel pls|pls cancel|cancel my (appointment|booking)|cancel appointment|cancel booking|anuluj|odwolaj)$/;
const YES = /^(y|yes|yes please|yep|yeah|ya|yea|ok|okay|confirm|sure|please do|go ahead|tak)( thanks| thank you)?$/;
const NO = /^(n|no|nope|no thanks|no thank you|nie|keep it|dont|don t)$/;

export function intentOf(body: string): Intent {
  const text = normalised(body);
  if (STOP.has(text)) return 'stop';
  if (START.has(text)) return 'start';
  if (CANCEL.test(text)) return 'cancel';
  if (YES.test(text)) return 'yes';
  if (NO.test(text)) return 'no';
  return 'other';
}
