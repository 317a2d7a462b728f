import type { SmsPort } from '../ports/sms.js';
import type { SmsRoutingStore } from '../ports/sms-routing-store.js';

/**
 * Replies come back to the platform's sender, not the salon's number (docs/reminders.md): every
 * text that goes out from a two-way sender notes which salon sent it to the number, so the SMS
 * webhook can tell which salon a reply is for (functions/core/replies/route-text.ts). Wrapped by
 * the composition root inside the STOP check, so a text never sent (opted out, or refused) notes nothing.
 */
export function notingSenders(sms: SmsPort, routing: Pick<SmsRoutingStore, 'noteTexted'>, now: () => Date = () => new Date()): SmsPort {
  return {
    provider: () => sms.provider(),
    sender: () => sms.sender(),
    async send(message) {
      const sent = await sms.send(message);
      if ((await sms.sender()).twoWay) await routing.noteTexted(message.to, message.salonId, now());
      return sent;
    },
  };
}
