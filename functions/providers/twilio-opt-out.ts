import type { OptOutKeywords } from '../core/replies/opt-out-keywords.js';

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
 * The keywords' kinds and the matching of a whole text are core's (functions/core/replies/opt-out-keywords.ts),
 * with the keywords our Messaging Service is given; Twilio's defaults are here, for the sandbox.
 */

/**
 * Twilio's defaults, from the pages above. CANCEL blocks and YES re-subscribes with an auto-reply:
 * the sandbox takes these only to show what an unconfigured service does. The reply texts are the
 * sandbox's paraphrase of Twilio's.
 */
export const TWILIO_DEFAULT_KEYWORDS: OptOutKeywords = {
  optOut: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  optIn: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
  replies: {
    'opt-out': 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
    'opt-in': 'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe.',
    help: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  },
};

/** What a block covers: the whole Messaging Service, or the sending number alone. */
export function optOutScope(from: string): string {
  return isMessagingServiceSid(from) ? `service:${from}` : `sender:${from}`;
}

export const isMessagingServiceSid = (from: string) => /^MG[0-9a-f]{32}$/.test(from);

/** An alphanumeric sender ID (up to 11 letters, digits and spaces, at least one letter): one-way, a reply reaches nobody. */
export const isAlphanumericSender = (from: string) => /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(from);
