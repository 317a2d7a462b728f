import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { config, type Config } from './config.js';
import { createSalonStore, type SalonStore } from './store/salon-store.js';
import { createSetupStore, type SetupStore } from './store/setup-store.js';
import { createEventPublisher, type EventPublisher } from './providers/eventbridge-events.js';
import type { Identity } from './providers/cognito-identity.js';
import type { Uploads } from './providers/s3-uploads.js';
import type { VoicePort } from './providers/voice-port.js';
import { createSandboxVoice } from './providers/sandbox-voice.js';
import type { CalendarPort } from './providers/calendar-port.js';
import { createSandboxCalendar } from './providers/sandbox-calendar.js';
import { createSandboxCalendarStore } from './store/sandbox-calendar-store.js';
import { createCalendarMirrorStore, type CalendarMirrorStore } from './store/calendar-mirror-store.js';
import {
  createProviderSecrets,
  elevenlabsCredentials,
  googleCredentials,
  isMessagingService,
  stripeCredentials,
  twilioCredentials,
  twilioVoiceCredentials,
} from './providers/provider-secrets.js';
import type { TelephonyPort } from './providers/telephony-port.js';
import { createSandboxTelephony } from './providers/sandbox-telephony.js';
import { unconfiguredTokenCipher, type TokenCipher } from './providers/token-cipher.js';
import { createLocalTokenCipher } from './providers/local-token-cipher.js';
import { createGoogleStore, type GoogleStore } from './store/google-store.js';
import type { PriceListExtractor } from './providers/price-list-extractor.js';
import { createBookingStore, type BookingStore } from './store/booking-store.js';
import { createAgentStore, type AgentStore } from './store/agent-store.js';
import type { SmsPort } from './providers/sms-port.js';
import { createSandboxSms } from './providers/sandbox-sms.js';
import type { EmailPort } from './providers/email-port.js';
import { createSandboxEmail } from './providers/sandbox-email.js';
import { createOutboxStore, type OutboxStore } from './store/outbox-store.js';
import { createDeliveryClaims, type DeliveryClaims } from './store/delivery-claims.js';
import { createDeletedOwners, type DeletedOwners } from './store/deleted-owners.js';
import { createRateLimits, type RateLimits } from './store/rate-limits.js';
import { createCallStore, type CallStore } from './store/call-store.js';
import { createUsageStore, type UsageStore } from './store/usage-store.js';
import { createTestCallStore, type TestCallStore } from './store/test-call-store.js';
import { createCallStatsStore, type CallStatsStore } from './store/call-stats-store.js';
import { createActivityStore, type ActivityStore } from './store/activity-store.js';
import { createConversationStore, type ConversationStore } from './store/conversation-store.js';
import { createSalonPartition, type SalonPartition } from './store/salon-partition.js';
import type { VoiceAgentPort } from './providers/voice-agent-port.js';
import { createSandboxVoiceAgent } from './providers/sandbox-voice-agent.js';
import type { PaymentsPort } from './providers/payments-port.js';
import { createSandboxPayments, type SandboxPayments } from './providers/sandbox-payments.js';
import { lazyAdapter } from './providers/choose-once.js';
import { createSandboxStripeStore } from './store/sandbox-stripe-store.js';
import { createSubscriptionStore, type SubscriptionStore } from './store/subscription-store.js';
import { createSmsReplyStore, type SmsReplyStore } from './store/sms-reply-store.js';
import { respectingOptOuts } from './core/replies/opt-outs.js';

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
  /** Each connected calendar's busy time, kept in sync with Google (functions/core/calendar/mirror.ts). */
  calendarMirrors: CalendarMirrorStore;
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
  /** Callers' STOPs and the questions the salon's texts asked them (replies to reminders and offers). */
  smsReplies: SmsReplyStore;
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
  /** The salon's one open sandbox test call, bounded by its free test minutes. */
  testCalls: TestCallStore;
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

