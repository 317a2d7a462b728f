/**
 * The SMS opt-out keywords as our telephony provider's STOP filtering reads them: a text whose
 * whole body is one keyword, in any case, blocks (opt-out), lifts the block (opt-in) or is
 * answered (help); a longer message triggers nothing. Twilio's rules, with their sources, are
 * in functions/providers/twilio-opt-out.ts; the sandbox and our reply handling both follow them.
 */
export type KeywordKind = 'opt-out' | 'opt-in' | 'help';

export interface OptOutKeywords {
  optOut: readonly string[];
  optIn: readonly string[];
  help: readonly string[];
  /** What Twilio texts back to each kind; null sends nothing. */
  replies: Record<KeywordKind, string | null>;
}

/**
 * The Advanced Opt-Out our Messaging Service is given (docs/operations.md, launch steps): CANCEL is
 * no opt-out (a caller's "Cancel" asks to cancel a booking) and YES no opt-in (it confirms a
 * cancel or takes a freed time), so neither blocks nor gets a reply of Twilio's; our own reply
 * handling answers no keyword, so these replies are the only ones.
 */
export const SALONDESK_KEYWORDS: OptOutKeywords = {
  optOut: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  optIn: ['START', 'UNSTOP'],
  help: ['HELP', 'INFO'],
  replies: {
    'opt-out': 'You will get no more texts about salon bookings from this number. Reply START to get them again.',
    'opt-in': 'You will get texts about your salon bookings again. Reply STOP to stop them.',
    help: 'Texts about your salon bookings, sent for the salon. Reply STOP to stop them, or call your salon.',
  },
};

/** The keyword a whole text is, if any: one word, in any case, spaces around it ignored. */
export function keywordOf(body: string, keywords: OptOutKeywords): KeywordKind | null {
  const word = body.trim().toUpperCase();
  if (keywords.optOut.includes(word)) return 'opt-out';
  if (keywords.optIn.includes(word)) return 'opt-in';
  if (keywords.help.includes(word)) return 'help';
  return null;
}
