import { config, type Config } from './config.js';
import { createTableClient } from './store/dynamo.js';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createSalonStore } from './store/salon-store.js';
import { createSetupStore } from './store/setup-store.js';
import { createCalendarMirrorStore } from './store/calendar-mirror-store.js';
import {
  createProviderSecrets,
  elevenlabsCredentials,
  googleCredentials,
  isMessagingService,
  stripeCredentials,
  twilioCredentials,
  twilioVoiceCredentials,
} from './providers/provider-secrets.js';
import { createNumberStore } from './store/number-store.js';
import { createDiallingStore } from './store/dialling-store.js';
import { unconfiguredTokenCipher } from './providers/token-cipher.js';
import { createGoogleStore } from './store/google-store.js';
import { createBookingStore } from './store/booking-store.js';
import { createAgentStore } from './store/agent-store.js';
import { createOutboxStore } from './store/outbox-store.js';
import { createDeliveryClaims } from './store/delivery-claims.js';
import { createDeletedOwners } from './store/deleted-owners.js';
import { createRateLimits } from './store/rate-limits.js';
import { createCallStore } from './store/call-store.js';
import { createUsageStore } from './store/usage-store.js';
import { createTestCallStore } from './store/test-call-store.js';
import { createCallStatsStore } from './store/call-stats-store.js';
import { createActivityStore } from './store/activity-store.js';
import { createConversationStore } from './store/conversation-store.js';
import { createSalonPartition } from './store/salon-partition.js';
import { partitionLayout } from './store/partition-layout.js';
import { chooseAdapter, lazyAdapter } from './providers/lazy-adapter.js';
import { createSubscriptionStore } from './store/subscription-store.js';
import { createSmsReplyStore } from './store/sms-reply-store.js';
import { createSmsRoutingStore } from './store/sms-routing-store.js';
import { notingSenders } from './core/replies/texted-by.js';
import { respectingOptOuts } from './core/replies/opt-outs.js';
import { rememberingSubjects } from './core/replies/last-text.js';
import type { Ports } from './core/ports.js';
import { twilioLocation } from './providers/twilio-region.js';

/**
 * The one place dependencies are built, chosen by configuration: core's ports (functions/core/ports.ts)
 * and what only the handlers use. Handlers ask for `deps()` and never construct SDK clients
 * themselves. Built lazily once per cold start.
 */
export interface Dependencies extends Ports {
  config: Config;
  /** The secret ElevenLabs signs post-call webhooks with (env locally, the provider secret in AWS); null when not set up. */
  elevenlabsWebhookSecret: () => Promise<string | null>;
}

/**
 * The vendor ports' stand-ins, each made on the port's first call when its vendor is not
 * configured. Only `npm start` has them (local/sandboxes/stand-ins.ts hands them in); a Lambda
 * is built without, so no stand-in is in its bundle (tests/infra/lambda-bundle.test.ts).
 */
export interface StandIns {
  payments: () => Ports['payments'];
  voiceAgents: () => Ports['voiceAgents'];
  voice: () => Ports['voice'];
  calendar: () => Ports['calendar'];
  sms: () => Ports['sms'];
  telephony: () => Ports['telephony'];
  email: () => Ports['email'];
  /** The KMS key's stand-in: a key file under the data folder. */
  tokenCipher: () => Ports['tokenCipher'];
}

/** What the stand-ins share with the product: the same table, outbox and Google grants. */
export interface StandInContext {
  settings: Config;
  dynamo: DynamoDBDocumentClient;
  outbox: Ports['outbox'];
  googleStore: Ports['googleStore'];
}

export type StandInFactory = (context: StandInContext) => StandIns;

/** s3rver knows only this pair; the other local stand-ins take the data folder's key from the environment. */
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Every adapter below that talks to a vendor, and every AWS client only some routes use, is
 * imported inside its `chooseAdapter` or `lazyAdapter` choice: a Lambda loads it on the first
 * call that needs it, never on a cold start (docs/architecture.md, "Cold starts"). Only the
 * table's client, which nearly every route uses, is built up front.
 */
