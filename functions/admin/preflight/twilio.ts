import { smsWebhookUrl, voiceWebhookUrl } from '../../core/telephony/inbound-call.js';
import { isMessagingService } from '../../providers/provider-secrets.js';
import { twilioHost, twilioResidency, type TwilioLocation } from '../../providers/twilio-region.js';
import { basicAuth, guarded, sandboxCheck, unexpected, type Check, type VendorHttp } from './check.js';

const PROVIDER = 'Twilio';
const US1: TwilioLocation = { region: 'us1' };

/** The region's hosts: Twilio's regions are isolated, so every check asks the region the stage uses. */
function hosts(location: TwilioLocation) {
  return {
    API: `https://${twilioHost('api', location)}/2010-04-01`,
    MESSAGING: `https://${twilioHost('messaging', location)}/v1`,
    NUMBERS: `https://${twilioHost('numbers', location)}/v2`,
  };
}

export interface TwilioSettings {
  prod: boolean;
  siteUrl?: string;
  accountSid?: string;
  authToken?: string;
  /** The Messaging Service (MG…) or number texts go out from. */
  smsFrom?: string;
  twimlAppSid?: string;
  /** Ireland's regulatory bundle (BU…) and the Irish address (AD…) numbers are bought with. */
  bundleSid?: string;
  addressSid?: string;
  /** The region the stage's calls and texts are processed in and its edge (TWILIO_REGION, TWILIO_EDGE); default US1. */
  location?: TwilioLocation;
}

interface IncomingNumber {
  phone_number: string;
  capabilities?: { voice?: boolean; sms?: boolean };
  voice_url?: string | null;
  status_callback?: string | null;
  sms_url?: string | null;
}

/**
 * The account answers; every number on it can take calls and points its voice URL and status
 * callback at this stage (what `assign-number` sets); the numbers texts go out from can send SMS,
 * from a Messaging Service in prod; the TwiML app of the browser test call points here too.
 */
