import { SmsError, type SmsPort, type SmsSender } from '../core/ports/sms.js';
import type { TwilioLocation } from './twilio-region.js';
import { MessageListInstance, twilioApi } from './twilio-sdk.js';
import { isAlphanumericSender, isMessagingServiceSid, optOutScope } from './twilio-opt-out.js';

/**
 * SMS through Twilio's Messages API with the twilio SDK (the resource behind
 * `client.messages.create({to, from, body})`). `from` is a Messaging Service (`MG…`, what prod
 * sends through: its pool of Irish mobile numbers sends every salon's texts, and a reply is routed
 * by the caller's number, docs/reminders.md), or, outside prod, a Twilio number (E.164) or an
 * alphanumeric ID (one-way: the texts then say "call us"). `apiRoot` points the SDK at another base URL: only
 * tests use it, with a local fake Twilio, through the SDK's own `httpClient` option.
 */
export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Default https://api.twilio.com */
  apiRoot?: string;
  /** The region texts are sent from and kept in (the credentials above are that region's), and its edge. */
  location?: TwilioLocation;
  /** Per request; a consumer Lambda has 30 s in all. */
  timeoutMs?: number;
  now?: () => Date;
}

/** Twilio keeps a queued message at most this long, and takes `ValidityPeriod` from 1 s up to it (error 21624). */
export const MAX_VALIDITY_SECONDS = 36_000;

/** Seconds a time-bound text may wait in Twilio's queue before Twilio drops it (ValidityPeriod). */
export function validityPeriod(expiresAt: Date, now: Date): number {
  return Math.min(MAX_VALIDITY_SECONDS, Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
}

interface TwilioishError {
  status?: unknown;
  code?: unknown;
}

/** Only the status and Twilio's error code survive: Twilio's messages quote the phone number. */
function translate(error: unknown): SmsError {
  const { status, code } = (error ?? {}) as TwilioishError;
  if (typeof status === 'number') {
    const label = `Twilio answered ${status}${typeof code === 'number' ? ` (error ${code})` : ''}`;
    const kind = status === 429 || status >= 500 ? 'unavailable' : 'rejected';
    return new SmsError(kind, label, status, typeof code === 'number' ? code : undefined);
  }
  return new SmsError('unavailable', `Twilio could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
}

export function createTwilioSms(options: TwilioSmsOptions): SmsPort {
  // What `client.api.v2010.accounts(sid).messages` is, without loading the rest of the API.
  const messages = MessageListInstance(twilioApi(options), options.accountSid);
  const sender = isMessagingServiceSid(options.from) ? { messagingServiceSid: options.from } : { from: options.from };
  const who: SmsSender = { from: options.from, twoWay: !isAlphanumericSender(options.from), optOutScope: optOutScope(options.from) };
  return {
    provider: async () => 'twilio',
    sender: async () => who,
    async send(message) {
      try {
        const expiry = message.expiresAt ? { validityPeriod: validityPeriod(message.expiresAt, (options.now ?? (() => new Date()))()) } : {};
        const sent = await messages.create({ to: message.to, body: message.body, ...sender, ...expiry });
        return { id: sent.sid };
      } catch (error) {
        throw translate(error);
      }
    },
  };
}
