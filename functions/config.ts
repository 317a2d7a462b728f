import * as z from 'zod';
import { planPriceIdsJsonSchema } from './core/plans.js';
import { ELEVENLABS_EU_API_ROOT, isEuApiRoot } from './providers/elevenlabs-residency.js';
import { twilioLocation, twilioRegionSchema } from './providers/twilio-region.js';

/**
 * Runtime configuration, parsed once per cold start. In AWS the CDK stack sets these; locally
 * local/main.ts sets them before loading any handler. Only names and ARNs live here, never secrets.
 */
const configSchema = z
  .object({
    STAGE: z.string().min(1).default('local'),
    AWS_REGION: z.string().min(1).default('eu-west-1'),
    TABLE_NAME: z.string().min(1),
    UPLOADS_BUCKET: z.string().min(1),
    EVENT_BUS_NAME: z.string().min(1),
    USER_POOL_ID: z.string().min(1),
    USER_POOL_CLIENT_ID: z.string().min(1),
    SITE_URL: z.url(),
    /**
     * Local runtime only: the origins it also answers on (localhost, 127.0.0.1, [::1]; comma
     * separated). To a browser's cookies each is another site, so an OAuth round trip started on
     * one of them must come back to it rather than to SITE_URL.
     */
    LOCAL_SITE_ORIGINS: z
      .string()
      .default('')
      .transform((text) => text.split(',').filter(Boolean))
      .pipe(z.array(z.url())),
    /** Local stand-in endpoints; absent in AWS. */
    DYNAMODB_ENDPOINT: z.url().optional(),
    S3_ENDPOINT: z.url().optional(),
    COGNITO_ENDPOINT: z.url().optional(),
    EVENTBRIDGE_ENDPOINT: z.url().optional(),
    /** KMS key that encrypts calendar refresh tokens (AWS). */
    TOKEN_KEY_ARN: z.string().min(1).optional(),
    /** Local stand-in for the KMS key: a file holding a 32-byte key (npm start creates it). */
    LOCAL_TOKEN_KEY_FILE: z.string().min(1).optional(),
    /** Secrets Manager ARN of the provider credentials JSON (Google client, ElevenLabs, Twilio, Stripe). */
    PROVIDER_SECRETS_ARN: z.string().min(1).optional(),
    /** Provider credentials given directly, for running locally against the real providers. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Where googleapis sends requests; only tests point it at a local fake Google. */
    GOOGLE_API_ROOT: z.url().optional(),
    GOOGLE_OAUTH_ROOT: z.url().optional(),
    ELEVENLABS_API_KEY: z.string().min(1).optional(),
    /** The ElevenLabs workspace's API root; default the EU residency workspace (in AWS the provider secret may name another, never in prod). */
    ELEVENLABS_API_ROOT: z.url().optional(),
    /** Signs ElevenLabs' post-call webhooks (the workspace's webhook secret); in AWS it is in the provider secret. */
    ELEVENLABS_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Our voice ids (functions/contracts/voice-settings.ts VOICES) → the provider's voice ids, as JSON. */
    ELEVENLABS_VOICE_IDS: z
      .string()
      .default('{}')
      .transform((text, ctx) => {
        try {
          return z.record(z.string(), z.string()).parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object of voice id → provider voice id' });
          return z.NEVER;
        }
      }),
    /** Bedrock model for price-list extraction; unset means the offline parser only. */
    BEDROCK_MODEL_ID: z.string().min(1).optional(),
    /** Twilio for SMS, given directly (locally); in AWS the provider secret holds them. */
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The sending Messaging Service (MG…, required in prod) or, outside prod, a number (E.164). */
    TWILIO_FROM_NUMBER: z.string().min(1).optional(),
    /** The Twilio Region that processes and keeps calls and texts, and the edge it is reached through (providers/twilio-region.ts); the secret's credentials must be that region's. */
    TWILIO_REGION: twilioRegionSchema.default('us1'),
    TWILIO_EDGE: z.string().min(1).optional(),
    /** Where the twilio SDK sends requests; only tests point it at a local fake Twilio. */
    TWILIO_API_ROOT: z.url().optional(),
    /** Browser test calls, given directly (locally): the TwiML app (AP…) and the API key (SK…) tokens are signed with. */
    TWILIO_TWIML_APP_SID: z.string().min(1).optional(),
    TWILIO_API_KEY_SID: z.string().min(1).optional(),
    TWILIO_API_KEY_SECRET: z.string().min(1).optional(),
    /** Buying Irish numbers for the pool, given directly (locally): the approved regulatory bundle and its address. */
    TWILIO_BUNDLE_SID: z
      .string()
      .regex(/^BU[0-9a-f]{32}$/)
      .optional(),
    TWILIO_ADDRESS_SID: z
      .string()
      .regex(/^AD[0-9a-f]{32}$/)
      .optional(),
    /**
     * Where salons reach us (the stage's context `supportEmail`): the support form's messages go
     * there and every page that promises support shows it.
     */
    SUPPORT_EMAIL: z.email().default('support@salondesk.ie'),
    /** The pool is low below this many free numbers: the operator's alarm fires, and the number job says so. */
    NUMBER_POOL_LOW: z.coerce.number().int().min(0).max(1000).default(5),
    /** Local stand-in for the Twilio auth token that signs voice webhooks: a file npm start creates. */
    LOCAL_TWILIO_AUTH_TOKEN_FILE: z.string().min(1).optional(),
    /** Stripe, given directly (locally); in AWS the provider secret holds them. Without a secret key, payments are the sandbox. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Signs the account's webhook events (`whsec_…`) sent to /api/stripe/webhook. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Signs the Connect endpoint's events (connected accounts' `account.updated`), when it is a separate endpoint. */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** The stage's Stripe price per plan, as JSON `{"starter":"price_…","growth":"price_…","business":"price_…"}`. */
    PLAN_PRICE_IDS: planPriceIdsJsonSchema.optional(),
    /** The metered price for minutes past the plan (its meter counts STRIPE_METER_EVENT_NAME), added to each checkout when set. */
    STRIPE_OVERAGE_PRICE_ID: z.string().min(1).optional(),
    /** The Billing Meter's event name that overage minutes are reported under. */
    STRIPE_METER_EVENT_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .default('overage_minutes'),
    /** Where the stripe SDK sends requests; only tests point it at a local fake Stripe. */
    STRIPE_API_ROOT: z.url().optional(),
    /** Local runs, tests and benches: how long every sandbox calendar call waits, as Google would take (ms). */
    SANDBOX_CALENDAR_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    /** Verified SES identity emails are sent from; unset means the email sandbox (not allowed in prod). */
    EMAIL_FROM: z.email().optional(),
  })
  .superRefine((config, ctx) => {
    try {
      twilioLocation(config);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_EDGE'], message: (error as Error).message });
    }
    if (config.STAGE !== 'prod') return;
    // A production stage must never run against local stand-ins or sandboxes.
    for (const key of ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'COGNITO_ENDPOINT', 'EVENTBRIDGE_ENDPOINT'] as const) {
      if (config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'local endpoint not allowed in prod' });
    }
    if (config.LOCAL_SITE_ORIGINS.length) {
      ctx.addIssue({ code: 'custom', path: ['LOCAL_SITE_ORIGINS'], message: 'prod is served from SITE_URL only' });
    }
    if (config.LOCAL_TOKEN_KEY_FILE) {
      ctx.addIssue({ code: 'custom', path: ['LOCAL_TOKEN_KEY_FILE'], message: 'prod must encrypt tokens with KMS' });
    }
    if (config.LOCAL_TWILIO_AUTH_TOKEN_FILE) {
      ctx.addIssue({ code: 'custom', path: ['LOCAL_TWILIO_AUTH_TOKEN_FILE'], message: 'prod checks webhooks with the Twilio account' });
    }
    if (config.USER_POOL_ID.startsWith('local_')) {
      ctx.addIssue({ code: 'custom', path: ['USER_POOL_ID'], message: 'local user pool not allowed in prod' });
    }
    if (config.ELEVENLABS_API_ROOT && !isEuApiRoot(config.ELEVENLABS_API_ROOT)) {
      ctx.addIssue({ code: 'custom', path: ['ELEVENLABS_API_ROOT'], message: `prod keeps voice data in the EU (${ELEVENLABS_EU_API_ROOT})` });
    }
    if (!config.SITE_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'prod site must be served over https' });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** Every variable the configuration reads, so a test can start from none of them set. */
export const CONFIG_KEYS = Object.keys(configSchema.shape) as readonly (keyof Config)[];

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests and the local runtime change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