export function twilioChecks(http: VendorHttp, settings: TwilioSettings): Promise<Check[]> {
  const { accountSid, authToken } = settings;
  if (!accountSid || !authToken)
    return Promise.resolve([sandboxCheck(PROVIDER, settings.prod, 'telephony and SMS', 'put twilioAccountSid and twilioAuthToken in the provider secret')]);
  const location = settings.location ?? US1;
  const { API, MESSAGING, NUMBERS } = hosts(location);
  return guarded(PROVIDER, async () => {
    const get = (url: string) => http({ method: 'GET', url, headers: { authorization: basicAuth(accountSid, authToken) } });
    const account = await get(`${API}/Accounts/${accountSid}.json`);
    if (account.status === 401) {
      // Regions are isolated: a US1 auth token is refused in IE1 and the reverse.
      return [
        {
          provider: PROVIDER,
          status: 'fail',
          detail: `the account SID and auth token are refused in ${location.region.toUpperCase()} (${new URL(API).host})`,
          fix: `copy both from the Twilio console with its region selector on ${location.region.toUpperCase()} into the provider secret`,
        },
      ];
    }
    if (account.status !== 200) return [unexpected(PROVIDER, 'the account', account)];
    const { status } = account.body as { status?: string };
    const checks: Check[] = [
      {
        provider: PROVIDER,
        status: status === 'active' ? 'ok' : 'fail',
        detail: `the account is ${status ?? 'unknown'} in ${location.region.toUpperCase()} (${new URL(API).host})`,
        ...(status === 'active' ? {} : { fix: 'reactivate the account in the Twilio console' }),
      },
      { provider: PROVIDER, status: 'info', detail: twilioResidency(location) },
    ];

    const numbersAnswer = await get(`${API}/Accounts/${accountSid}/IncomingPhoneNumbers.json?PageSize=1000`);
    if (numbersAnswer.status !== 200) return [...checks, unexpected(PROVIDER, 'the phone numbers', numbersAnswer)];
    const numbers = (numbersAnswer.body as { incoming_phone_numbers?: IncomingNumber[] }).incoming_phone_numbers ?? [];
    const voiceUrl = settings.siteUrl ? voiceWebhookUrl(settings.siteUrl) : undefined;
    if (!numbers.length)
      checks.push({
        provider: PROVIDER,
        status: 'warn',
        detail: 'the account has no phone numbers: salons finishing setup will wait for one',
        fix: 'stock the pool: npm run admin -- stock-numbers <count> --function <AdminFunctionName>',
      });
    checks.push(...(await purchaseChecks(get, { API, NUMBERS }, accountSid, settings)));
    for (const number of numbers)
      checks.push(numberCheck(number, voiceUrl), ...(settings.siteUrl ? numberTextsCheck(number, smsWebhookUrl(settings.siteUrl)) : []));
    if (!voiceUrl)
      checks.push({
        provider: PROVIDER,
        status: 'warn',
        detail: "the site URL is unknown: numbers' webhooks were not compared with it",
        fix: 'pass --site-url <SiteUrl output>',
      });

    const from = settings.smsFrom;
    if (!from)
      checks.push({
        provider: PROVIDER,
        status: settings.prod ? 'fail' : 'warn',
        detail: 'no SMS sender: booking texts stay in the sandbox',
        fix: 'put twilioMessagingServiceSid in the provider secret',
      });
    else if (isMessagingService(from))
      checks.push(...(await messagingServiceChecks(get, MESSAGING, from, numbers, settings.siteUrl ? smsWebhookUrl(settings.siteUrl) : undefined)));
    else {
      const number = numbers.find((candidate) => candidate.phone_number === from);
      checks.push({
        provider: PROVIDER,
        status: settings.prod ? 'fail' : number?.capabilities?.sms ? 'warn' : 'fail',
        detail: `texts go out from one number (${from}${number?.capabilities?.sms ? '' : ', which cannot send SMS'}): one segment a second`,
        fix: 'make a Messaging Service with a pool of SMS-capable numbers and put its MG… SID in twilioMessagingServiceSid',
      });
    }

    if (!settings.twimlAppSid)
      checks.push({
        provider: PROVIDER,
        status: 'warn',
        detail: 'no TwiML app: the browser test call cannot ring',
        fix: 'make a TwiML app whose voice URL is <SiteUrl>/api/twilio/voice and put its AP… SID in twilioTwimlAppSid, with an API key',
      });
    else {
      const app = await get(`${API}/Accounts/${accountSid}/Applications/${settings.twimlAppSid}.json`);
      if (app.status !== 200)
        checks.push({
          provider: PROVIDER,
          status: 'fail',
          detail: `the TwiML app ${settings.twimlAppSid} is not on this account`,
          fix: 'check twilioTwimlAppSid',
        });
      else if (voiceUrl) {
        const { voice_url: url, status_callback: callback } = app.body as { voice_url?: string; status_callback?: string };
        const right = url === voiceUrl && callback === `${voiceUrl}?stage=status`;
        checks.push({
          provider: PROVIDER,
          status: right ? 'ok' : 'fail',
          detail: `the TwiML app's voice URL is ${url || 'unset'} and its status callback ${callback || 'unset'}`,
          ...(right ? {} : { fix: `set them to ${voiceUrl} and ${voiceUrl}?stage=status` }),
        });
      }
    }
    return checks;
  });
}

function numberCheck(number: IncomingNumber, voiceUrl: string | undefined): Check {
  const name = number.phone_number;
  if (!number.capabilities?.voice)
    return { provider: PROVIDER, status: 'fail', detail: `${name} cannot take calls`, fix: 'release it and buy a voice-capable number' };
  if (!voiceUrl) return { provider: PROVIDER, status: 'info', detail: `${name} takes calls at ${number.voice_url || 'no URL'}` };
  if (number.voice_url !== voiceUrl) {
    return {
      provider: PROVIDER,
      status: 'warn',
      detail: `${name} sends its calls to ${number.voice_url || 'nowhere'}, not this stage`,
      fix: `if it is this stage's, npm run admin -- add-number ${name} --function <AdminFunctionName>`,
    };
  }
  if (number.status_callback !== `${voiceUrl}?stage=status`) {
    return {
      provider: PROVIDER,
      status: 'fail',
      detail: `${name} has no status callback here: its calls' minutes are never counted`,
      fix: `npm run admin -- add-number ${name} --function <AdminFunctionName> (or assign-number, for a salon's) sets it`,
    };
  }
  return { provider: PROVIDER, status: 'ok', detail: `${name} takes calls and reports their end to this stage` };
}

/**
 * Texts to a number reach us only through its SmsUrl
 * (https://www.twilio.com/docs/phone-numbers/api/incomingphonenumber-resource): a caller's "C" or
 * "YES" to a reminder otherwise gets Twilio's default answer and nothing else.
 */
