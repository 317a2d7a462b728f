import { SmsError, type SmsPort, OPTED_OUT_ERROR } from '../ports/sms.js';
import type { SmsReplyStore } from '../ports/sms-reply-store.js';
import { logger } from '../../logger.js';

/**
 * Every text the product sends goes through this port (the composition root wraps the SMS
 * adapter with it), so a number that texted STOP gets nothing more, from any salon on our sender,
 * whichever consumer or route sends: it answers as sent, so a delivery claim is settled and no
 * bus retries a text that must never go. The STOP is kept with the scope Twilio blocks (the
 * Messaging Service), and Twilio's own refusal (error 21610) is taken as one we had missed.
 */
export const OPTED_OUT_MESSAGE_ID = 'not-sent:opted-out';

export function respectingOptOuts(sms: SmsPort, optOuts: Pick<SmsReplyStore, 'isOptedOut' | 'optOut'>, now: () => Date = () => new Date()): SmsPort {
  return {
    provider: () => sms.provider(),
    sender: () => sms.sender(),
    async send(message) {
      const { optOutScope } = await sms.sender();
      if (await optOuts.isOptedOut(optOutScope, message.to)) {
        logger.info('sms not sent: the number opted out of our texts', { salonId: message.salonId });
        return { id: OPTED_OUT_MESSAGE_ID };
      }
      try {
        return await sms.send(message);
      } catch (error) {
        if (!(error instanceof SmsError) || error.code !== OPTED_OUT_ERROR) throw error;
        // Twilio blocks this number (a STOP we never saw): keep it, and never retry.
        await optOuts.optOut(optOutScope, message.to, now().toISOString());
        logger.info('sms not sent: Twilio says the number opted out', { salonId: message.salonId });
        return { id: OPTED_OUT_MESSAGE_ID };
      }
    },
  };
}
