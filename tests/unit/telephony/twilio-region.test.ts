import AccessToken from 'twilio/lib/jwt/AccessToken.js';
import TwilioBase from 'twilio/lib/base/BaseTwilio.js';
import RequestClientModule from 'twilio/lib/base/RequestClient.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twilioChecks } from '../../../functions/admin/preflight/twilio.js';
import type { VendorHttp } from '../../../functions/admin/preflight/check.js';
import { parseConfig } from '../../../functions/config.js';
import { voiceAccessToken } from '../../../functions/providers/twilio-access-token.js';
import { twilioHost, twilioLocation, type TwilioLocation } from '../../../functions/providers/twilio-region.js';
import { createTwilioSms } from '../../../functions/providers/twilio-sms.js';
import { createTwilioTelephony } from '../../../functions/providers/twilio-telephony.js';
import { twilioLocationFromContext } from '../../../infra/app.js';

/**
 * Twilio's Regions (issue 43 #5), held to Twilio's documents:
 * - the REST host of a region and edge is {product}.{edge}.{region}.twilio.com, what the SDK's
 *   `region` / `edge` options build:
 *   https://www.twilio.com/docs/global-infrastructure/using-the-twilio-rest-api-in-a-non-us-region
 * - regions are isolated: an auth token or API key works only in the region it was made in:
 *   https://www.twilio.com/docs/global-infrastructure/create-an-outbound-call-via-rest-api-in-a-non-us-twilio-region
 * - IE1 is reached through the dublin edge, and the voice JS SDK's token names its region (`twr`)
 *   while the Device connects through that region's edge (JS SDK 2.1.0 at least in IE1):
 *   https://www.twilio.com/docs/global-infrastructure/use-the-programmable-voice-javascript-sdk-with-a-non-us-twilio-region
 *   https://www.twilio.com/docs/global-infrastructure/regional-product-and-feature-availability
 */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const IE1: TwilioLocation = { region: 'ie1', edge: 'dublin' };
const ENV = { TABLE_NAME: 't', UPLOADS_BUCKET: 'u', EVENT_BUS_NAME: 'e', USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c', SITE_URL: 'https://x.example' };

const interop = <T>(module: T): T => ((module as { default?: T }).default ?? module) as T;
const RequestClient = interop(RequestClientModule);

/** Every request the SDK's own request client would send, answered without a network. */
function capturedRequests(answer: { statusCode: number; body: unknown }) {
  const uris: string[] = [];
  vi.spyOn(RequestClient.prototype, 'request').mockImplementation(async (options: { uri: string }) => {
    uris.push(options.uri);
    return { ...answer, headers: {} } as never;
  });
  return uris;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the Twilio region and edge', () => {
  it('come from the configuration: US1 unless set, IE1 through dublin, an edge of another region refused', () => {
    expect(twilioLocation(parseConfig({ ...ENV, STAGE: 'dev' }))).toEqual({ region: 'us1' });
    expect(twilioLocation({ TWILIO_REGION: 'ie1' })).toEqual(IE1);
    expect(twilioLocation({ TWILIO_REGION: 'us1', TWILIO_EDGE: 'umatilla' })).toEqual({ region: 'us1', edge: 'umatilla' });
    expect(() => twilioLocation({ TWILIO_REGION: 'ie1', TWILIO_EDGE: 'ashburn' })).toThrow(/does not reach ie1/);
    expect(() => parseConfig({ ...ENV, TWILIO_REGION: 'ie1', TWILIO_EDGE: 'sydney' })).toThrow(/TWILIO_EDGE/);
    expect(() => parseConfig({ ...ENV, TWILIO_REGION: 'au1' })).toThrow(/TWILIO_REGION/);
    expect(twilioLocation(parseConfig({ ...ENV, TWILIO_REGION: 'ie1' }))).toEqual(IE1);
    expect(twilioLocationFromContext('ie1', undefined)).toEqual(IE1);
  });

  it('name the host the SDK itself builds for them', () => {
    for (const location of [IE1, { region: 'us1', edge: 'umatilla' } as TwilioLocation]) {
      const client = new TwilioBase.Client(ACCOUNT, 'token', { region: location.region, edge: location.edge });
      expect(twilioHost('api', location)).toBe(client.getHostname('api.twilio.com', location.edge, location.region));
    }
    expect(twilioHost('api', IE1)).toBe('api.dublin.ie1.twilio.com');
    expect(twilioHost('messaging', { region: 'us1' })).toBe('messaging.twilio.com');
  });

  it('send the calls adapter to the region: a call is read at api.dublin.ie1.twilio.com', async () => {
    const uris = capturedRequests({ statusCode: 200, body: { status: 'in-progress' } });
    const telephony = createTwilioTelephony({ accountSid: ACCOUNT, authToken: 'ie1-token', location: IE1 });
    await expect(telephony.callState(`CA${'c'.repeat(32)}`)).resolves.toEqual({ state: 'live' });
    expect(new URL(uris[0]!).host).toBe('api.dublin.ie1.twilio.com');

    uris.length = 0;
    await createTwilioTelephony({ accountSid: ACCOUNT, authToken: 'us1-token' }).callState(`CA${'c'.repeat(32)}`);
    expect(new URL(uris[0]!).host).toBe('api.twilio.com');
  });

  it('send the SMS adapter to the region: a text is created at api.dublin.ie1.twilio.com', async () => {
    const uris = capturedRequests({ statusCode: 201, body: { sid: `SM${'a'.repeat(32)}`, status: 'accepted' } });
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'ie1-token', from: `MG${'b'.repeat(32)}`, location: IE1 });
    await sms.send({ salonId: 'salon_1', to: '+353871234567', body: 'See you at 10:00' });
    expect(uris).toEqual([`https://api.dublin.ie1.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json`]);
  });
});

