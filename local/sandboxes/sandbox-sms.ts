import type { OutboxStore } from '../../functions/core/ports/outbox-store.js';
import type { SandboxSmsOptOuts } from './sandbox-sms-store.js';
import { isE164, SmsError, type SmsPort, type SmsSender, OPTED_OUT_ERROR } from '../../functions/core/ports/sms.js';
import { isAlphanumericSender } from '../../functions/providers/twilio-opt-out.js';
import { keywordOf, SALONDESK_KEYWORDS, type KeywordKind, type OptOutKeywords } from '../../functions/core/replies/opt-out-keywords.js';

/**
 * Sandbox: the SMS provider when no Twilio credentials are configured. Nothing leaves the machine
 * (or the account): the message goes to the outbox, which the local outbox page lists. It behaves
 * as Twilio does (functions/providers/twilio-opt-out.ts): it refuses a `to` that is not E.164
 * (21211) or an empty body (21602); a caller's text reaches it first (`receive`, the local phone),
 * where a keyword blocks, unblocks or is answered as its Advanced Opt-Out says; and a text to a
 * blocked number is refused with error 21610. By default it is our Messaging Service as
 * configured at launch: one Irish mobile number texts for every salon, a STOP blocks the whole
 * service, CANCEL and YES are no keywords.
 */
export const SANDBOX_SMS_NUMBER = '+353830000000';
/** The outbox keeps Twilio's own auto-replies under this name: they are no salon's. */
export const TWILIO_REPLIES_OUTBOX = 'twilio-auto-replies';

export interface SandboxSmsOptions {
  outbox: OutboxStore;
  optOuts: SandboxSmsOptOuts;
  /** The number callers see (or an alphanumeric ID: one-way, as Twilio's are). */
  from?: string;
  keywords?: OptOutKeywords;
  /** What a STOP blocks: the whole Messaging Service, or the number texted alone. */
  scope?: 'service' | 'sender';
  now?: () => Date;
}

export interface SandboxSms extends SmsPort {
  /** A caller's text arriving at `to`, as Twilio handles it before passing it to the webhook; answers the keyword it was, if any. */
  receive(text: { from: string; to: string; body: string }): Promise<KeywordKind | null>;
}

export function createSandboxSms(options: SandboxSmsOptions): SandboxSms {
  const from = options.from ?? SANDBOX_SMS_NUMBER;
  const keywords = options.keywords ?? SALONDESK_KEYWORDS;
  const now = options.now ?? (() => new Date());
  const scope = (options.scope ?? 'service') === 'service' ? 'service:sandbox' : `sender:${from}`;
  const sender: SmsSender = { from, twoWay: !isAlphanumericSender(from), optOutScope: scope };
  return {
    provider: async () => 'sandbox',
    sender: async () => sender,
    async send(message) {
      if (!isE164(message.to)) throw new SmsError('rejected', "Sandbox SMS refused: the 'To' number is not E.164 (as Twilio error 21211)", 400, 21211);
      if (!message.body.trim()) throw new SmsError('rejected', 'Sandbox SMS refused: empty body (as Twilio error 21602)', 400, 21602);
      if (await options.optOuts.blocked(scope, message.to))
        throw new SmsError('rejected', 'Sandbox SMS refused: the number replied with an opt-out keyword (as Twilio error 21610)', 400, OPTED_OUT_ERROR);
      const stored = await options.outbox.add({ salonId: message.salonId, channel: 'sms', to: message.to, body: message.body, attachments: [] });
      return { id: `sandbox-sms-${stored.id}` };
    },
    async receive(text) {
      const keyword = keywordOf(text.body, keywords);
      // Only our sender's keywords are the service's: a salon's own number is not in its pool.
      if (!keyword || text.to !== from) return null;
      if (keyword === 'opt-out') await options.optOuts.block(scope, text.from, now());
      if (keyword === 'opt-in') await options.optOuts.unblock(scope, text.from);
      const reply = keywords.replies[keyword];
      if (reply) await options.outbox.add({ salonId: TWILIO_REPLIES_OUTBOX, channel: 'sms', to: text.from, body: reply, attachments: [] });
      return keyword;
    },
  };
}