function numberTextsCheck(number: IncomingNumber, smsUrl: string): Check[] {
  const name = number.phone_number;
  // A salon's (geographic) number need not take texts: its texts come from the Messaging Service, and replies go there (docs/reminders.md).
  if (!number.capabilities?.sms)
    return [{ provider: PROVIDER, status: 'info', detail: `${name} cannot take texts: callers text the Messaging Service's numbers, not this one` }];
  if (number.sms_url === smsUrl) return [{ provider: PROVIDER, status: 'ok', detail: `${name} sends the texts it receives to this stage` }];
  return [
    {
      provider: PROVIDER,
      status: 'fail',
      detail: `${name} sends the texts it receives to ${number.sms_url || 'nowhere'}: replies to reminders never reach us`,
      fix: `npm run admin -- add-number ${name} --function <AdminFunctionName> (or assign-number, for a salon's) sets it to ${smsUrl}`,
    },
  ];
}

/**
 * A Messaging Service handles the texts its senders receive itself, at its own inbound request URL,
 * unless told to use each number's own (use_inbound_webhook_on_number,
 * https://www.twilio.com/docs/messaging/services/api): either way, replies must reach this stage.
 */
function serviceInboundCheck(sid: string, body: ServiceBody, smsUrl: string | undefined): Check[] {
  if (body.use_inbound_webhook_on_number)
    return [{ provider: PROVIDER, status: 'ok', detail: `the Messaging Service ${sid} hands texts it receives to each number's own SMS URL` }];
  if (!smsUrl) return [];
  if (body.inbound_request_url === smsUrl)
    return [{ provider: PROVIDER, status: 'ok', detail: `the Messaging Service ${sid} sends the texts it receives to this stage` }];
  return [
    {
      provider: PROVIDER,
      status: 'fail',
      detail: `the Messaging Service ${sid} sends the texts it receives to ${body.inbound_request_url || 'nowhere'}: replies to reminders never reach us`,
      fix: `in its Integration settings, choose "Defer to sender's webhook", or send incoming messages to ${smsUrl} by POST`,
    },
  ];
}

interface ServiceBody {
  inbound_request_url?: string | null;
  use_inbound_webhook_on_number?: boolean;
  sticky_sender?: boolean;
}

/**
 * Every salon's texts come from the service's pool, and a reply is routed by the caller's number
 * (docs/reminders.md): the pool needs an Irish SMS-capable number, or Country Code Geomatch texts
 * Irish callers from another country's number
 * (https://help.twilio.com/articles/223181268-What-is-Geomatch-and-how-does-it-work); Sticky
 * Sender keeps each caller on one of them (https://www.twilio.com/docs/messaging/services); and
 * an alphanumeric sender in the service takes every text to a country that allows one, Ireland
 * included, one-way (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id).
 */
function poolChecks(
  sid: string,
  body: ServiceBody,
  senders: { phone_number: string; capabilities?: string[] }[],
  numbers: IncomingNumber[],
  alphaSenders: string[],
): Check[] {
  const smsCapable = senders.filter(
    (sender) =>
      sender.capabilities?.some((capability) => capability.toUpperCase() === 'SMS') ??
      numbers.some((number) => number.phone_number === sender.phone_number && number.capabilities?.sms),
  );
  const irish = smsCapable.filter((sender) => sender.phone_number.startsWith('+353'));
  const checks: Check[] = [
    {
      provider: PROVIDER,
      status: smsCapable.length ? 'ok' : 'fail',
      detail: `texts go out through the Messaging Service ${sid}: ${smsCapable.length} SMS-capable number(s), about ${smsCapable.length} segment(s) a second`,
      ...(smsCapable.length ? {} : { fix: 'add SMS-capable numbers to its sender pool' }),
    },
  ];
  if (smsCapable.length) {
    checks.push(
      irish.length
        ? { provider: PROVIDER, status: 'ok', detail: `${irish.length} of them Irish: Irish callers are texted from an Irish number` }
        : {
            provider: PROVIDER,
            status: 'fail',
            detail: "no Irish SMS-capable number in its pool: Twilio texts Irish callers from another country's number",
            fix: 'add Irish mobile numbers (+353 8…, bought with SmsEnabled) to its sender pool',
          },
    );
  }
  checks.push(
    body.sticky_sender
      ? { provider: PROVIDER, status: 'ok', detail: 'Sticky Sender is on: each caller gets every text from the same number' }
      : {
          provider: PROVIDER,
          status: 'warn',
          detail: 'Sticky Sender is off: a caller may get texts from several numbers (replies still reach us)',
          fix: "turn on Sticky Sender in the Messaging Service's Sender Pool settings",
        },
  );
  if (alphaSenders.length) {
    checks.push({
      provider: PROVIDER,
      status: 'fail',
      detail: `the Messaging Service sends as ${alphaSenders.join(', ')} where a country allows it, Ireland included: one-way, so "Reply C" and YES reach nobody`,
      fix: 'remove the alphanumeric sender from the service (our texts offer replies)',
    });
  }
  // Advanced Opt-Out is no field of the Services resource: an operator checks it (docs/operations.md, launch steps).
  checks.push({
    provider: PROVIDER,
    status: 'info',
    detail:
      "the service's Advanced Opt-Out keywords are not in Twilio's API: CANCEL must not be an opt-out keyword nor YES an opt-in one (docs/operations.md, launch steps)",
  });
  return checks;
}

