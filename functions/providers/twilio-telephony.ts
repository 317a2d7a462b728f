import { voiceAccessToken } from './twilio-access-token.js';
import { isValidTwilioSignature } from './twilio-signature.js';
import { TelephonyError, type NumberPurchase, type NumberWebhooks, type ProviderCallState, type TelephonyPort } from '../core/ports/telephony.js';
import type { TwilioLocation } from './twilio-region.js';
import { twilioApi } from './twilio-sdk.js';

/**
 * The phone network through Twilio: webhooks signed with the account's auth token, calls and
 * numbers through the REST API (the twilio SDK's client, requests and errors), browser access
 * tokens signed with an API key for the stage's TwiML app.
 *
 * The requests go through the SDK's API version object rather than its generated Calls and
 * IncomingPhoneNumbers resources: those bring every sub-resource (recordings, payments, streams…),
 * and esbuild puts this adapter into every Lambda bundle (the composition root reaches it).
 */
export interface TwilioTelephonyOptions {
  accountSid: string;
  authToken: string;
  /** API key (SK…) and its secret: what access tokens are signed with. */
  apiKeySid?: string;
  apiKeySecret?: string;
  /** The TwiML app (AP…) whose voice URL the browser test call reaches. */
  twimlAppSid?: string;
  /** Default https://api.twilio.com; only tests point it at a local fake Twilio. */
  apiRoot?: string;
  /** The region calls are processed and kept in (the credentials above are that region's), and its edge. */
  location?: TwilioLocation;
  timeoutMs?: number;
  /** Ireland's regulatory requirements for buying numbers; without them buying is refused before Twilio is asked. */
  numberPurchase?: NumberPurchase;
}

interface TwilioishError {
  status?: unknown;
  code?: unknown;
}

