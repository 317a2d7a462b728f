import type { ProviderSecrets } from '../../providers/provider-secrets.js';
import type { TwilioLocation } from '../../providers/twilio-region.js';
import { ELEVENLABS_EU_API_ROOT } from '../../providers/elevenlabs-residency.js';
import { awsChecks, type AwsReaders } from './aws.js';
import type { Check, VendorHttp } from './check.js';
import { elevenlabsChecks } from './elevenlabs.js';
import { googleChecks } from './google.js';
import { stripeChecks } from './stripe.js';
import { twilioChecks } from './twilio.js';

/** What a stage is configured with: its provider secret (or, locally, the same fields from the environment) and its deploy context. */
export interface PreflightSettings {
  stage: string;
  siteUrl?: string;
  emailFrom?: string;
  voiceIds: Readonly<Record<string, string>>;
  meterEventName: string;
  /** Lambda executions at once the stage needs (infra/capacity.ts at its design size, with headroom). */
  lambdaConcurrencyNeeded: number;
  /** The price-list model the stage deploys with (infra/bedrock.ts); absent without Bedrock. */
  bedrockModelId?: string;
  /** The Twilio region and edge the stage runs in (TWILIO_REGION, TWILIO_EDGE); absent means US1. */
  twilioLocation?: TwilioLocation;
  secrets: ProviderSecrets;
}

/** Every provider's checks, side by side; a provider that cannot be reached fails on its own line. */
export async function runPreflight(settings: PreflightSettings, io: { http: VendorHttp; aws: AwsReaders | null }): Promise<Check[]> {
  const prod = settings.stage === 'prod';
  const { secrets, siteUrl } = settings;
  const results = await Promise.all([
    elevenlabsChecks(io.http, {
      prod,
      apiKey: secrets.elevenlabsApiKey,
      apiRoot: secrets.elevenlabsApiRoot ?? ELEVENLABS_EU_API_ROOT,
      voiceIds: settings.voiceIds,
      webhookSecret: Boolean(secrets.elevenlabsWebhookSecret),
    }),
    twilioChecks(io.http, {
      prod,
      siteUrl,
      accountSid: secrets.twilioAccountSid,
      authToken: secrets.twilioAuthToken,
      smsFrom: secrets.twilioMessagingServiceSid ?? secrets.twilioFromNumber,
      twimlAppSid: secrets.twilioTwimlAppSid,
      bundleSid: secrets.twilioBundleSid,
      addressSid: secrets.twilioAddressSid,
      ...(settings.twilioLocation ? { location: settings.twilioLocation } : {}),
    }),
    stripeChecks(io.http, {
      prod,
      siteUrl,
      secretKey: secrets.stripeSecretKey,
      webhookSecrets: [secrets.stripeWebhookSecret, secrets.stripeConnectWebhookSecret].filter(Boolean).length,
      priceIds: secrets.stripePriceIds ?? null,
      overagePriceId: secrets.stripeOveragePriceId,
      meterEventName: settings.meterEventName,
    }),
    googleChecks(io.http, { prod, siteUrl, clientId: secrets.googleClientId, clientSecret: secrets.googleClientSecret }),
    awsChecks(io.aws, {
      prod,
      emailFrom: settings.emailFrom,
      lambdaConcurrencyNeeded: settings.lambdaConcurrencyNeeded,
      ...(settings.bedrockModelId ? { bedrockModelId: settings.bedrockModelId } : {}),
    }),
  ]);
  return results.flat();
}
