import type { SmsPort } from '../ports/sms.js';
import type { SmsReplyStore } from '../ports/sms-reply-store.js';
import { phoneKey } from '../booking/context.js';

/**
 * A caller's reply refers to the booking the salon's last text to them was about (a reminder of
 * the 29th, answered "C", is about the 29th, whatever else they have booked): every text that
 * names a booking says so (`about`), and this port, wrapped around the SMS adapter by the
 * composition root, remembers it once the text is sent (functions/core/replies/sms-reply.ts reads it).
 */
export function rememberingSubjects(sms: SmsPort, store: Pick<SmsReplyStore, 'noteSubject'>, now: () => Date = () => new Date()): SmsPort {
  return {
    provider: () => sms.provider(),
    sender: () => sms.sender(),
    async send(message) {
      const { about, ...rest } = message;
      const sent = await sms.send(rest);
      if (about) await store.noteSubject(message.salonId, phoneKey(message.salonId, message.to), about.bookingId, now());
      return sent;
    },
  };
}