/** s3rver knows only this pair; the other local stand-ins take the data folder's key from the environment. */
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Every adapter below that talks to a vendor, and every AWS client only some routes use, is
 * imported inside its `lazyAdapter` choice: a Lambda loads it on the first call that needs it,
 * never on a cold start (docs/architecture.md, "Cold starts"). Only the table's client and the
 * event bus, which nearly every route uses, are built up front.
 */
function build(settings: Config): Dependencies {
  const local = (endpoint: string | undefined) => (endpoint ? { endpoint, region: settings.AWS_REGION } : { region: settings.AWS_REGION });
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local(settings.DYNAMODB_ENDPOINT), maxAttempts: 3 }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const eventBridge = new EventBridgeClient(local(settings.EVENTBRIDGE_ENDPOINT));
  const googleStore = createGoogleStore(dynamo, settings.TABLE_NAME);
  const outbox = createOutboxStore(dynamo, settings.TABLE_NAME);
  const smsReplies = createSmsReplyStore(dynamo, settings.TABLE_NAME);
  // The provider secret is read once per cold start, on first use.
  const secretArn = settings.PROVIDER_SECRETS_ARN;
  const providerSecrets = secretArn
    ? createProviderSecrets(async () => (await import('./providers/secrets-manager-secret.js')).readSecretString(settings.AWS_REGION, secretArn))
    : undefined;
  const paymentsSandbox = createSandboxPayments({ store: createSandboxStripeStore(dynamo, settings.TABLE_NAME), now: () => new Date() });
  const offlineExtractor = async () => (await import('./providers/offline-extraction.js')).createOfflineExtractor();
  return {
    config: settings,
    salons: createSalonStore(dynamo, settings.TABLE_NAME),
    billing: createSubscriptionStore(dynamo, settings.TABLE_NAME),
    paymentsSandbox,
    payments: lazyAdapter(
      async () => {
        const stripe = await stripeCredentials(settings, providerSecrets);
        if (stripe) {
          const { createStripePayments } = await import('./providers/stripe-payments.js');
          return createStripePayments({ ...stripe, apiRoot: settings.STRIPE_API_ROOT });
        }
        if (settings.STAGE === 'prod') throw new Error('The Stripe secret key is missing: prod never uses the payments sandbox');
        return paymentsSandbox;
      },
      {
        provider: true,
        priceIds: true,
        webhookSecrets: true,
        createCustomer: true,
        createCheckoutSession: true,
        expireCheckoutSession: true,
        cancelAndRefundSubscription: true,
        createPortalSession: true,
        createConnectAccount: true,
        createOnboardingLink: true,
        createDashboardLink: true,
        reportMeterEvent: true,
        createDepositCheckout: true,
        expireDepositCheckout: true,
        refundDeposit: true,
        cancelSubscription: true,
        deleteCustomer: true,
      },
    ),
    calls: createCallStore(dynamo, settings.TABLE_NAME),
    usage: createUsageStore(dynamo, settings.TABLE_NAME),
    callStats: createCallStatsStore(dynamo, settings.TABLE_NAME),
    activity: createActivityStore(dynamo, settings.TABLE_NAME),
    conversations: createConversationStore(dynamo, settings.TABLE_NAME),
    testCalls: createTestCallStore(dynamo, settings.TABLE_NAME),
    salonPartition: createSalonPartition(dynamo, settings.TABLE_NAME),
    voiceAgents: lazyAdapter(
      async () => {
        const elevenlabs = await elevenlabsCredentials(settings, providerSecrets);
        if (elevenlabs) {
          const { createElevenLabsVoiceAgent } = await import('./providers/elevenlabs-voice-agent.js');
          return createElevenLabsVoiceAgent({ ...elevenlabs, voiceIds: settings.ELEVENLABS_VOICE_IDS });
        }
        if (settings.STAGE === 'prod') throw new Error('The voice provider key is missing: prod never uses the voice agent sandbox');
        return createSandboxVoiceAgent({ siteUrl: settings.SITE_URL });
      },
      { provider: true, create: true, update: true, replaceSecret: true, remove: true, registerCall: true, conversationState: true },
    ),
    elevenlabsWebhookSecret: async () => settings.ELEVENLABS_WEBHOOK_SECRET ?? (await providerSecrets?.get())?.elevenlabsWebhookSecret ?? null,
    deletedOwners: createDeletedOwners(dynamo, settings.TABLE_NAME),
    setup: createSetupStore(dynamo, settings.TABLE_NAME),
    events: createEventPublisher(eventBridge, settings.EVENT_BUS_NAME),
    identity: lazyAdapter(
      async () => {
        const [{ CognitoIdentityProviderClient }, { createCognitoIdentity }] = await Promise.all([
          import('@aws-sdk/client-cognito-identity-provider'),
          import('./providers/cognito-identity.js'),
        ]);
        const cognito = new CognitoIdentityProviderClient(local(settings.COGNITO_ENDPOINT));
        // A Cognito endpoint is only ever set for the local stand-in (cognito-local).
        return createCognitoIdentity(cognito, settings.USER_POOL_ID, settings.USER_POOL_CLIENT_ID, { globalSignOut: !settings.COGNITO_ENDPOINT });
      },
      { getUser: true, passwordMatches: true, signOutEverywhere: true, deleteUser: true },
    ),
    uploads: lazyAdapter(
      async () => {
        const [{ S3Client }, { createS3Uploads }] = await Promise.all([import('@aws-sdk/client-s3'), import('./providers/s3-uploads.js')]);
        const s3 = new S3Client({
          ...local(settings.S3_ENDPOINT),
          ...(settings.S3_ENDPOINT ? { credentials: s3rverCredentials } : {}),
          forcePathStyle: Boolean(settings.S3_ENDPOINT),
          // s3rver corrupts streamed uploads with the default checksum (docs/architecture.md, "Decisions").
          requestChecksumCalculation: 'WHEN_REQUIRED',
        });
        return createS3Uploads(s3, settings.UPLOADS_BUCKET);
      },
      { deleteSalonObjects: true, putSalonObject: true },
    ),
    // ElevenLabs when a key is configured (env locally, the provider secret in AWS), in the EU workspace unless told otherwise, else the sandbox.
    voice: lazyAdapter(
      async () => {
        const elevenlabs = await elevenlabsCredentials(settings, providerSecrets);
        if (elevenlabs) {
          const { createElevenLabsVoice } = await import('./providers/elevenlabs-voice.js');
          return createElevenLabsVoice({ ...elevenlabs, voiceIds: settings.ELEVENLABS_VOICE_IDS });
        }
        if (settings.STAGE === 'prod') throw new Error('The voice provider key is missing: prod never uses the sandbox');
        return createSandboxVoice();
      },
      { previewUrl: true },
    ),
    googleStore,
    calendarMirrors: createCalendarMirrorStore(dynamo, settings.TABLE_NAME),
    // Google when credentials are configured (env or provider secret), else the labelled sandbox.
    calendar: lazyAdapter(
      async () => {
        const google = await googleCredentials(settings, providerSecrets);
        if (google) {
          const { createGoogleCalendar } = await import('./providers/google-calendar.js');
          return createGoogleCalendar({ ...google, apiRoot: settings.GOOGLE_API_ROOT, oauthRoot: settings.GOOGLE_OAUTH_ROOT });
        }
        if (settings.STAGE === 'prod') throw new Error('Google Calendar credentials are missing: prod never uses the sandbox');
        return createSandboxCalendar({
          store: googleStore,
          channels: createSandboxCalendarStore(dynamo, settings.TABLE_NAME),
          now: () => new Date(),
          latencyMs: settings.SANDBOX_CALENDAR_LATENCY_MS,
        });
      },
      { provider: true, authorizationUrl: true, exchangeCode: true, listCalendars: true, freeBusy: true, createEvent: true, deleteEvent: true, revoke: true, listEvents: true, watch: true, stopChannel: true },
    ),
    tokenCipher: lazyAdapter(
      async () => {
        if (settings.TOKEN_KEY_ARN) {
          const [{ KMSClient }, { createKmsTokenCipher }] = await Promise.all([import('@aws-sdk/client-kms'), import('./providers/kms-token-cipher.js')]);
          return createKmsTokenCipher(new KMSClient({ region: settings.AWS_REGION }), settings.TOKEN_KEY_ARN);
        }
        if (settings.LOCAL_TOKEN_KEY_FILE) return createLocalTokenCipher(settings.LOCAL_TOKEN_KEY_FILE);
        return unconfiguredTokenCipher();
      },
      { encrypt: true, decrypt: true },
    ),
    extractor: lazyAdapter(
      async () => {
        const modelId = settings.BEDROCK_MODEL_ID;
        if (!modelId) return offlineExtractor();
        const [{ BedrockRuntimeClient }, { createBedrockExtractor }] = await Promise.all([
          import('@aws-sdk/client-bedrock-runtime'),
          import('./providers/bedrock-extraction.js'),
        ]);
        return createBedrockExtractor(new BedrockRuntimeClient({ region: settings.AWS_REGION, maxAttempts: 2 }), modelId, await offlineExtractor());
      },
      { extractServices: true, suggestDurations: true },
    ),
    // Every text checks the salon's STOP list first, whichever path sends it.
    sms: respectingOptOuts(
      lazyAdapter(
        async () => {
          const twilio = await twilioCredentials(settings, providerSecrets);
          if (twilio && settings.STAGE === 'prod' && !isMessagingService(twilio.from)) {
            throw new Error('prod sends SMS through a Messaging Service (twilioMessagingServiceSid, MG…), never from a single number');
          }
          if (twilio) {
            const { createTwilioSms } = await import('./providers/twilio-sms.js');
            return createTwilioSms({ ...twilio, apiRoot: settings.TWILIO_API_ROOT });
          }
          if (settings.STAGE === 'prod') throw new Error('Twilio credentials are missing: prod never uses the SMS sandbox');
          return createSandboxSms(outbox);
        },
        { provider: true, send: true },
      ),
      smsReplies,
    ),
    telephony: lazyAdapter(
      async () => {
        const twilio = await twilioVoiceCredentials(settings, providerSecrets);
        if (twilio) {
          const { createTwilioTelephony } = await import('./providers/twilio-telephony.js');
          return createTwilioTelephony({ ...twilio, apiRoot: settings.TWILIO_API_ROOT });
        }
        if (settings.STAGE === 'prod') throw new Error('Twilio credentials are missing: prod never uses the telephony sandbox');
        return createSandboxTelephony({ authTokenFile: settings.LOCAL_TWILIO_AUTH_TOKEN_FILE });
      },
      { provider: true, verifyWebhook: true, clientToken: true, endConference: true, callState: true, redirectCall: true, pointNumberAt: true },
    ),
    email: lazyAdapter(
      async () => {
        if (settings.EMAIL_FROM) {
          const [{ SESv2Client }, { createSesEmail }] = await Promise.all([import('@aws-sdk/client-sesv2'), import('./providers/ses-email.js')]);
          return createSesEmail(new SESv2Client({ region: settings.AWS_REGION, maxAttempts: 3 }), { from: settings.EMAIL_FROM });
        }
        if (settings.STAGE === 'prod') throw new Error('EMAIL_FROM is missing: prod never uses the email sandbox');
        return createSandboxEmail(outbox);
      },
      { provider: true, send: true },
    ),
    outbox,
    smsReplies,
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
