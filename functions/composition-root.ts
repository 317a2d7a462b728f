import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config, type Config } from './config.js';
import { createSalonStore, type SalonStore } from './store/salon-store.js';
import { createSetupStore, type SetupStore } from './store/setup-store.js';
import { createEventPublisher, type EventPublisher } from './providers/eventbridge-events.js';
import { createCognitoIdentity, type Identity } from './providers/cognito-identity.js';
import { createS3Uploads, type Uploads } from './providers/s3-uploads.js';
import { lazyVoice, type VoicePort } from './providers/voice-port.js';
import { createElevenLabsVoice } from './providers/elevenlabs-voice.js';
import { createSandboxVoice } from './providers/sandbox-voice.js';
import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { lazyCalendar, type CalendarPort } from './providers/calendar-port.js';
import { createSandboxCalendar } from './providers/sandbox-calendar.js';
import { createProviderSecrets, googleCredentials, stripeCredentials, twilioCredentials, twilioVoiceCredentials } from './providers/provider-secrets.js';
import { lazyTelephony, type TelephonyPort } from './providers/telephony-port.js';
import { createSandboxTelephony } from './providers/sandbox-telephony.js';
import { unconfiguredTokenCipher, type TokenCipher } from './providers/token-cipher.js';
import { createKmsTokenCipher } from './providers/kms-token-cipher.js';
import { createLocalTokenCipher } from './providers/local-token-cipher.js';
import { createGoogleStore, type GoogleStore } from './store/google-store.js';
import { lazyExtractor, type PriceListExtractor } from './providers/price-list-extractor.js';
import { createOfflineExtractor } from './providers/offline-extraction.js';
import { createBookingStore, type BookingStore } from './store/booking-store.js';
import { createAgentStore, type AgentStore } from './store/agent-store.js';
import { lazySms, type SmsPort } from './providers/sms-port.js';
import { createSandboxSms } from './providers/sandbox-sms.js';
import { lazyEmail, type EmailPort } from './providers/email-port.js';
import { createSandboxEmail } from './providers/sandbox-email.js';
import { createOutboxStore, type OutboxStore } from './store/outbox-store.js';
import { createDeliveryClaims, type DeliveryClaims } from './store/delivery-claims.js';
import { createDeletedOwners, type DeletedOwners } from './store/deleted-owners.js';
import { createRateLimits, type RateLimits } from './store/rate-limits.js';
import { createCallStore, type CallStore } from './store/call-store.js';
import { createUsageStore, type UsageStore } from './store/usage-store.js';
import { createCallStatsStore, type CallStatsStore } from './store/call-stats-store.js';
import { createActivityStore, type ActivityStore } from './store/activity-store.js';
import { createConversationStore, type ConversationStore } from './store/conversation-store.js';
import { createSalonPartition, type SalonPartition } from './store/salon-partition.js';
import { lazyVoiceAgents, type VoiceAgentPort } from './providers/voice-agent-port.js';
import { createSandboxVoiceAgent } from './providers/sandbox-voice-agent.js';
import { lazyPayments, type PaymentsPort } from './providers/payments-port.js';
import { createSandboxPayments, type SandboxPayments } from './providers/sandbox-payments.js';
import { createSandboxStripeStore, createSubscriptionStore, type SubscriptionStore } from './store/subscription-store.js';

/**
 * The one place dependencies are built, chosen by configuration. Handlers ask for `deps()` and
 * never construct SDK clients themselves. Built lazily once per cold start.
 */
export interface Dependencies {
  config: Config;
  salons: SalonStore;
  /** Tombstones of deleted owners, whose unexpired tokens must not bring their salon back. */
  deletedOwners: DeletedOwners;
  setup: SetupStore;
  events: EventPublisher;
  identity: Identity;
  uploads: Uploads;
  voice: VoicePort;
  googleStore: GoogleStore;
  calendar: CalendarPort;
  tokenCipher: TokenCipher;
  /** Price-list extraction: Bedrock where BEDROCK_MODEL_ID is set, else the offline parser. */
  extractor: PriceListExtractor;
  /** Twilio when configured (env or provider secret), else the sandbox outbox; never the sandbox in prod. */
  sms: SmsPort;
  /** Twilio calls when an account is configured (env or provider secret), else the sandbox (local signing key); never the sandbox in prod. */
  telephony: TelephonyPort;
  /** SES when EMAIL_FROM is configured, else the sandbox outbox; never the sandbox in prod. */
  email: EmailPort;
  /** What the SMS and email sandboxes "sent" (the local outbox page lists it). */
  outbox: OutboxStore;
  /** Claims that make the message consumers send once per event. */
  deliveryClaims: DeliveryClaims;
  /** Appointments, stylist-day reservations, idempotency keys, callers' messages. */
  bookings: BookingStore;
  /** The salon's agent settings: the voice agent's secret (hash only) and the hosted agent's ids. */
  agents: AgentStore;
  /** Fixed-window counters behind the flood caps (messages per caller and salon, wrong secrets per source). */
  rateLimits: RateLimits;
  /** One record per call, merged from the telephony and voice-agent webhooks. */
  calls: CallStore;
  /** Minutes used per billing period, counted once per call. */
  usage: UsageStore;
  /** The dashboard's per-day call figures. */
  callStats: CallStatsStore;
  /** The dashboard's recent activity. */
  activity: ActivityStore;
  /** The salon's hosted voice agent: ElevenLabs when a key is configured, else the labelled sandbox; never the sandbox in prod. */
  voiceAgents: VoiceAgentPort;
  /** The sandbox receptionist's conversations between turns. */
  conversations: ConversationStore;
  /** Every item of a salon's partition, for the owner's data export. */
  salonPartition: SalonPartition;
  /** Subscriptions and the payment account: Stripe when a secret key is configured (env or provider secret), else the labelled sandbox; never the sandbox in prod. */
  payments: PaymentsPort;
  /** The payments sandbox itself, for its local pages (which refuse to serve unless `payments` is the sandbox). */
  paymentsSandbox: SandboxPayments;
  /** The subscription on the salon's profile, the payment account, applied Stripe events, the overage ledger. */
  billing: SubscriptionStore;
  /** The secret ElevenLabs signs post-call webhooks with (env locally, the provider secret in AWS); null when not set up. */
  elevenlabsWebhookSecret: () => Promise<string | null>;
  now: () => Date;
}

const localCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function build(settings: Config): Dependencies {
  const local = (endpoint: string | undefined) =>
    endpoint ? { endpoint, credentials: localCredentials, region: settings.AWS_REGION } : { region: settings.AWS_REGION };
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local(settings.DYNAMODB_ENDPOINT), maxAttempts: 3 }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const s3 = new S3Client({
    ...local(settings.S3_ENDPOINT),
    forcePathStyle: Boolean(settings.S3_ENDPOINT),
    // s3rver corrupts streamed uploads with the default checksum (docs/architecture.md, "Decisions").
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const eventBridge = new EventBridgeClient(local(settings.EVENTBRIDGE_ENDPOINT));
  const cognito = new CognitoIdentityProviderClient(local(settings.COGNITO_ENDPOINT));
  const googleStore = createGoogleStore(dynamo, settings.TABLE_NAME);
  const outbox = createOutboxStore(dynamo, settings.TABLE_NAME);
  // The provider secret is read once per cold start, on first use.
  const providerSecrets = settings.PROVIDER_SECRETS_ARN
    ? createProviderSecrets(new SecretsManagerClient({ region: settings.AWS_REGION }), settings.PROVIDER_SECRETS_ARN)
    : undefined;
  const paymentsSandbox = createSandboxPayments({ store: createSandboxStripeStore(dynamo, settings.TABLE_NAME), now: () => new Date() });
  return {
    config: settings,
    salons: createSalonStore(dynamo, settings.TABLE_NAME),
    billing: createSubscriptionStore(dynamo, settings.TABLE_NAME),
    paymentsSandbox,
    payments: lazyPayments(async () => {
      const stripe = await stripeCredentials(settings, providerSecrets);
      if (stripe) {
        const { createStripePayments } = await import('./providers/stripe-payments.js');
        return createStripePayments({ ...stripe, apiRoot: settings.STRIPE_API_ROOT });
      }
      if (settings.STAGE === 'prod') throw new Error('The Stripe secret key is missing: prod never uses the payments sandbox');
      return paymentsSandbox;
    }),
    calls: createCallStore(dynamo, settings.TABLE_NAME),
    usage: createUsageStore(dynamo, settings.TABLE_NAME),
    callStats: createCallStatsStore(dynamo, settings.TABLE_NAME),
    activity: createActivityStore(dynamo, settings.TABLE_NAME),
    conversations: createConversationStore(dynamo, settings.TABLE_NAME),
    salonPartition: createSalonPartition(dynamo, settings.TABLE_NAME),
    voiceAgents: lazyVoiceAgents(async () => {
      const apiKey = settings.ELEVENLABS_API_KEY ?? (await providerSecrets?.get())?.elevenlabsApiKey;
      if (apiKey) {
        const { createElevenLabsVoiceAgent } = await import('./providers/elevenlabs-voice-agent.js');
        return createElevenLabsVoiceAgent({ apiKey, voiceIds: settings.ELEVENLABS_VOICE_IDS, apiRoot: settings.ELEVENLABS_API_ROOT });
      }
      if (settings.STAGE === 'prod') throw new Error('The voice provider key is missing: prod never uses the voice agent sandbox');
      return createSandboxVoiceAgent({ siteUrl: settings.SITE_URL });
    }),
    elevenlabsWebhookSecret: async () => settings.ELEVENLABS_WEBHOOK_SECRET ?? (await providerSecrets?.get())?.elevenlabsWebhookSecret ?? null,
    deletedOwners: createDeletedOwners(dynamo, settings.TABLE_NAME),
    setup: createSetupStore(dynamo, settings.TABLE_NAME),
    events: createEventPublisher(eventBridge, settings.EVENT_BUS_NAME),
    // A Cognito endpoint is only ever set for the local stand-in (cognito-local).
    identity: createCognitoIdentity(cognito, settings.USER_POOL_ID, settings.USER_POOL_CLIENT_ID, { globalSignOut: !settings.COGNITO_ENDPOINT }),
    uploads: createS3Uploads(s3, settings.UPLOADS_BUCKET),
    // ElevenLabs when a key is configured (env locally, the provider secret in AWS), else the sandbox.
    voice: lazyVoice(async () => {
      const apiKey = settings.ELEVENLABS_API_KEY ?? (await providerSecrets?.get())?.elevenlabsApiKey;
      if (apiKey) return createElevenLabsVoice({ apiKey, voiceIds: settings.ELEVENLABS_VOICE_IDS, apiRoot: settings.ELEVENLABS_API_ROOT });
      if (settings.STAGE === 'prod') throw new Error('The voice provider key is missing: prod never uses the sandbox');
      return createSandboxVoice();
    }),
    googleStore,
    // Google when credentials are configured (env or provider secret), else the labelled sandbox.
    calendar: lazyCalendar(async () => {
      const google = await googleCredentials(settings, providerSecrets);
      if (google) {
        const { createGoogleCalendar } = await import('./providers/google-calendar.js');
        return createGoogleCalendar({ ...google, apiRoot: settings.GOOGLE_API_ROOT, oauthRoot: settings.GOOGLE_OAUTH_ROOT });
      }
      if (settings.STAGE === 'prod') throw new Error('Google Calendar credentials are missing: prod never uses the sandbox');
      return createSandboxCalendar({ store: googleStore, now: () => new Date() });
    }),
    tokenCipher: settings.TOKEN_KEY_ARN
      ? createKmsTokenCipher(new KMSClient({ region: settings.AWS_REGION }), settings.TOKEN_KEY_ARN)
      : settings.LOCAL_TOKEN_KEY_FILE
        ? createLocalTokenCipher(settings.LOCAL_TOKEN_KEY_FILE)
        : unconfiguredTokenCipher(),
    extractor: settings.BEDROCK_MODEL_ID
      ? lazyExtractor('bedrock', async () => {
          const { BedrockRuntimeClient } = await import('@aws-sdk/client-bedrock-runtime');
          const { createBedrockExtractor } = await import('./providers/bedrock-extraction.js');
          return createBedrockExtractor(new BedrockRuntimeClient({ region: settings.AWS_REGION, maxAttempts: 2 }), settings.BEDROCK_MODEL_ID!, createOfflineExtractor());
        })
      : createOfflineExtractor(),
    sms: lazySms(async () => {
      const twilio = await twilioCredentials(settings, providerSecrets);
      if (twilio) {
        const { createTwilioSms } = await import('./providers/twilio-sms.js');
        return createTwilioSms({ ...twilio, apiRoot: settings.TWILIO_API_ROOT });
      }
      if (settings.STAGE === 'prod') throw new Error('Twilio credentials are missing: prod never uses the SMS sandbox');
      return createSandboxSms(outbox);
    }),
    telephony: lazyTelephony(async () => {
      const twilio = await twilioVoiceCredentials(settings, providerSecrets);
      if (twilio) {
        const { createTwilioTelephony } = await import('./providers/twilio-telephony.js');
        return createTwilioTelephony({ ...twilio, apiRoot: settings.TWILIO_API_ROOT });
      }
      if (settings.STAGE === 'prod') throw new Error('Twilio credentials are missing: prod never uses the telephony sandbox');
      return createSandboxTelephony({ authTokenFile: settings.LOCAL_TWILIO_AUTH_TOKEN_FILE });
    }),
    email: lazyEmail(async () => {
      if (settings.EMAIL_FROM) {
        const { SESv2Client } = await import('@aws-sdk/client-sesv2');
        const { createSesEmail } = await import('./providers/ses-email.js');
        return createSesEmail(new SESv2Client({ region: settings.AWS_REGION, maxAttempts: 3 }), { from: settings.EMAIL_FROM });
      }
      if (settings.STAGE === 'prod') throw new Error('EMAIL_FROM is missing: prod never uses the email sandbox');
      return createSandboxEmail(outbox);
    }),
    outbox,
    deliveryClaims: createDeliveryClaims(dynamo, settings.TABLE_NAME),
    bookings: createBookingStore(dynamo, settings.TABLE_NAME),
    agents: createAgentStore(dynamo, settings.TABLE_NAME),
    rateLimits: createRateLimits(dynamo, settings.TABLE_NAME),
    now: () => new Date(),
  };
}

let built: Dependencies | undefined;

export function deps(): Dependencies {
  built ??= build(config());
  return built;
}

/** The local runtime and tests rebuild after changing the environment. */
export function resetDeps(): void {
  built = undefined;
}
