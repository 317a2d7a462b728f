import { deps } from '../composition-root.js';
import { smsWebhookParams, smsWebhookQuery } from '../contracts/sms-replies.js';
import { InvalidInputError } from '../core/errors.js';
import { answerText } from '../core/replies/sms-reply.js';
import { answerOffer } from '../core/waitlist/offer-reply.js';
import { securedRoute, type ApiEvent } from '../http/handler.js';
import { verifiedTwilioWebhook } from '../http/twilio-webhook-request.js';
import { logger } from '../logger.js';

/**
 * Twilio's inbound SMS webhook: a text a caller sent to a salon's number (a reply to a reminder,
 * a freed-time offer, or anything). Signed like the voice webhook and checked the same way before
 * anything is read. The answer goes out as a text of its own through the SMS port (so the STOP
 * check and the sandbox outbox see it); the webhook answers empty TwiML.
 */
const EMPTY = {
  statusCode: 200,
  headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  body: '<?xml version="1.0" encoding="UTF-8"?><Response/>',
};

export const handler = securedRoute(
  { routeId: 'twilio-sms', query: smsWebhookQuery, identify: (event: ApiEvent) => verifiedTwilioWebhook(event, { telephony: deps().telephony, siteUrl: deps().config.SITE_URL }) },
  async (webhook) => {
    const parsed = smsWebhookParams.safeParse(webhook.params);
    if (!parsed.success) throw new InvalidInputError('Not a Twilio SMS webhook');
    const { From, To, Body, MessageSid } = parsed.data;
    const d = deps();
    const salonId = await d.numbers.salonFor(To);
    if (!salonId) {
      logger.info('sms to a number no salon has', { messageSid: MessageSid });
      return EMPTY;
    }
    // Twilio signs no time: a replayed webhook (the same MessageSid) is acted on once, so a replayed START never undoes a later STOP.
    if (!(await d.smsReplies.receive(salonId, MessageSid, d.now()))) {
      logger.info('sms already received; nothing done', { salonId, messageSid: MessageSid });
      return EMPTY;
    }
    try {
      const answer = await answerText(d, { salonId, from: From, body: Body }, answerOffer);
      if (answer.reply) await d.sms.send({ salonId, to: From, body: answer.reply });
      logger.info('sms reply', { outcome: answer.outcome, salonId, messageSid: MessageSid });
    } catch (error) {
      await d.smsReplies.unreceive(salonId, MessageSid).catch(() => undefined);
      throw error;
    }
    return EMPTY;
  },
);
