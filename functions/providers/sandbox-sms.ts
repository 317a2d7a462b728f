import type { OutboxStore } from '../store/outbox-store.js';
import { isE164, SmsError, type SmsPort } from './sms-port.js';

/**
 * Sandbox: the SMS provider when no Twilio credentials are configured. Nothing leaves the machine
 * (or the account): the message goes to the outbox, which the local outbox page lists. It refuses
 * what Twilio refuses (a `to` that is not E.164), so failures follow the real flow.
 */
export function createSandboxSms(outbox: OutboxStore): SmsPort {
  return {
    provider: async () => 'sandbox',
    async send(message) {
      if (!isE164(message.to)) throw new SmsError('rejected', "Sandbox SMS refused: the 'To' number is not E.164 (as Twilio error 21211)", 400);
      if (!message.body.trim()) throw new SmsError('rejected', 'Sandbox SMS refused: empty body (as Twilio error 21602)', 400);
      const stored = await outbox.add({ salonId: message.salonId, channel: 'sms', to: message.to, body: message.body, attachments: [] });
      return { id: `sandbox-sms-${stored.id}` };
    },
  };
}
