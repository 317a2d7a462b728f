import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { eventRules } from '../../events/rules.js';
import { resetConfig } from '../../functions/config.js';
import { deps, resetDeps } from '../../functions/composition-root.js';
import { handler as sweepBookings } from '../../functions/jobs/sweep-bookings.js';
import { handler as sendDueReminders } from '../../functions/jobs/send-due-reminders.js';
import { handler as sweepCalls } from '../../functions/jobs/sweep-calls.js';
import { handler as watchNumberPool } from '../../functions/jobs/watch-number-pool.js';
import { ensureLocalTokenKey } from '../sandboxes/local-token-cipher.js';
import { ensureLocalTwilioAuthToken } from '../sandboxes/sandbox-telephony.js';
import { createOutboxStore } from '../../functions/store/outbox-store.js';
import { createJwtAuthorizer, type ApiHandler } from './api-gateway.js';
import { createCognitoEndpoint } from './cognito-endpoint.js';
import { startCognitoStandIn, type TriggerHandler } from './cognito-stand-in.js';
import { createLocalEventBus } from './event-bus.js';
import { createEventsEndpoint } from './events-endpoint.js';
import { localOrigins } from './local-hosts.js';
import { ensureLocalAwsKey, keyTable } from './local-keys.js';
import { createOutbox, mergedOutbox } from './outbox.js';
import { createLocalPhone } from './local-phone.js';
import { createPhoneLines } from './phone-lines.js';
import { listNumbers } from '../../functions/admin/phone-numbers.js';
import { createLocalApp } from './server.js';
import { startDynamo, startS3 } from './storage-stand-ins.js';
import { createStreamRelay, fileCheckpoint, memoryCheckpoint } from './stream-relay.js';
import { ensureWebBuild } from './web-build.js';
import { localSandboxes, useLocalStandIns } from '../sandboxes/stand-ins.js';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** How often the outbox relay reads the table's stream while it has nothing new (EventBridge Pipes polls four times a second). */
const STREAM_POLL_MS = 250;

/** How often the sweeps run locally (every 5 minutes in AWS). */
const LOCAL_SWEEP_EVERY_MS = 60_000;

/** Same names in every local run; the issuer is stable so tokens survive a restart on another port. */
const LOCAL_NAMES = {
  table: 'salon-receptionist-local',
  bucket: 'salon-uploads-local',
  bus: 'salon-events-local',
  issuerDomain: 'http://cognito-local.localhost',
};

export interface LocalOptions {
  port: number;
  dataDir: string;
  log?: (line: string) => void;
  buildWeb?: boolean;
  /** The port of a dev web server (Vite) that proxies to this one: its local names are accepted too. */
  devWebPort?: number;
  /** A DynamoDB Local already running (the tests start one JVM per run), instead of one on the data folder. */
  dynamoEndpoint?: string;
}

export interface LocalProduct {
  url: string;
  port: number;
  /** The environment the handlers run with (ids, names and stand-in endpoints). */
  env: Record<string, string>;
  eventsIdle(): Promise<void>;
  stop(): Promise<void>;
}

async function importEntry<T>(entry: string, name: string): Promise<T> {
  const module = (await import(pathToFileURL(join(repositoryRoot, entry)).href)) as Record<string, T>;
  const exported = module[name];
  if (!exported) throw new Error(`${entry} has no export ${name}`);
  return exported;
}

function cached<T>(load: (entry: string) => Promise<T>) {
  const loaded = new Map<string, Promise<T>>();
  return (entry: string) => {
    if (!loaded.has(entry)) loaded.set(entry, load(entry));
    return loaded.get(entry)!;
  };
}

