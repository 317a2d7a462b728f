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
import type { VoicePort } from './providers/voice-port.js';
import { createElevenLabsVoice } from './providers/elevenlabs-voice.js';
import { createSandboxVoice } from './providers/sandbox-voice.js';

/**
 * The one place dependencies are built, chosen by configuration. Handlers ask for `deps()` and
 * never construct SDK clients themselves. Built lazily once per cold start.
 */
export interface Dependencies {
  config: Config;
  salons: SalonStore;
  setup: SetupStore;
  events: EventPublisher;
  identity: Identity;
  uploads: Uploads;
  voice: VoicePort;
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
    // s3rver corrupts streamed uploads with the default checksum (DESIGN.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const eventBridge = new EventBridgeClient(local(settings.EVENTBRIDGE_ENDPOINT));
  const cognito = new CognitoIdentityProviderClient(local(settings.COGNITO_ENDPOINT));
  return {
    config: settings,
    salons: createSalonStore(dynamo, settings.TABLE_NAME),
    setup: createSetupStore(dynamo, settings.TABLE_NAME),
    events: createEventPublisher(eventBridge, settings.EVENT_BUS_NAME),
    identity: createCognitoIdentity(cognito, settings.USER_POOL_ID, settings.USER_POOL_CLIENT_ID),
    uploads: createS3Uploads(s3, settings.UPLOADS_BUCKET),
    voice: settings.ELEVENLABS_API_KEY
      ? createElevenLabsVoice({ apiKey: settings.ELEVENLABS_API_KEY, voiceIds: settings.ELEVENLABS_VOICE_IDS, apiRoot: settings.ELEVENLABS_API_ROOT })
      : createSandboxVoice(),
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
