import type { SmsPort } from '../../providers/sms-port.js';
import type { SmsReplyStore } from '../../store/sms-reply-store.js';
import { phoneKey } from '../booking/context.js';
import { logger } from '../../logger.js';

/**
 * Every text the product sends goes through this port (the composition root wraps the SMS
 * adapter with it), so a number that texted STOP to a salon gets nothing more from that salon,
 * whichever consumer or route sends: it answers as sent, so a delivery claim is settled and no
 * bus retries a text that must never go.
 */
export const OPTED_OUT_MESSAGE_ID = 'not-sent:opted-out';

export function respectingOptOuts(sms: SmsPort, optOuts: Pick<SmsReplyStore, 'isOptedOut'>): SmsPort {
  return {
    provider: () => sms.provider(),
    async send(message) {
      if (await optOuts.isOptedOut(message.salonId, phoneKey(message.salonId, message.to))) {
        logger.info('sms not sent: the number opted out of this salon', { salonId: message.salonId });
        return { id: OPTED_OUT_MESSAGE_ID };
      }
      return sms.send(message);
    },
  };
}
