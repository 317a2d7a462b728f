import { deps } from '../composition-root.js';
import { smsWebhookParams, smsWebhookQuery } from '../contracts/sms-replies.js';
import { InvalidInputError } from '../core/errors.js';
import { handleIncomingText } from '../core/replies/incoming-text.js';
import { answerOffer } from '../core/waitlist/offer-reply.js';
import { securedRoute, type ApiEvent } from '../http/handler.js';
import { verifiedTwilioWebhook } from '../http/twilio-webhook-request.js';
import { logger } from '../logger.js';

/**
 * Twilio's inbound SMS webhook: a text a caller sent to our sender or a salon's number (a reply
 * to a reminder, a freed-time offer, or anything). Signed like the voice webhook and checked the
 * same way before anything is read. Which salon it is for, and the answer, are core's
 * (functions/core/replies/incoming-text.ts): the answer goes out as a text of its own through the
 * SMS port (so the STOP check and the sandbox outbox see it); the webhook answers empty TwiML.
 */
const EMPTY = {
  statusCode: 200,
  headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  body: '<?xml version="1.0" encoding="UTF-8"?><Response/>',
};

export const handler = securedRoute(
  {
    routeId: 'twilio-sms',
    query: smsWebhookQuery,
    identify: (event: ApiEvent) => verifiedTwilioWebhook(event, { telephony: deps().telephony, siteUrl: deps().config.SITE_URL }),
  },
  async (webhook) => {
    const parsed = smsWebhookParams.safeParse(webhook.params);
    if (!parsed.success) throw new InvalidInputError('Not a Twilio SMS webhook');
    const { From, To, Body, MessageSid } = parsed.data;
    const outcome = await handleIncomingText(deps(), { messageSid: MessageSid, from: From, to: To, body: Body }, answerOffer);
    logger.info('sms received', { outcome, messageSid: MessageSid });
    return EMPTY;
  },
);