describe("the browser test call's token in a region", () => {
  const input = {
    accountSid: ACCOUNT,
    keySid: `SK${'2'.repeat(32)}`,
    secret: 'ie1-key-secret',
    applicationSid: `AP${'3'.repeat(32)}`,
    identity: 'salon_1',
    ttlSeconds: 600,
  };
  const header = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;

  it("names IE1 in its header as the SDK's AccessToken with `region` does", () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
    const sdk = new AccessToken(input.accountSid, input.keySid, input.secret, { identity: input.identity, ttl: input.ttlSeconds, region: 'ie1' });
    sdk.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: input.applicationSid }));
    expect(header(voiceAccessToken({ ...input, region: 'ie1' }))).toEqual(header(sdk.toJwt()));
    expect(header(voiceAccessToken({ ...input, region: 'ie1' })).twr).toBe('ie1');
  });

  it('is made by the calls adapter for its region', async () => {
    const telephony = createTwilioTelephony({
      accountSid: ACCOUNT,
      authToken: 't',
      apiKeySid: input.keySid,
      apiKeySecret: input.secret,
      twimlAppSid: input.applicationSid,
      location: IE1,
    });
    expect(header(await telephony.clientToken({ identity: 'salon_1', ttlSeconds: 600 })).twr).toBe('ie1');
  });
});

describe('the preflight in a region', () => {
  const SETTINGS = { prod: true, accountSid: ACCOUNT, authToken: 'ie1-token' };

  /** A fake Twilio IE1: it knows the account, the US1 host does not answer, anything else is 404. */
  function fakeIe1(status: 200 | 401): { http: VendorHttp; asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      http: async ({ url }) => {
        asked.push(url);
        const { host, pathname } = new URL(url);
        if (host !== 'api.dublin.ie1.twilio.com' && host !== 'messaging.dublin.ie1.twilio.com' && host !== 'numbers.dublin.ie1.twilio.com')
          throw new Error(`asked outside IE1: ${url}`);
        if (status === 401) return { status, body: { code: 20003 } };
        if (pathname === `/2010-04-01/Accounts/${ACCOUNT}.json`) return { status: 200, body: { status: 'active' } };
        if (pathname.endsWith('/IncomingPhoneNumbers.json')) return { status: 200, body: { incoming_phone_numbers: [] } };
        return { status: 404, body: {} };
      },
    };
  }

  it('asks the account at the regional host and says what Twilio keeps where', async () => {
    const { http, asked } = fakeIe1(200);
    const checks = await twilioChecks(http, { ...SETTINGS, location: IE1 });
    expect(asked[0]).toBe(`https://api.dublin.ie1.twilio.com/2010-04-01/Accounts/${ACCOUNT}.json`);
    expect(checks[0]).toMatchObject({ status: 'ok', detail: 'the account is active in IE1 (api.dublin.ie1.twilio.com)' });
    expect(checks[1]).toMatchObject({ status: 'info', detail: expect.stringContaining('in Ireland (IE1, EU data residency)') });
  });

  it("fails when the credentials are not the region's own", async () => {
    const checks = await twilioChecks(fakeIe1(401).http, { ...SETTINGS, location: IE1 });
    expect(checks).toEqual([
      expect.objectContaining({ status: 'fail', detail: 'the account SID and auth token are refused in IE1 (api.dublin.ie1.twilio.com)' }),
    ]);
  });
});
