import { keywordOf, SALONDESK_KEYWORDS } from './opt-out-keywords.js';

/**
 * What a caller's text says, by its words alone. STOP, START and HELP are the keywords our
 * Messaging Service's Advanced Opt-Out acts on (`SALONDESK_KEYWORDS`, one word, as Twilio matches
 * them): Twilio blocks, unblocks or answers them itself, so ours must be exactly those. "C",
 * "cancel" and the like ask to cancel, and YES answers the salon's question: neither is a Twilio
 * keyword once the service is configured (docs/reminders.md).
 */
export type Intent = 'stop' | 'start' | 'help' | 'cancel' | 'yes' | 'no' | 'other';

const normalised = (body: string) =>
  body
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const KEYWORD_INTENT = { 'opt-out': 'stop', 'opt-in': 'start', help: 'help' } as const;
const CANCEL =
  /^(c|x|cxl|canc|cancel|cancel it|cancel please|please cancel|cancel pls|pls cancel|cancel my (appointment|booking)|cancel appointment|cancel booking|anuluj|odwolaj)$/;
const YES = /^(y|yes|yes please|yep|yeah|ya|yea|ok|okay|confirm|sure|please do|go ahead|tak)( thanks| thank you)?$/;
const NO = /^(n|no|nope|no thanks|no thank you|nie|keep it|dont|don t)$/;

export function intentOf(body: string): Intent {
  const keyword = keywordOf(body, SALONDESK_KEYWORDS);
  if (keyword) return KEYWORD_INTENT[keyword];
  const text = normalised(body);
  if (CANCEL.test(text)) return 'cancel';
  if (YES.test(text)) return 'yes';
  if (NO.test(text)) return 'no';
  return 'other';
}
