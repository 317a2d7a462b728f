import * as z from 'zod';
import { planPriceIdsSchema, type PlanPriceIds } from '../core/plans.js';
import { ELEVENLABS_EU_API_ROOT, isEuApiRoot } from './elevenlabs-residency.js';

/**
 * The provider credentials secret (Secrets Manager, JSON), read once per cold start. Only its ARN
 * is configuration; the values never reach the environment or a log line. Other providers'
 * fields may be present: they are kept for their adapters.
 */
const providerSecretsSchema = z.looseObject({
  googleClientId: z.string().min(1).optional(),
  googleClientSecret: z.string().min(1).optional(),
  elevenlabsApiKey: z.string().min(1).optional(),
  elevenlabsWebhookSecret: z.string().min(1).optional(),
  /** The ElevenLabs workspace's API root; absent means the EU residency workspace (the key must be one of its keys). */
  elevenlabsApiRoot: z.url().optional(),
  twilioAccountSid: z.string().min(1).optional(),
  twilioAuthToken: z.string().min(1).optional(),
  twilioFromNumber: z.string().min(1).optional(),
  /** The Messaging Service (MG…) texts go out through: its pool of numbers shares the load (one number sends one segment a second). */
  twilioMessagingServiceSid: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/)
    .optional(),
  twilioTwimlAppSid: z.string().min(1).optional(),
  twilioApiKeySid: z.string().min(1).optional(),
  twilioApiKeySecret: z.string().min(1).optional(),
  /** Buying Irish numbers for the pool: the account's approved regulatory bundle (BU…) and the Irish address (AD…) it names. */
  twilioBundleSid: z
    .string()
    .regex(/^BU[0-9a-f]{32}$/)
    .optional(),
  twilioAddressSid: z
    .string()
    .regex(/^AD[0-9a-f]{32}$/)
    .optional(),
  stripeSecretKey: z.string().min(1).optional(),
  stripeWebhookSecret: z.string().min(1).optional(),
  stripeConnectWebhookSecret: z.string().min(1).optional(),
  stripePriceIds: planPriceIdsSchema.optional(),
  stripeOveragePriceId: z.string().min(1).optional(),
});

export type ProviderSecrets = z.infer<typeof providerSecretsSchema>;

export interface ProviderSecretsSource {
  get(): Promise<ProviderSecrets>;
}

