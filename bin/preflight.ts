import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { AwsReaders } from '../functions/admin/preflight/aws.js';
import { exitCode, fetchHttp, formatCheck, type Check } from '../functions/admin/preflight/check.js';
import { runPreflight, type PreflightSettings } from '../functions/admin/preflight/preflight.js';
import { planPriceIdsJsonSchema } from '../functions/core/plans.js';
import { createProviderSecrets, type ProviderSecrets } from '../functions/providers/provider-secrets.js';
import { readSecretString } from '../functions/providers/secrets-manager-secret.js';
import { parseVoiceIds, twilioLocationFromContext } from '../infra/app.js';
import { parseBedrockModelId } from '../infra/bedrock.js';
import { phoneLambdaConcurrency, THROTTLE_HEADROOM } from '../infra/capacity.js';
import { providerSecretName } from '../infra/secrets.js';
import { REGION, stageConfig } from '../infra/stage-config.js';

/**
 * `npm run admin -- preflight [--stage NAME]`: without a stage, what `npm start` is configured
 * with (its environment and data folder); with one, that stage's provider secret (your AWS
 * credentials read it) and deploy context (cdk.json, or --site-url, --email-from, --voice-ids as
 * `cdk deploy -c` takes them), with its SES and Lambda quotas. Read-only; answers the exit code.
 */
export interface PreflightOptions {
  stage?: string;
  dataDir: string;
  siteUrl?: string;
  emailFrom?: string;
  voiceIds?: string;
}

const defined = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')) as T;

function secretsFromEnvironment(env: NodeJS.ProcessEnv): ProviderSecrets {
  const from = env.TWILIO_FROM_NUMBER;
  const prices = env.PLAN_PRICE_IDS ? planPriceIdsJsonSchema.safeParse(env.PLAN_PRICE_IDS) : undefined;
  return defined({
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET,
    elevenlabsApiKey: env.ELEVENLABS_API_KEY,
    elevenlabsApiRoot: env.ELEVENLABS_API_ROOT,
    elevenlabsWebhookSecret: env.ELEVENLABS_WEBHOOK_SECRET,
    twilioAccountSid: env.TWILIO_ACCOUNT_SID,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN,
    ...(from?.startsWith('MG') ? { twilioMessagingServiceSid: from } : { twilioFromNumber: from }),
    twilioTwimlAppSid: env.TWILIO_TWIML_APP_SID,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
    stripePriceIds: prices?.success ? prices.data : undefined,
    stripeOveragePriceId: env.STRIPE_OVERAGE_PRICE_ID,
  }) as ProviderSecrets;
}

function cdkContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync('cdk.json', 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}

function awsReaders(): AwsReaders {
  const ses = new SESv2Client({ region: REGION });
  const lambda = new LambdaClient({ region: REGION });
  const bedrock = new BedrockRuntimeClient({ region: REGION, maxAttempts: 1 });
  return {
    sesAccount: () => ses.send(new GetAccountCommand({})),
    sesIdentity: (identity) =>
      ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity })).catch((error: unknown) => {
        if ((error as Error)?.name === 'NotFoundException') return null;
        throw error;
      }),
    lambdaAccount: () => lambda.send(new GetAccountSettingsCommand({})),
    bedrockConverse: (modelId) =>
      bedrock.send(new ConverseCommand({ modelId, messages: [{ role: 'user', content: [{ text: 'Hi' }] }], inferenceConfig: { maxTokens: 1 } })).then(
        () => null,
        (error: unknown) => ({ name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) }),
      ),
  };
}

async function stageSettings(options: PreflightOptions & { stage: string }): Promise<{ settings: PreflightSettings; notes: Check[] }> {
  const config = stageConfig(options.stage);
  const context = cdkContext();
  const name = providerSecretName(config);
  const notes: Check[] = [];
  let secrets: ProviderSecrets = {};
  try {
    secrets = await createProviderSecrets(() => readSecretString(REGION, name)).get();
  } catch (error) {
    notes.push({
      provider: 'Secrets',
      status: 'fail',
      detail: `the provider secret ${name} could not be read: ${(error as Error)?.message}`,
      fix: 'the first cdk deploy makes it; fill it with aws secretsmanager put-secret-value',
    });
  }
  const siteUrl = options.siteUrl ?? (typeof context.siteUrl === 'string' ? context.siteUrl : undefined);
  const emailFrom = options.emailFrom ?? (typeof context.emailFrom === 'string' ? context.emailFrom : undefined);
  return {
    notes,
    settings: {
      stage: options.stage,
      ...(siteUrl ? { siteUrl } : {}),
      ...(emailFrom ? { emailFrom } : {}),
      voiceIds: parseVoiceIds(options.voiceIds ?? context.elevenlabsVoiceIds) ?? {},
      meterEventName: process.env.STRIPE_METER_EVENT_NAME ?? 'overage_minutes',
      lambdaConcurrencyNeeded: Math.ceil(phoneLambdaConcurrency(config.designSalons) * THROTTLE_HEADROOM),
      ...withBedrock(parseBedrockModelId(typeof context.bedrockModelId === 'string' ? context.bedrockModelId : undefined)),
      twilioLocation: twilioLocationFromContext(
        typeof context.twilioRegion === 'string' ? context.twilioRegion : undefined,
        typeof context.twilioEdge === 'string' ? context.twilioEdge : undefined,
      ),
      secrets,
    },
  };
}

const withBedrock = (modelId: string | undefined) => (modelId ? { bedrockModelId: modelId } : {});

function localSettings(options: PreflightOptions): PreflightSettings {
  const stateFile = join(options.dataDir, 'local-state.json');
  const state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { env?: Record<string, string> }).env : undefined;
  const env = { ...state, ...process.env };
  const siteUrl = options.siteUrl ?? env.SITE_URL;
  return {
    stage: 'local',
    ...(siteUrl ? { siteUrl } : {}),
    voiceIds: parseVoiceIds(options.voiceIds ?? env.ELEVENLABS_VOICE_IDS) ?? {},
    meterEventName: env.STRIPE_METER_EVENT_NAME ?? 'overage_minutes',
    lambdaConcurrencyNeeded: 0,
    twilioLocation: twilioLocationFromContext(env.TWILIO_REGION, env.TWILIO_EDGE),
    secrets: secretsFromEnvironment(env),
  };
}

/** A stage's settings (its provider secret and deploy context), or the local product's. */
export const settingsFor = (options: PreflightOptions) =>
  options.stage ? stageSettings({ ...options, stage: options.stage }) : Promise.resolve({ settings: localSettings(options), notes: [] as Check[] });

export async function preflightCommand(options: PreflightOptions, print: (line: string) => void = console.log): Promise<number> {
  const { settings, notes } = await settingsFor(options);
  print(
    `Preflight of ${settings.stage === 'local' ? 'the local product' : `stage ${settings.stage}`}${settings.siteUrl ? ` (${settings.siteUrl})` : ''}: read-only`,
  );
  const checks = [...notes, ...(await runPreflight(settings, { http: fetchHttp(), aws: options.stage ? awsReaders() : null }))];
  for (const check of checks) print(formatCheck(check));
  const toFix = checks.filter((check) => check.status === 'fail').length;
  print(toFix ? `${toFix} to fix (FAIL) before this stage takes real calls.` : 'Nothing to fix.');
  return exitCode(checks);
}