export function createDependencies(settings: Config, makeStandIns?: StandInFactory): Dependencies {
  const local = (endpoint: string | undefined) => (endpoint ? { endpoint, region: settings.AWS_REGION } : { region: settings.AWS_REGION });
  const dynamo = createTableClient({ ...local(settings.DYNAMODB_ENDPOINT), maxAttempts: 3 });
  const googleStore = createGoogleStore(dynamo, settings.TABLE_NAME);
  const outbox = createOutboxStore(dynamo, settings.TABLE_NAME);
  const smsReplies = createSmsReplyStore(dynamo, settings.TABLE_NAME);
  const smsRouting = createSmsRoutingStore(dynamo, settings.TABLE_NAME);
  // The provider secret is read once per cold start, on first use.
  const secretArn = settings.PROVIDER_SECRETS_ARN;
  const providerSecrets = secretArn
    ? createProviderSecrets(async () => (await import('./providers/secrets-manager-secret.js')).readSecretString(settings.AWS_REGION, secretArn))
    : undefined;
  const standIns = makeStandIns?.({ settings, dynamo, outbox, googleStore });
  const offlineExtractor = async () => (await import('./providers/offline-extraction.js')).createOfflineExtractor();
  return {
    config: settings,
    salons: createSalonStore(dynamo, settings.TABLE_NAME),
    numbers: createNumberStore(dynamo, settings.TABLE_NAME),
    dialling: createDiallingStore(dynamo, settings.TABLE_NAME),
    subscriptions: createSubscriptionStore(dynamo, settings.TABLE_NAME),
    payments: chooseAdapter(settings.STAGE, {
      configured: () => stripeCredentials(settings, providerSecrets),
      real: async (stripe) => (await import('./providers/stripe-payments.js')).createStripePayments({ ...stripe, apiRoot: settings.STRIPE_API_ROOT }),
      standIn: standIns?.payments,
      missing: 'The Stripe secret key is missing',
      sandboxName: 'payments',
      methods: {
        provider: true,
        priceIds: true,
        webhookSecrets: true,
        createCustomer: true,
        createCheckoutSession: true,
        expireCheckoutSession: true,
        cancelAndRefundSubscription: true,
        createPortalSession: true,
        setCustomerVatNumber: true,
        cancelSubscription: true,
        deleteCustomer: true,
        reportMeterEvent: true,
        createConnectAccount: true,
        createOnboardingLink: true,
        createDashboardLink: true,
        createDepositCheckout: true,
        expireDepositCheckout: true,
        refundDeposit: true,
      },
    }),
    calls: createCallStore(dynamo, settings.TABLE_NAME),
    usage: createUsageStore(dynamo, settings.TABLE_NAME),
    callStats: createCallStatsStore(dynamo, settings.TABLE_NAME),
    activity: createActivityStore(dynamo, settings.TABLE_NAME),
    conversations: createConversationStore(dynamo, settings.TABLE_NAME),
    testCalls: createTestCallStore(dynamo, settings.TABLE_NAME),
    salonPartition: createSalonPartition(dynamo, settings.TABLE_NAME),
    partitionLayout,
    voiceAgents: chooseAdapter(settings.STAGE, {
      configured: () => elevenlabsCredentials(settings, providerSecrets),
      real: async (elevenlabs) =>
        (await import('./providers/elevenlabs-voice-agent.js')).createElevenLabsVoiceAgent({ ...elevenlabs, voiceIds: settings.ELEVENLABS_VOICE_IDS }),
      standIn: standIns?.voiceAgents,
      missing: 'The voice provider key is missing',
      sandboxName: 'voice agent',
      methods: { provider: true, create: true, update: true, replaceSecret: true, remove: true, registerCall: true, conversationState: true },
    }),
    elevenlabsWebhookSecret: async () => settings.ELEVENLABS_WEBHOOK_SECRET ?? (await providerSecrets?.get())?.elevenlabsWebhookSecret ?? null,
    deletedOwners: createDeletedOwners(dynamo, settings.TABLE_NAME),
    setup: createSetupStore(dynamo, settings.TABLE_NAME),
    // The bus is written after a booking or at a call's end, never by a call's answer or a first
    // check-availability: its client and the event catalogue's schemas load on the first publish.
    events: lazyAdapter(
      async () => {
        const [{ EventBridgeClient }, { createEventPublisher }] = await Promise.all([
          import('@aws-sdk/client-eventbridge'),
          import('./providers/eventbridge-events.js'),
        ]);
        return createEventPublisher(new EventBridgeClient(local(settings.EVENTBRIDGE_ENDPOINT)), settings.EVENT_BUS_NAME);
      },
      { publish: true },
    ),
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
    voice: chooseAdapter(settings.STAGE, {
      configured: () => elevenlabsCredentials(settings, providerSecrets),
      real: async (elevenlabs) =>
        (await import('./providers/elevenlabs-voice.js')).createElevenLabsVoice({ ...elevenlabs, voiceIds: settings.ELEVENLABS_VOICE_IDS }),
      standIn: standIns?.voice,
      missing: 'The voice provider key is missing',
      sandboxName: 'voice',
      methods: { previewUrl: true },
    }),
    googleStore,
    calendarMirrors: createCalendarMirrorStore(dynamo, settings.TABLE_NAME),
    // Google when credentials are configured (env or provider secret), else the labelled sandbox under npm start.
    calendar: chooseAdapter(settings.STAGE, {
      configured: () => googleCredentials(settings, providerSecrets),
      real: async (google) =>
        (await import('./providers/google-calendar.js')).createGoogleCalendar({
          ...google,
          apiRoot: settings.GOOGLE_API_ROOT,
          oauthRoot: settings.GOOGLE_OAUTH_ROOT,
        }),
      standIn: standIns?.calendar,
      missing: 'Google Calendar credentials are missing',
      sandboxName: 'calendar',
      // Google Calendar is optional: without it there is nothing to connect, said as such.
      notConfigured: async () => new (await import('./core/calendar-connection.js')).CalendarNotConfiguredError(),
      methods: {
        provider: true,
        authorizationUrl: true,
        exchangeCode: true,
        listCalendars: true,
        freeBusy: true,
        createEvent: true,
        deleteEvent: true,
        revoke: true,
        listEvents: true,
        watch: true,
        stopChannel: true,
      },
    }),
    tokenCipher: lazyAdapter(
      async () => {
        if (settings.TOKEN_KEY_ARN) {
          const [{ KMSClient }, { createKmsTokenCipher }] = await Promise.all([import('@aws-sdk/client-kms'), import('./providers/kms-token-cipher.js')]);
          return createKmsTokenCipher(new KMSClient({ region: settings.AWS_REGION }), settings.TOKEN_KEY_ARN);
        }
        // The key file's stand-in for KMS is npm start's alone (prod's configuration refuses one).
        return standIns && settings.STAGE !== 'prod' ? standIns.tokenCipher() : unconfiguredTokenCipher();
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
    // Every text checks the STOP list first, whichever path sends it; the salon that sent it, and the booking it is about, are remembered for the caller's reply.
    sms: respectingOptOuts(
      notingSenders(
        rememberingSubjects(
          chooseAdapter(settings.STAGE, {
            configured: () => twilioCredentials(settings, providerSecrets),
            real: async (twilio) => {
              if (settings.STAGE === 'prod' && !isMessagingService(twilio.from)) {
                throw new Error('prod sends SMS through a Messaging Service (twilioMessagingServiceSid, MG…), never from a single number');
              }
              return (await import('./providers/twilio-sms.js')).createTwilioSms({
                ...twilio,
                apiRoot: settings.TWILIO_API_ROOT,
                location: twilioLocation(settings),
              });
            },
            standIn: standIns?.sms,
            missing: 'Twilio credentials are missing',
            sandboxName: 'SMS',
            methods: { provider: true, sender: true, send: true },
          }),
          smsReplies,
        ),
        smsRouting,
      ),
      smsReplies,
    ),
    telephony: chooseAdapter(settings.STAGE, {
      configured: () => twilioVoiceCredentials(settings, providerSecrets),
      real: async (twilio) =>
        (await import('./providers/twilio-telephony.js')).createTwilioTelephony({
          ...twilio,
          apiRoot: settings.TWILIO_API_ROOT,
          location: twilioLocation(settings),
        }),
      standIn: standIns?.telephony,
      missing: 'Twilio credentials are missing',
      sandboxName: 'telephony',
      methods: {
        provider: true,
        verifyWebhook: true,
        clientToken: true,
        endConference: true,
        callState: true,
        redirectCall: true,
        pointNumberAt: true,
        buyNumbers: true,
        releaseNumber: true,
      },
    }),
    email: chooseAdapter(settings.STAGE, {
      configured: async () => settings.EMAIL_FROM,
      real: async (from) => {
        const [{ SESv2Client }, { createSesEmail }] = await Promise.all([import('@aws-sdk/client-sesv2'), import('./providers/ses-email.js')]);
        return createSesEmail(new SESv2Client({ region: settings.AWS_REGION, maxAttempts: 3 }), { from });
      },
      standIn: standIns?.email,
      missing: 'EMAIL_FROM is missing',
      sandboxName: 'email',
      methods: { provider: true, send: true },
    }),
    outbox,
    smsReplies,
    smsRouting,
    deliveryClaims: createDeliveryClaims(dynamo, settings.TABLE_NAME),
    bookings: createBookingStore(dynamo, settings.TABLE_NAME),
    agents: createAgentStore(dynamo, settings.TABLE_NAME),
    rateLimits: createRateLimits(dynamo, settings.TABLE_NAME),
    now: () => new Date(),
  };
}

let built: Dependencies | undefined;
let standInFactory: StandInFactory | undefined;

export function deps(): Dependencies {
  built ??= createDependencies(config(), standInFactory);
  return built;
}

/** `npm start` (and the tests that run the product) hand in the stand-ins before any handler runs. */
export function provideStandIns(factory: StandInFactory): void {
  if (factory === standInFactory) return;
  standInFactory = factory;
  built = undefined;
}

/** The local runtime and tests rebuild after changing the environment. */
export function resetDeps(): void {
  built = undefined;
}
