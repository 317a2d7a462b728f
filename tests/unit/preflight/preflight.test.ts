import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AwsReaders } from '../../../functions/admin/preflight/aws.js';
import { exitCode, formatCheck, type Check, type VendorAnswer, type VendorHttp } from '../../../functions/admin/preflight/check.js';
import { runPreflight, type PreflightSettings } from '../../../functions/admin/preflight/preflight.js';
import { STRIPE_EVENT_TYPES } from '../../../functions/admin/preflight/stripe.js';
import type { ProviderSecrets } from '../../../functions/providers/provider-secrets.js';
import { DEFAULT_BEDROCK_MODEL_ID } from '../../../infra/bedrock.js';

/** The operator preflight (issue 18 #8, #10), against recorded vendor answers (./fixtures). */
type Scenario = 'ready' | 'broken' | 'wrong-key' | 'error-redirect';
const fixture = (vendor: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${vendor}.json`, import.meta.url), 'utf8')) as Record<Scenario, Record<string, unknown>>;
const VENDORS = ['elevenlabs', 'twilio', 'stripe', 'google'].map(fixture);
const AWS = fixture('aws');

/** Answers only what a fixture recorded: any other request fails the test, so every request the preflight makes is one we have an answer for. */
function recorded(scenario: Scenario): { http: VendorHttp; asked: string[] } {
  const answers = Object.assign({}, ...VENDORS.map((vendor) => vendor[scenario] ?? {})) as Record<string, VendorAnswer>;
  const asked: string[] = [];
  return {
    asked,
    http: async ({ method, url }) => {
      const key = `${method} ${url}`;
      asked.push(key);
      if (!answers[key]) throw new Error(`no recorded answer for ${key}`);
      return answers[key];
    },
  };
}

function recordedAws(scenario: 'ready' | 'broken'): AwsReaders {
  const answers = AWS[scenario] as Record<string, object | null>;
  return {
    sesAccount: async () => answers.sesAccount!,
    sesIdentity: async (identity) => answers[`sesIdentity ${identity}`] ?? null,
    lambdaAccount: async () => answers.lambdaAccount!,
    bedrockConverse: async (modelId) => {
      const key = `bedrockConverse ${modelId}`;
      if (!(key in answers)) throw new Error(`no recorded answer for ${key}`);
      return answers[key] as { name: string; message: string } | null;
    },
  };
}

const ACCOUNT = 'AC00000000000000000000000000000001';
const VOICE_IDS = { labhaoise: 'el_labhaoise', niamh: 'el_niamh', becky: 'el_becky', emily: 'el_emily', juniper: 'el_juniper' };
const SECRETS: ProviderSecrets = {
  elevenlabsApiKey: 'xi-eu-key',
  elevenlabsWebhookSecret: 'wsec',
  twilioAccountSid: ACCOUNT,
  twilioAuthToken: 'token',
  twilioMessagingServiceSid: 'MG00000000000000000000000000000001',
  twilioTwimlAppSid: 'AP00000000000000000000000000000001',
  twilioBundleSid: 'BU00000000000000000000000000000001',
  twilioAddressSid: 'AD00000000000000000000000000000001',
  stripeSecretKey: 'sk_live_abc',
  stripeWebhookSecret: 'whsec_1',
  stripeConnectWebhookSecret: 'whsec_2',
  stripePriceIds: { starter: 'price_starter', growth: 'price_growth', business: 'price_business' },
  stripeOveragePriceId: 'price_overage',
  googleClientId: '123-abc.apps.googleusercontent.com',
  googleClientSecret: 'gsecret',
};
const PROD: PreflightSettings = {
  stage: 'prod',
  siteUrl: 'https://app.salondesk.ie',
  emailFrom: 'bookings@salondesk.ie',
  voiceIds: VOICE_IDS,
  meterEventName: 'overage_minutes',
  lambdaConcurrencyNeeded: 183,
  bedrockModelId: DEFAULT_BEDROCK_MODEL_ID,
  secrets: SECRETS,
};

const lines = (checks: Check[], status: Check['status']) => checks.filter((check) => check.status === status).map(formatCheck);

describe('the preflight', () => {
  it('says every provider is in its sandbox, and exits 0, when nothing is configured (npm start)', async () => {
    const { http, asked } = recorded('ready');
    const checks = await runPreflight(
      { stage: 'local', voiceIds: {}, meterEventName: 'overage_minutes', lambdaConcurrencyNeeded: 0, secrets: {} },
      { http, aws: null },
    );
    expect(checks.map((check) => [check.provider, check.status])).toEqual([
      ['ElevenLabs', 'sandbox'],
      ['Twilio', 'sandbox'],
      ['Stripe', 'sandbox'],
      ['Google', 'sandbox'],
      ['AWS', 'sandbox'],
    ]);
    expect(asked).toEqual([]);
    expect(exitCode(checks)).toBe(0);
  });

  it('passes a stage that is ready: nothing to fix, exit 0', async () => {
    const checks = await runPreflight(PROD, { http: recorded('ready').http, aws: recordedAws('ready') });
    expect(lines(checks, 'fail')).toEqual([]);
    expect(lines(checks, 'warn')).toEqual([]);
    expect(exitCode(checks)).toBe(0);
    expect(lines(checks, 'ok')).toEqual(
      expect.arrayContaining([
        '[ok] ElevenLabs: the EU residency workspace (https://api.eu.residency.elevenlabs.io)',
        '[ok] ElevenLabs: the key works (plan "business", active)',
        '[ok] ElevenLabs: voice "niamh" (el_niamh) is in the workspace',
        '[ok] ElevenLabs: 2 of 2 salon agents checked: each refuses a call at the limit (forwarded to the salon), with no cap of its own and no bursting',
        '[ok] Twilio: +35315550001 takes calls and reports their end to this stage',
        '[ok] Twilio: +35315550001 sends the texts it receives to this stage',
        "[ok] Twilio: the Messaging Service MG00000000000000000000000000000001 hands texts it receives to each number's own SMS URL",
        '[ok] Twilio: texts go out through the Messaging Service MG00000000000000000000000000000001: 2 SMS-capable number(s), about 2 segment(s) a second',
        '[ok] Twilio: 2 of them Irish: Irish callers are texted from an Irish number',
        '[ok] Twilio: Sticky Sender is on: each caller gets every text from the same number',
        '[ok] Twilio: the regulatory bundle BU00000000000000000000000000000001 is twilio-approved',
        "[ok] Twilio: the numbers' address is in IE",
        '[ok] Stripe: the endpoint at https://app.salondesk.ie/api/stripe/webhook receives every event type we apply',
        '[ok] Stripe: the Growth price price_growth is €149 a month, VAT included',
        '[ok] Stripe: the Irish VAT rate txr_1 (23%, included in the price) is active: every invoice shows its VAT',
        "[ok] Stripe: the customer portal configuration bpc_ours changes plans among ours, cancels at the period's end and shows invoices",
        '[ok] Google: the OAuth client accepts https://app.salondesk.ie/api/google/oauth/callback',
        '[ok] SES: out of the sandbox: 50000 emails a day, 14 a second',
        '[ok] Lambda: 1000 concurrent executions allowed; the stage needs 183 at its design size',
        '[ok] Bedrock: eu.anthropic.claude-haiku-4-5-20251001-v1:0 answers in eu-west-1',
      ]),
    );
    // What the APIs cannot tell is said, not guessed.
    expect(lines(checks, 'info').join('\n')).toMatch(/concurrent conversations are capped by the "business" plan[\s\S]*publishing status is not in any API/);
  });

  it('names every problem with what to fix, and exits 1', async () => {
    const broken: PreflightSettings = {
      ...PROD,
      voiceIds: { ...VOICE_IDS, juniper: '' },
      secrets: {
        ...SECRETS,
        elevenlabsApiRoot: 'https://api.elevenlabs.io',
        twilioMessagingServiceSid: undefined,
        twilioFromNumber: '+35315550001',
        twilioTwimlAppSid: undefined,
        stripeSecretKey: 'sk_test_abc',
        stripeConnectWebhookSecret: undefined,
      },
    };
    const checks = await runPreflight(broken, { http: recorded('broken').http, aws: recordedAws('broken') });
    expect(exitCode(checks)).toBe(1);
    const failures = lines(checks, 'fail').join('\n');
    for (const expected of [
      'ElevenLabs: https://api.elevenlabs.io keeps voice data outside the EU',
      'ElevenLabs: voice "niamh" (el_niamh) is not in this workspace',
      'ElevenLabs: no ElevenLabs voice for "juniper"',
      'ElevenLabs: 1 of 1 salon agents checked (agent_old) queue callers at the limit, cap themselves or burst: a queued caller hears a hold tone instead of the salon',
      'Twilio: +35315550003 has no status callback here',
      'Twilio: +447700900123 cannot take calls',
      'Twilio: +447700900123 sends the texts it receives to nowhere: replies to reminders never reach us',
      'Twilio: texts go out from one number (+35315550001, which cannot send SMS)',
      'Twilio: the regulatory bundle BU00000000000000000000000000000001 is pending-review (fix: Irish numbers can be bought once Twilio approves the bundle',
      "Twilio: the numbers' address is in GB (fix: Irish local numbers need an address in Ireland)",
      'Stripe: a test-mode key (fix: prod takes real payments: use the live secret key)',
      'Stripe: the endpoint at https://app.salondesk.ie/api/stripe/webhook does not receive checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired, customer.subscription.created, account.updated',
      'Stripe: it sends events in API version 2024-06-20',
      'Stripe: the Billing Meter "overage_minutes" is missing',
      'Stripe: the Growth price price_growth is not €149 a month, VAT included',
      'Stripe: the Starter price price_starter is not €79 a month, VAT included',
      'Stripe: no active 23% inclusive Irish VAT rate: invoices would show no VAT',
      'Stripe: the customer portal configuration bpc_ours: plan changes do not offer growth, business; a plan change is not invoiced at once; cancelling is not at the end of the period',
      'Stripe: the Business price price_business does not exist',
      'Google: the OAuth client does not accept https://app.salondesk.ie/api/google/oauth/callback',
      'SES: in the SES sandbox: verified recipients only, 200 a day (fix: request production access',
      "SES: the sender's domain salondesk.ie is not an SES identity",
      'Lambda: 10 concurrent executions allowed; the stage needs 183 at its design size (fix: request an increase',
      "Bedrock: eu.anthropic.claude-haiku-4-5-20251001-v1:0 does not answer (AccessDeniedException: You don't have access to the model with the specified model ID.): every price-list import falls back to the offline reader (fix: grant this account access to the model in the Bedrock console (eu-west-1, Model access))",
    ]) {
      expect(failures).toContain(expected);
    }
    expect(lines(checks, 'warn').join('\n')).toContain('Twilio: +35315550001 sends its calls to https://dev.salondesk.ie/api/twilio/voice, not this stage');
    expect(lines(checks, 'info').join('\n')).toContain("Twilio: +35315550003 cannot take texts: callers text the Messaging Service's numbers, not this one");
  });

  // Every salon's texts come from the pool, and replies are routed by the caller (docs/reminders.md):
  // Country Code Geomatch (https://help.twilio.com/articles/223181268-What-is-Geomatch-and-how-does-it-work),
  // Sticky Sender (https://www.twilio.com/docs/messaging/services) and alphanumeric senders, one-way
  // where allowed (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id).
  it('fails a pool with no Irish number or with an alphanumeric sender, warns when Sticky Sender is off, and says Advanced Opt-Out is for an operator to check', async () => {
    const service = 'GET https://messaging.twilio.com/v1/Services/MG00000000000000000000000000000001';
    const ready = recorded('ready').http;
    const http: VendorHttp = async (request) => {
      const answer = await ready(request);
      const key = `${request.method} ${request.url}`;
      if (key === service) return { ...answer, body: { ...(answer.body as object), sticky_sender: false } };
      if (key === `${service}/PhoneNumbers?PageSize=1000`)
        return { status: 200, body: { phone_numbers: [{ sid: 'PN09', phone_number: '+447700900001', country_code: 'GB', capabilities: ['SMS'] }] } };
      if (key === `${service}/AlphaSenders?PageSize=1000`) return { status: 200, body: { alpha_senders: [{ sid: 'AI01', alpha_sender: 'SalonDesk' }] } };
      return answer;
    };
    const checks = await runPreflight(PROD, { http, aws: recordedAws('ready') });
    expect(lines(checks, 'fail')).toEqual([
      "[FAIL] Twilio: no Irish SMS-capable number in its pool: Twilio texts Irish callers from another country's number (fix: add Irish mobile numbers (+353 8…, bought with SmsEnabled) to its sender pool)",
      '[FAIL] Twilio: the Messaging Service sends as SalonDesk where a country allows it, Ireland included: one-way, so "Reply C" and YES reach nobody (fix: remove the alphanumeric sender from the service (our texts offer replies))',
    ]);
    expect(lines(checks, 'warn')).toContain(
      "[WARN] Twilio: Sticky Sender is off: a caller may get texts from several numbers (replies still reach us) (fix: turn on Sticky Sender in the Messaging Service's Sender Pool settings)",
    );
    expect(lines(checks, 'info').join('\n')).toContain(
      "Advanced Opt-Out keywords are not in Twilio's API: CANCEL must not be an opt-out keyword nor YES an opt-in one",
    );
  });

  it('fails a Messaging Service that keeps the texts its senders receive at a URL of its own (https://www.twilio.com/docs/messaging/services/api: inbound_request_url, use_inbound_webhook_on_number)', async () => {
    const service = 'GET https://messaging.twilio.com/v1/Services/MG00000000000000000000000000000001';
    const ready = recorded('ready').http;
    const http: VendorHttp = async (request) => {
      const answer = await ready(request);
      if (`${request.method} ${request.url}` !== service) return answer;
      return {
        ...answer,
        body: { ...(answer.body as object), use_inbound_webhook_on_number: false, inbound_request_url: 'https://demo.twilio.com/welcome/sms/reply' },
      };
    };
    const checks = await runPreflight(PROD, { http, aws: recordedAws('ready') });
    expect(lines(checks, 'fail')).toEqual([
      `[FAIL] Twilio: the Messaging Service MG00000000000000000000000000000001 sends the texts it receives to https://demo.twilio.com/welcome/sms/reply: replies to reminders never reach us (fix: in its Integration settings, choose "Defer to sender's webhook", or send incoming messages to https://app.salondesk.ie/api/twilio/sms by POST)`,
    ]);
  });

  it("fails account.updated on the same endpoint as our own events: an account endpoint never receives a connected account's (https://docs.stripe.com/api/webhook_endpoints/create#create_webhook_endpoint-connect)", async () => {
    const endpoints = 'GET https://api.stripe.com/v1/webhook_endpoints?limit=100';
    const ready = recorded('ready').http;
    const oneEndpoint = (events: string[]) =>
      (async (request) => {
        const answer = await ready(request);
        if (`${request.method} ${request.url}` !== endpoints) return answer;
        const [first] = (answer.body as { data: object[] }).data;
        return { ...answer, body: { object: 'list', has_more: false, data: [{ ...first, enabled_events: events }] } };
      }) satisfies VendorHttp;
    for (const events of [[...STRIPE_EVENT_TYPES], ['*']]) {
      const checks = await runPreflight(PROD, { http: oneEndpoint(events), aws: recordedAws('ready') });
      expect(lines(checks, 'fail')).toEqual([
        expect.stringContaining('[FAIL] Stripe: account.updated is not on an endpoint of its own at https://app.salondesk.ie/api/stripe/webhook'),
      ]);
    }
  });

  it('refuses a key the EU workspace does not know, and prod without credentials', async () => {
    const wrongKey = await runPreflight(
      { ...PROD, secrets: { elevenlabsApiKey: 'xi-us-key' } },
      { http: recorded('wrong-key').http, aws: recordedAws('ready') },
    );
    expect(lines(wrongKey, 'fail').join('\n')).toContain(
      'ElevenLabs: the key is refused by https://api.eu.residency.elevenlabs.io (fix: the EU workspace has its own keys',
    );
    // Prod never runs on a sandbox: every unconfigured provider is a failure.
    expect(wrongKey.filter((check) => check.status === 'fail').map((check) => check.provider)).toEqual(expect.arrayContaining(['Twilio', 'Stripe', 'Google']));
  });

  it("reads Google's refusal whether it is an error page or a redirect to one", async () => {
    const google = { googleClientId: SECRETS.googleClientId, googleClientSecret: SECRETS.googleClientSecret };
    const checks = await runPreflight({ ...PROD, stage: 'dev', secrets: google }, { http: recorded('error-redirect').http, aws: null });
    expect(lines(checks, 'fail')).toEqual([
      expect.stringContaining('Google: the OAuth client does not accept https://app.salondesk.ie/api/google/oauth/callback'),
    ]);
  });

  it('checks the Stripe event types the webhook applies', () => {
    const source = readFileSync(new URL('../../../functions/core/billing/webhook.ts', import.meta.url), 'utf8');
    const handled = [...source.matchAll(/case '([a-z_.]+)':/g)].map((match) => match[1]);
    expect([...STRIPE_EVENT_TYPES].sort()).toEqual([...new Set(handled)].sort());
  });
});