export async function startLocal(options: LocalOptions): Promise<LocalProduct> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  if (options.buildWeb !== false) await ensureWebBuild(repositoryRoot, log);

  let app: ReturnType<typeof createLocalApp> | undefined;
  const server = createServer((request, response) => {
    if (app) return app(request, response);
    response.writeHead(503, { 'retry-after': '1' }).end('Starting…');
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => ready());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const origins = localOrigins(options.devWebPort === undefined ? [port] : [port, options.devWebPort]);

  const stateFile = join(dataDir, 'local-state.json');
  const state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { userPoolId: string; userPoolClientId: string }) : undefined;
  const outbox = createOutbox(join(dataDir, 'outbox.jsonl'));
  const onError = (message: string) => log(`[error] ${message}`);

  const awsKey = ensureLocalAwsKey(join(dataDir, 'aws-key.json'));
  const [dynamo, s3] = await Promise.all([
    startDynamo(join(dataDir, 'dynamodb'), LOCAL_NAMES.table, awsKey, options.dynamoEndpoint),
    startS3(join(dataDir, 's3'), LOCAL_NAMES.bucket),
  ]);
  const loadTrigger =
    (entry: string): TriggerHandler =>
    async (event) =>
      (await importEntry<TriggerHandler>(entry, 'handler'))(event);
  const cognito = await startCognitoStandIn({
    dataDir: join(dataDir, 'cognito'),
    issuerDomain: LOCAL_NAMES.issuerDomain,
    existing: state,
    triggers: {
      PreSignUp: loadTrigger('functions/triggers/pre-sign-up.ts'),
      CustomMessage: loadTrigger('functions/triggers/custom-message.ts'),
      PostAuthentication: loadTrigger('functions/triggers/post-authentication.ts'),
    },
    onMessage: (message) => outbox.add(message),
    onError,
  });

  // The local stand-in for the KMS key that encrypts calendar refresh tokens (created once, kept).
  const tokenKeyFile = join(dataDir, 'token-key.bin');
  ensureLocalTokenKey(tokenKeyFile);
  // The telephony sandbox's stand-in for the Twilio auth token: voice webhooks (the local phone's) are signed with it.
  const twilioAuthTokenFile = join(dataDir, 'twilio-auth-token.txt');
  ensureLocalTwilioAuthToken(twilioAuthTokenFile);
  const env: Record<string, string> = {
    STAGE: 'local',
    AWS_REGION: 'eu-west-1',
    TABLE_NAME: LOCAL_NAMES.table,
    UPLOADS_BUCKET: LOCAL_NAMES.bucket,
    EVENT_BUS_NAME: LOCAL_NAMES.bus,
    USER_POOL_ID: cognito.userPoolId,
    USER_POOL_CLIENT_ID: cognito.userPoolClientId,
    SITE_URL: url,
    LOCAL_SITE_ORIGINS: origins.join(','),
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    COGNITO_ENDPOINT: `http://127.0.0.1:${port}/_cognito`,
    EVENTBRIDGE_ENDPOINT: `http://127.0.0.1:${port}/_local/events`,
    AWS_ACCESS_KEY_ID: awsKey.accessKeyId,
    AWS_SECRET_ACCESS_KEY: awsKey.secretAccessKey,
    LOCAL_TOKEN_KEY_FILE: tokenKeyFile,
    LOCAL_TWILIO_AUTH_TOKEN_FILE: twilioAuthTokenFile,
  };
  Object.assign(process.env, env);
  // The admin CLI reads the running product's endpoints from here (ids and local addresses only).
  writeFileSync(stateFile, JSON.stringify({ userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId, env }, null, 2), { mode: 0o600 });
  resetConfig();
  useLocalStandIns();
  resetDeps();

  const outboxReader = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'eu-west-1', credentials: awsKey }));
  const tableOutbox = createOutboxStore(outboxReader, LOCAL_NAMES.table);
  const eventBus = createLocalEventBus({
    rules: eventRules,
    loadConsumer: cached((entry) => importEntry(entry, 'handler')),
    deadLetterFile: join(dataDir, 'dead-letters.jsonl'),
    onError,
  });
  // Events written with their change (functions/store/event-outbox.ts) reach the bus through the
  // table's stream, as the Pipe carries them in AWS. A shared DynamoDB Local (the tests') keeps no
  // data after the run, so neither does the relay's place in it.
  const relay = createStreamRelay({
    client: { endpoint: dynamo.endpoint, region: 'eu-west-1', credentials: awsKey },
    tableName: LOCAL_NAMES.table,
    deliver: (event) => eventBus.deliverNow({ Source: event.source, DetailType: event.detailType, Detail: event.detail }),
    checkpoint: options.dynamoEndpoint === undefined ? fileCheckpoint(join(dataDir, 'stream-relay.json')) : memoryCheckpoint(),
    idleMs: STREAM_POLL_MS,
    onError,
  });
  relay.start();
  /** Everything published so far delivered: the outbox read to its end, and what the bus holds, until neither has more. */
  const eventsIdle = async () => {
    do await eventBus.idle();
    while ((await relay.drain()) > 0);
  };
  // The handlers sign these with the data folder's key (their environment's credentials).
  const signingKeys = keyTable(awsKey);
  app = createLocalApp({
    webDir: join(repositoryRoot, 'web/dist'),
    loadHandler: cached((entry) => importEntry<ApiHandler>(entry, 'handler')),
    authorize: createJwtAuthorizer({ jwks: cognito.jwks, issuer: cognito.issuer, audience: cognito.userPoolClientId }),
    origins,
    awsEndpoints: new Map([
      ['/_cognito', createCognitoEndpoint({ cognito, keys: signingKeys })],
      ['/_local/events', createEventsEndpoint({ bus: eventBus, keys: signingKeys })],
    ]),
    // The page lists what the user pool sent (file) and what the SMS/email sandboxes sent (table).
    outbox: mergedOutbox(outbox, tableOutbox),
    localPhone: createLocalPhone({
      authTokenFile: twilioAuthTokenFile,
      lines: createPhoneLines(join(dataDir, 'phone-lines.json')),
      numbers: async () => (await listNumbers(deps())).numbers,
      salonForNumber: (e164) => deps().numbers.salonFor(e164),
      recordText: ({ to, from, body }) => outbox.add({ channel: 'sms', to, subject: `Text from ${from}`, body }),
      receiveText: async (text) => {
        if ((await deps().sms.provider()) === 'sandbox') await localSandboxes().sms.receive(text);
      },
      // Every text sent since, not the newest few: other salons' texts at the same moment must not hide the answer.
      textsTo: async (to, since) =>
        (await tableOutbox.listSince(since)).filter((entry) => entry.channel === 'sms' && entry.to === to).map((entry) => entry.body),
      eventsIdle,
      // The sandbox receptionist, loaded when the first call reaches it.
      receptionist: {
        start: async (input) => (await import('../receptionist/receptionist.js')).startConversation(deps(), input),
        turn: async (input) => (await import('../receptionist/receptionist.js')).takeTurn(deps(), input),
        end: async (input) => (await import('../receptionist/receptionist.js')).endConversation(deps(), input),
      },
    }),
    eventsIdle,
    runtimeConfig: {
      region: 'eu-west-1',
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      authFlowType: 'USER_PASSWORD_AUTH',
      userPoolEndpointPath: '/_cognito',
      stage: 'local',
      supportEmail: deps().config.SUPPORT_EMAIL,
    },
    onError,
  });

  // The booking sweep, the reminder job, the call sweep and the number job (EventBridge Scheduler in AWS): at once, with no
  // grace since nothing is running yet (they finish what a killed run left, and the telephony
  // sandbox's number pool is stocked before the first owner finishes setup), then every minute.
  const report = (name: string) => (error: unknown) => onError(`${name} sweep: ${(error as Error).message}`);
  const runSweep = async (event?: { graceMs: number }) => {
    await sweepBookings(event).then(() => undefined, report('booking'));
    await sendDueReminders().then(() => undefined, report('reminder'));
    await sweepCalls(event).then(() => undefined, report('call'));
    await watchNumberPool().then(() => undefined, report('number'));
  };
  let sweeping = runSweep({ graceMs: 0 });
  const sweepTimer = setInterval(() => {
    sweeping = sweeping.then(() => runSweep());
  }, LOCAL_SWEEP_EVERY_MS);
  sweepTimer.unref();

  return {
    url,
    port,
    env,
    eventsIdle,
    async stop() {
      clearInterval(sweepTimer);
      await sweeping;
      await new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      });
      await relay.stop();
      await eventBus.idle();
      outboxReader.destroy();
      await Promise.all([s3.close(), dynamo.close()]);
    },
  };
}
