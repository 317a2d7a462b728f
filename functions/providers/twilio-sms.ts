// The twilio SDK's own client, request client and Messages resource, imported one by one: its
// index pulls in every Twilio API (3.5 MB minified), which esbuild would put into every Lambda
// bundle (the composition root reaches this adapter), costing each cold start ~80 ms.
import TwilioBase from 'twilio/lib/base/BaseTwilio.js';
import DomainModule from 'twilio/lib/base/Domain.js';
import RequestClientModule from 'twilio/lib/base/RequestClient.js';
import VersionModule from 'twilio/lib/base/Version.js';
import type V2010 from 'twilio/lib/rest/api/V2010.js';
import { MessageListInstance } from 'twilio/lib/rest/api/v2010/account/message.js';
import { SmsError, type SmsPort } from './sms-port.js';

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

/** CommonJS `exports.default` seen from ESM: the class itself (bundlers) or `{ default }` (Node). */
function interop<T>(module: T): T {
  const inner = (module as { default?: T } | undefined)?.default;
  return typeof module === 'function' || inner === undefined ? module : inner;
}
const Domain = interop(DomainModule);
const Version = interop(VersionModule);
const RequestClient = interop(RequestClientModule);

const TWILIO_API = 'https://api.twilio.com';

/** The SDK's request client, sending every request to `apiRoot` instead of Twilio's hosts. */
class RedirectingRequestClient extends RequestClient {
  constructor(
    private readonly apiRoot: URL,
    options: ConstructorParameters<typeof RequestClient>[0],
  ) {
    super(options);
  }

  override request<TData>(options: Parameters<InstanceType<typeof RequestClient>['request']>[0] & { data?: TData }) {
    const target = new URL(options.uri);
    const root = this.apiRoot;
    const uri = `${root.origin}${root.pathname.replace(/\/+$/, '')}${target.pathname}${target.search}`;
    return super.request<TData>({ ...options, uri });
  }
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
  const requestOptions = { timeout: options.timeoutMs ?? 10_000 };
  const httpClient = options.apiRoot ? new RedirectingRequestClient(new URL(options.apiRoot), requestOptions) : new RequestClient(requestOptions);
  const client = new TwilioBase.Client(options.accountSid, options.authToken, { httpClient });
  // What `client.api.v2010.accounts(sid).messages` is, without loading the rest of the API.
  const version = new Version(new Domain(client, TWILIO_API), '2010-04-01') as unknown as V2010;
  const messages = MessageListInstance(version, options.accountSid);
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
