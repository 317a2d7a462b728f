import type { Ports } from '../ports.js';
import { logger } from '../../logger.js';
import { intentOf } from './keywords.js';
import { routeText, type RouteDeps } from './route-text.js';
import { answerText, type PendingHandler, type ReplyDeps, type ReplyOutcome } from './sms-reply.js';

/**
 * A text a caller sent (the Twilio SMS webhook, or the local phone through it), acted on once per
 * MessageSid (Twilio signs no time: a replayed START must never undo a later STOP). STOP and
 * START are kept with the scope Twilio blocks (the Messaging Service: every salon at once) before
 * anything else, since Twilio has acted on them whichever salon the caller meant, and Twilio's
 * own reply is their only answer; HELP likewise. Any other text goes to the salon it is for
 * (functions/core/replies/route-text.ts), whose answer goes out as a text of its own.
 */
export type IncomingDeps = ReplyDeps & RouteDeps & Pick<Ports, 'sms'>;

export interface ReceivedText {
  messageSid: string;
  /** E.164 */
  from: string;
  /** The number texted: a salon's own, or the platform's sender. */
  to: string;
  body: string;
}

export type IncomingOutcome = ReplyOutcome | 'duplicate' | 'asked-which-salon' | 'no-salon';

export async function handleIncomingText(deps: IncomingDeps, text: ReceivedText, onOffer?: PendingHandler): Promise<IncomingOutcome> {
  if (!(await deps.smsReplies.receive(text.messageSid, deps.now()))) return 'duplicate';
  try {
    const intent = intentOf(text.body);
    if (intent === 'stop' || intent === 'start') {
      const { optOutScope } = await deps.sms.sender();
      if (intent === 'stop') await deps.smsReplies.optOut(optOutScope, text.from, deps.now().toISOString());
      else await deps.smsReplies.optIn(optOutScope, text.from);
      return intent === 'stop' ? 'opted-out' : 'opted-in';
    }
    if (intent === 'help') return 'keyword';
    const route = await routeText(deps, text);
    if (route.kind === 'unknown') {
      logger.info('sms from a number no salon texted lately', { messageSid: text.messageSid });
      return 'no-salon';
    }
    if (route.kind === 'ask') {
      await deps.sms.send({ salonId: route.salonId, to: text.from, body: route.reply });
      return 'asked-which-salon';
    }
    const answer = await answerText(deps, { salonId: route.salonId, from: text.from, body: route.body }, onOffer);
    if (answer.reply) await deps.sms.send({ salonId: route.salonId, to: text.from, body: answer.reply });
    return answer.outcome;
  } catch (error) {
    await deps.smsReplies.unreceive(text.messageSid).catch(() => undefined);
    throw error;
  }
}