/** `readText` fetches the secret's JSON text (secrets-manager-secret.ts in AWS). */
export function createProviderSecrets(readText: () => Promise<string | undefined>): ProviderSecretsSource {
  let cached: Promise<ProviderSecrets> | undefined;
  async function read(): Promise<ProviderSecrets> {
    const text = await readText();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text ?? '');
    } catch {
      throw new Error('The provider secret is not JSON');
    }
    const checked = providerSecretsSchema.safeParse(parsed);
    if (!checked.success) throw new Error(`The provider secret has the wrong shape: ${checked.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
    return checked.data;
  }
  return {
    get() {
      // A failed read is not cached: the next request tries again.
      cached ??= read().catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
      return cached;
    },
  };
}

/**
 * The Google OAuth client to use: given directly (GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET, for
 * running locally against the real Google), else from the provider secret; null means sandbox.
 */
export async function googleCredentials(
  settings: { GOOGLE_CLIENT_ID?: string; GOOGLE_CLIENT_SECRET?: string },
  secrets: ProviderSecretsSource | undefined,
): Promise<{ clientId: string; clientSecret: string } | null> {
  if (settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET) {
    return { clientId: settings.GOOGLE_CLIENT_ID, clientSecret: settings.GOOGLE_CLIENT_SECRET };
  }
  if (!secrets) return null;
  const { googleClientId, googleClientSecret } = await secrets.get();
  return googleClientId && googleClientSecret ? { clientId: googleClientId, clientSecret: googleClientSecret } : null;
}

export class ProviderResidencyError extends Error {}

/**
 * The ElevenLabs workspace: the key given directly (ELEVENLABS_API_KEY, locally) or from the
 * provider secret, and its API root (ELEVENLABS_API_ROOT, else the secret's `elevenlabsApiRoot`,
 * else the EU residency workspace). Prod refuses any other root: we promise salons that their
 * data is stored in the EU (README, "Where each vendor keeps which data"). Null means sandbox.
 */
export async function elevenlabsCredentials(
  settings: { STAGE: string; ELEVENLABS_API_KEY?: string; ELEVENLABS_API_ROOT?: string },
  secrets: ProviderSecretsSource | undefined,
): Promise<{ apiKey: string; apiRoot: string } | null> {
  const stored = settings.ELEVENLABS_API_KEY ? undefined : await secrets?.get();
  const apiKey = settings.ELEVENLABS_API_KEY ?? stored?.elevenlabsApiKey;
  if (!apiKey) return null;
  const apiRoot = settings.ELEVENLABS_API_ROOT ?? stored?.elevenlabsApiRoot ?? ELEVENLABS_EU_API_ROOT;
  if (settings.STAGE === 'prod' && !isEuApiRoot(apiRoot)) {
    throw new ProviderResidencyError(`ElevenLabs at ${new URL(apiRoot).origin} keeps data outside the EU: prod uses ${ELEVENLABS_EU_API_ROOT} only`);
  }
  return { apiKey, apiRoot };
}

/**
 * The Twilio account to send SMS with: given directly (TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN +
 * TWILIO_FROM_NUMBER, locally), else from the provider secret; `from` is the Messaging Service
 * when one is set, else the number. Null means sandbox.
 */
export async function twilioCredentials(
  settings: { TWILIO_ACCOUNT_SID?: string; TWILIO_AUTH_TOKEN?: string; TWILIO_FROM_NUMBER?: string },
  secrets: ProviderSecretsSource | undefined,
): Promise<{ accountSid: string; authToken: string; from: string } | null> {
  if (settings.TWILIO_ACCOUNT_SID && settings.TWILIO_AUTH_TOKEN && settings.TWILIO_FROM_NUMBER) {
    return { accountSid: settings.TWILIO_ACCOUNT_SID, authToken: settings.TWILIO_AUTH_TOKEN, from: settings.TWILIO_FROM_NUMBER };
  }
  if (!secrets) return null;
  const { twilioAccountSid, twilioAuthToken, twilioFromNumber, twilioMessagingServiceSid } = await secrets.get();
  const from = twilioMessagingServiceSid ?? twilioFromNumber;
  return twilioAccountSid && twilioAuthToken && from ? { accountSid: twilioAccountSid, authToken: twilioAuthToken, from } : null;
}

/** Prod texts through a Messaging Service: from one number, deposit links queue behind each other at one segment a second. */
export { isMessagingServiceSid as isMessagingService } from './twilio-opt-out.js';

/**
 * The Twilio account for calls: the account SID and auth token (which also check webhook
 * signatures) given directly, else from the provider secret; the API key and TwiML app for the
 * browser test call may be absent (client tokens then fail, nothing else does). Null means sandbox.
 */
export async function twilioVoiceCredentials(
  settings: {
    TWILIO_ACCOUNT_SID?: string;
    TWILIO_AUTH_TOKEN?: string;
    TWILIO_TWIML_APP_SID?: string;
    TWILIO_API_KEY_SID?: string;
    TWILIO_API_KEY_SECRET?: string;
    TWILIO_BUNDLE_SID?: string;
    TWILIO_ADDRESS_SID?: string;
  },
  secrets: ProviderSecretsSource | undefined,
): Promise<{
  accountSid: string;
  authToken: string;
  twimlAppSid?: string;
  apiKeySid?: string;
  apiKeySecret?: string;
  numberPurchase?: { bundleSid: string; addressSid: string };
} | null> {
  const stored = settings.TWILIO_ACCOUNT_SID && settings.TWILIO_AUTH_TOKEN ? undefined : await secrets?.get();
  const accountSid = settings.TWILIO_ACCOUNT_SID ?? stored?.twilioAccountSid;
  const authToken = settings.TWILIO_AUTH_TOKEN ?? stored?.twilioAuthToken;
  if (!accountSid || !authToken) return null;
  const optional = {
    twimlAppSid: settings.TWILIO_TWIML_APP_SID ?? stored?.twilioTwimlAppSid,
    apiKeySid: settings.TWILIO_API_KEY_SID ?? stored?.twilioApiKeySid,
    apiKeySecret: settings.TWILIO_API_KEY_SECRET ?? stored?.twilioApiKeySecret,
  };
  const bundleSid = settings.TWILIO_BUNDLE_SID ?? stored?.twilioBundleSid;
  const addressSid = settings.TWILIO_ADDRESS_SID ?? stored?.twilioAddressSid;
  return {
    accountSid,
    authToken,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    ...(bundleSid && addressSid ? { numberPurchase: { bundleSid, addressSid } } : {}),
  };
}

export interface StripeCredentials {
  secretKey: string;
  /** The secrets webhook events may be signed with: the account endpoint's, then the Connect endpoint's. */
  webhookSecrets: string[];
  priceIds: PlanPriceIds | null;
  overagePriceId?: string;
}

/**
 * The Stripe account: the secret key and webhook secrets given directly (STRIPE_SECRET_KEY, …,
 * locally), else from the provider secret; price ids from PLAN_PRICE_IDS, else the secret's
 * `stripePriceIds`. Null (no secret key) means sandbox.
 */
export async function stripeCredentials(
  settings: {
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    STRIPE_CONNECT_WEBHOOK_SECRET?: string;
    PLAN_PRICE_IDS?: PlanPriceIds;
    STRIPE_OVERAGE_PRICE_ID?: string;
  },
  secrets: ProviderSecretsSource | undefined,
): Promise<StripeCredentials | null> {
  const stored = settings.STRIPE_SECRET_KEY ? undefined : await secrets?.get();
  const secretKey = settings.STRIPE_SECRET_KEY ?? stored?.stripeSecretKey;
  if (!secretKey) return null;
  const webhookSecrets = settings.STRIPE_SECRET_KEY
    ? [settings.STRIPE_WEBHOOK_SECRET, settings.STRIPE_CONNECT_WEBHOOK_SECRET]
    : [stored?.stripeWebhookSecret, stored?.stripeConnectWebhookSecret];
  const overagePriceId = settings.STRIPE_OVERAGE_PRICE_ID ?? stored?.stripeOveragePriceId;
  return {
    secretKey,
    webhookSecrets: webhookSecrets.filter((secret): secret is string => Boolean(secret)),
    priceIds: settings.PLAN_PRICE_IDS ?? stored?.stripePriceIds ?? null,
    ...(overagePriceId ? { overagePriceId } : {}),
  };
}
