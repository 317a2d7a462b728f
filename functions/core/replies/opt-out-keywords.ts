/**
 * Twilio's opt-out handling (SMS STOP filtering), the rules both our reply handling and the SMS
 * sandbox follow (docs/reminders.md, "Which number texts come from"):
 * - a text whose whole body is one opt-out keyword blocks the sender's texts to that number, and
 *   Twilio still passes the text on to the webhook; an opt-in keyword lifts the block; a help
 *   keyword is answered; a longer message ("please cancel") triggers nothing
 *   (https://help.twilio.com/articles/223134027-Twilio-support-for-opt-out-keywords-SMS-STOP-filtering-);
 * - on a Messaging Service the block covers every sender in its pool, and Advanced Opt-Out sets the
 *   keywords and replies for the whole service
 *   (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out,
 *   https://help.twilio.com/articles/223181748-Customizing-HELP-STOP-messages-for-SMS-filtering);
 *   without one, the block is the pair of number and recipient;
 * - a text to a blocked recipient is refused with error 21610 (https://www.twilio.com/docs/api/errors/21610).
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
