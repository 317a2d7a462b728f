// With twilio-twiml.ts, the only modules that import the twilio SDK, and they import its modules
// one by one: its index pulls in every Twilio API (3.5 MB minified) that a cold start would parse.
// These paths are not the package's public API: the minor version is pinned in package.json and
// tests/unit/telephony/twilio-private-paths.test.ts names any path an upgrade moves. TwiML is
// apart because the voice webhook needs it on every call and none of the REST client (axios).
import TwilioBase from 'twilio/lib/base/BaseTwilio.js';
import DomainModule from 'twilio/lib/base/Domain.js';
import RequestClientModule from 'twilio/lib/base/RequestClient.js';
import VersionModule from 'twilio/lib/base/Version.js';
import type V2010 from 'twilio/lib/rest/api/V2010.js';
import { isDefaultLocation, type TwilioLocation } from './twilio-region.js';

export { MessageListInstance } from 'twilio/lib/rest/api/v2010/account/message.js';

/**
 * The Twilio REST API's 2010-04-01 version (what `client.api.v2010` is), for an adapter to build
 * just the resources it needs (`MessageListInstance(version, accountSid)`, …). `apiRoot` points
 * the SDK at another base URL: only tests use it, with a local fake Twilio, through the SDK's own
 * `httpClient` option.
 */
export interface TwilioRestOptions {
  accountSid: string;
  authToken: string;
  /** Default https://api.twilio.com */
  apiRoot?: string;
  /** Per request. */
  timeoutMs?: number;
  /** The region and edge: the SDK itself turns api.twilio.com into api.{edge}.{region}.twilio.com. */
  location?: TwilioLocation;
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

export function twilioApi(options: TwilioRestOptions): V2010 {
  const requestOptions = { timeout: options.timeoutMs ?? 10_000 };
  const httpClient = options.apiRoot ? new RedirectingRequestClient(new URL(options.apiRoot), requestOptions) : new RequestClient(requestOptions);
  // US1 with no edge is the SDK's default host (api.twilio.com), as the preflight asks it.
  const location = options.location ?? { region: 'us1' };
  const region = isDefaultLocation(location) ? undefined : location.region;
  const { edge } = location;
  const client = new TwilioBase.Client(options.accountSid, options.authToken, { httpClient, region, edge });
  return new Version(new Domain(client, TWILIO_API), '2010-04-01') as unknown as V2010;
}