async function messagingServiceChecks(
  get: (url: string) => ReturnType<VendorHttp>,
  MESSAGING: string,
  sid: string,
  numbers: IncomingNumber[],
  smsUrl: string | undefined,
): Promise<Check[]> {
  const service = await get(`${MESSAGING}/Services/${sid}`);
  if (service.status !== 200)
    return [{ provider: PROVIDER, status: 'fail', detail: `the Messaging Service ${sid} is not on this account`, fix: 'check twilioMessagingServiceSid' }];
  const body = service.body as ServiceBody;
  const inbound = serviceInboundCheck(sid, body, smsUrl);
  const [pool, alpha] = await Promise.all([
    get(`${MESSAGING}/Services/${sid}/PhoneNumbers?PageSize=1000`),
    get(`${MESSAGING}/Services/${sid}/AlphaSenders?PageSize=1000`),
  ]);
  if (pool.status !== 200) return [...inbound, unexpected(PROVIDER, 'the Messaging Service numbers', pool)];
  if (alpha.status !== 200) return [...inbound, unexpected(PROVIDER, "the Messaging Service's alphanumeric senders", alpha)];
  const senders = (pool.body as { phone_numbers?: { phone_number: string; capabilities?: string[] }[] }).phone_numbers ?? [];
  const alphaSenders = ((alpha.body as { alpha_senders?: { alpha_sender: string }[] }).alpha_senders ?? []).map((sender) => sender.alpha_sender);
  return [...inbound, ...poolChecks(sid, body, senders, numbers, alphaSenders)];
}

/**
 * Buying Irish numbers for the pool needs the account's regulatory bundle, approved
 * (https://www.twilio.com/docs/phone-numbers/regulatory/api/bundles: `status` twilio-approved),
 * and the Irish address it names (https://www.twilio.com/docs/usage/api/address): without them
 * stock-numbers is refused, and salons wait once the pool runs dry.
 */
async function purchaseChecks(
  get: (url: string) => ReturnType<VendorHttp>,
  { API, NUMBERS }: { API: string; NUMBERS: string },
  accountSid: string,
  settings: TwilioSettings,
): Promise<Check[]> {
  const { bundleSid, addressSid } = settings;
  if (!bundleSid || !addressSid) {
    return [
      {
        provider: PROVIDER,
        status: settings.prod ? 'fail' : 'warn',
        detail: 'no regulatory bundle and address: the number pool cannot be stocked with Irish numbers',
        fix: "have Ireland's bundle approved in the Twilio console, then put twilioBundleSid (BU…) and twilioAddressSid (AD…) in the provider secret",
      },
    ];
  }
  const [bundle, address] = await Promise.all([
    get(`${NUMBERS}/RegulatoryCompliance/Bundles/${bundleSid}`),
    get(`${API}/Accounts/${accountSid}/Addresses/${addressSid}.json`),
  ]);
  const checks: Check[] = [];
  if (bundle.status !== 200)
    checks.push({ provider: PROVIDER, status: 'fail', detail: `the regulatory bundle ${bundleSid} is not on this account`, fix: 'check twilioBundleSid' });
  else {
    const { status } = bundle.body as { status?: string };
    const approved = status === 'twilio-approved';
    checks.push({
      provider: PROVIDER,
      status: approved ? 'ok' : 'fail',
      detail: `the regulatory bundle ${bundleSid} is ${status ?? 'unknown'}`,
      ...(approved ? {} : { fix: 'Irish numbers can be bought once Twilio approves the bundle (days): follow it in the console' }),
    });
  }
  if (address.status !== 200)
    checks.push({ provider: PROVIDER, status: 'fail', detail: `the address ${addressSid} is not on this account`, fix: 'check twilioAddressSid' });
  else {
    const { iso_country: country } = address.body as { iso_country?: string };
    checks.push({
      provider: PROVIDER,
      status: country === 'IE' ? 'ok' : 'fail',
      detail: `the numbers' address is in ${country ?? 'an unknown country'}`,
      ...(country === 'IE' ? {} : { fix: 'Irish local numbers need an address in Ireland' }),
    });
  }
  return checks;
}