/** Only the status and Twilio's error code survive: Twilio's messages quote phone numbers. */
function translate(error: unknown): TelephonyError {
  const { status, code } = (error ?? {}) as TwilioishError;
  if (typeof status === 'number') return new TelephonyError(`Twilio answered ${status}${typeof code === 'number' ? ` (error ${code})` : ''}`, status);
  return new TelephonyError(`Twilio could not be reached${typeof code === 'string' ? ` (${code})` : ''}`);
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
const ENDED = new Set(['completed', 'canceled', 'failed', 'busy', 'no-answer']);

/** The fields of Twilio's Call resource read here (`duration` is a string of seconds, `end_time` RFC 2822). */
interface CallResource {
  from?: string;
  status?: string;
  duration?: string | number | null;
  end_time?: string | null;
}

function stateOf(found: CallResource): ProviderCallState {
  if (!ENDED.has(found.status ?? '')) return { state: 'live' };
  const seconds = Number(found.duration);
  const ended = found.end_time ? Date.parse(found.end_time) : Number.NaN;
  return {
    state: 'ended',
    finalStatus: found.status!,
    durationSeconds: Number.isInteger(seconds) && seconds >= 0 ? seconds : 0,
    endedAt: Number.isNaN(ended) ? null : new Date(ended).toISOString(),
  };
}

export function createTwilioTelephony(options: TwilioTelephonyOptions): TelephonyPort {
  // A voice webhook and a tool call wait on these: a few seconds at most, never the SMS adapter's ten.
  const api = twilioApi({ ...options, timeoutMs: options.timeoutMs ?? 5_000 });
  const account = `/Accounts/${encodeURIComponent(options.accountSid)}`;
  const call = (callSid: string) => `${account}/Calls/${encodeURIComponent(callSid)}.json`;

  async function request<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw translate(error);
    }
  }
  const updateCall = (callSid: string, data: Record<string, string>) => request(() => api.update({ uri: call(callSid), method: 'post', data, headers: FORM }));
  /** Null when the account has no such call. */
  async function fetchCall(callSid: string): Promise<CallResource | null> {
    try {
      return (await api.fetch({ uri: call(callSid), method: 'get', headers: { Accept: 'application/json' } })) as CallResource;
    } catch (error) {
      if ((error as TwilioishError)?.status === 404) return null;
      throw translate(error);
    }
  }

  return {
    provider: async () => 'twilio',
    verifyWebhook: async ({ url, params, signature }) => isValidTwilioSignature(options.authToken, url, params, signature),
    async clientToken({ identity, ttlSeconds }) {
      const { apiKeySid, apiKeySecret, twimlAppSid } = options;
      if (!apiKeySid || !apiKeySecret || !twimlAppSid) {
        throw new TelephonyError('The Twilio API key and TwiML app are not configured (twilioApiKeySid, twilioApiKeySecret, twilioTwimlAppSid)');
      }
      return voiceAccessToken({
        accountSid: options.accountSid,
        keySid: apiKeySid,
        secret: apiKeySecret,
        applicationSid: twimlAppSid,
        identity,
        ttlSeconds,
        region: options.location?.region,
      });
    },
    async endConference(callSid, { from }) {
      // The browser's call is a plain call through the TwiML app (no conference): ending it is
      // completing the call, once it is known to be this caller's.
      const found = await fetchCall(callSid);
      if (!found || found.from !== from) return false;
      if (!ENDED.has(found.status ?? '')) await updateCall(callSid, { Status: 'completed' });
      return true;
    },
    async callState(callSid) {
      const found = await fetchCall(callSid);
      return found ? stateOf(found) : { state: 'unknown' };
    },
    async redirectCall(callSid, script) {
      // TwiML's builder is loaded by the rare transfer only: 60 KB every cold start of the tools would parse.
      const { renderTwiml } = await import('./twilio-twiml.js');
      await updateCall(callSid, { Twiml: renderTwiml(script) });
    },
    async pointNumberAt(e164, webhooks) {
      const sid = await ownedNumberSid(e164);
      if (!sid) return false;
      await request(() =>
        api.update({ uri: `${account}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, method: 'post', data: webhookFields(webhooks), headers: FORM }),
      );
      return true;
    },
    async buyNumbers({ count, areaCode, webhooks }) {
      const purchase = options.numberPurchase;
      if (!purchase) throw new TelephonyError('Buying Irish numbers needs the approved regulatory bundle and address (twilioBundleSid, twilioAddressSid)');
      // https://www.twilio.com/docs/phone-numbers/api/availablephonenumberlocal-resource: Irish local numbers that take calls.
      const listed = (await request(() =>
        api.fetch({
          uri: `${account}/AvailablePhoneNumbers/IE/Local.json`,
          method: 'get',
          params: { VoiceEnabled: 'true', PageSize: count, ...(areaCode ? { AreaCode: areaCode } : {}) },
          headers: { Accept: 'application/json' },
        }),
      )) as { available_phone_numbers?: { phone_number: string }[] };
      const bought: string[] = [];
      for (const { phone_number: phoneNumber } of (listed.available_phone_numbers ?? []).slice(0, count)) {
        // https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource#create-an-incomingphonenumber-resource:
        // a regulated number needs its BundleSid (error 21649 without) and AddressSid (error 21631 without).
        await request(() =>
          api.create({
            uri: `${account}/IncomingPhoneNumbers.json`,
            method: 'post',
            data: { PhoneNumber: phoneNumber, BundleSid: purchase.bundleSid, AddressSid: purchase.addressSid, ...webhookFields(webhooks) },
            headers: FORM,
          }),
        );
        bought.push(phoneNumber);
      }
      return bought;
    },
    async releaseNumber(e164) {
      const sid = await ownedNumberSid(e164);
      if (!sid) return false;
      await request(() => api.remove({ uri: `${account}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`, method: 'delete' }));
      return true;
    },
  };

  /** The account's number resource for `e164`, or null when it has none. */
  async function ownedNumberSid(e164: string): Promise<string | null> {
    const page = (await request(() =>
      api.fetch({
        uri: `${account}/IncomingPhoneNumbers.json`,
        method: 'get',
        params: { PhoneNumber: e164, PageSize: 1 },
        headers: { Accept: 'application/json' },
      }),
    )) as { incoming_phone_numbers?: { sid: string }[] };
    return page.incoming_phone_numbers?.[0]?.sid ?? null;
  }
}

/**
 * Where a number sends its calls, their ends and the texts it receives: our webhooks, all by POST
 * (IncomingPhoneNumber's VoiceUrl, StatusCallback and SmsUrl,
 * https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource). Without SmsUrl a
 * reply to a reminder gets Twilio's default answer and never reaches us.
 */
function webhookFields({ voiceUrl, statusCallbackUrl, smsUrl }: NumberWebhooks) {
  return { VoiceUrl: voiceUrl, VoiceMethod: 'POST', StatusCallback: statusCallbackUrl, StatusCallbackMethod: 'POST', SmsUrl: smsUrl, SmsMethod: 'POST' };
}
