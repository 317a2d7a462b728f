import { SmsError, type SmsPort } from './sms-port.js';
import { MessageListInstance, twilioApi } from './twilio-sdk.js';

/**
 * SMS through Twilio's Messages API with the twilio SDK (the resource behind
 * `client.messages.create({to, from, body})`). `from` is a Twilio number (E.164) or a Messaging
 * Service (`MG…`). `apiRoot` points the SDK at another base URL: only tests use it, with a local
 * fake Twilio, through the SDK's own `httpClient` option.
 */
export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** Default https://api.twilio.com */
  apiRoot?: string;
  /** Per request; a consumer Lambda has 30 s in all. */
  timeoutMs?: number;
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
    return new SmsError(kind, label, status);
  }
  return new SmsError('unavailable', `Twilio could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
}

export function createTwilioSms(options: TwilioSmsOptions): SmsPort {
  // What `client.api.v2010.accounts(sid).messages` is, without loading the rest of the API.
  const messages = MessageListInstance(twilioApi(options), options.accountSid);
  const sender = options.from.startsWith('MG') ? { messagingServiceSid: options.from } : { from: options.from };
  return {
    provider: async () => 'twilio',
    async send(message) {
      try {
        const sent = await messages.create({ to: message.to, body: message.body, ...sender });
        return { id: sent.sid };
      } catch (error) {
        throw translate(error);
      }
    },
  };
}
