import { voiceAccessToken } from './twilio-access-token.js';
import { isValidTwilioSignature } from './twilio-signature.js';
import { TelephonyError, type ProviderCallState, type TelephonyPort } from './telephony-port.js';
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
  timeoutMs?: number;
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
      return voiceAccessToken({ accountSid: options.accountSid, keySid: apiKeySid, secret: apiKeySecret, applicationSid: twimlAppSid, identity, ttlSeconds });
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
    async redirectCall(callSid, twiml) {
      await updateCall(callSid, { Twiml: twiml });
    },
    async pointNumberAt(e164, { voiceUrl, statusCallbackUrl }) {
      const page = (await request(() =>
        api.fetch({ uri: `${account}/IncomingPhoneNumbers.json`, method: 'get', params: { PhoneNumber: e164, PageSize: 1 }, headers: { Accept: 'application/json' } }),
      )) as { incoming_phone_numbers?: { sid: string }[] };
      const number = page.incoming_phone_numbers?.[0];
      if (!number) return false;
      await request(() => api.update({ uri: `${account}/IncomingPhoneNumbers/${encodeURIComponent(number.sid)}.json`, method: 'post', data: { VoiceUrl: voiceUrl, VoiceMethod: 'POST', StatusCallback: statusCallbackUrl, StatusCallbackMethod: 'POST' }, headers: FORM }));
      return true;
    },
  };
}
