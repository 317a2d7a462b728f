import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../functions/store/table-definition.js';
import { isFromBrowser, isLocalHost, refuse, refuseForeignHost } from './local-hosts.js';
import { startDynamoDbLocal } from './dynamodb-local.js';
import { keyTable, S3RVER_CREDENTIALS, type KeyPair } from './local-keys.js';
import { hasValidSigV4 } from './sigv4.js';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
};

export interface StandIn {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * DynamoDB Local (dynamodb-local.ts): the real DynamoDB API, transactions and validation included,
 * on disk under `dataDir`, with the same table CDK creates. It checks no signature: the handlers
 * still sign with `key`, the data folder's own (local-keys.ts), as they would in AWS.
 * `existing` is a DynamoDB Local already running (the tests share one per run): only the table is made.
 */
export async function startDynamo(dataDir: string, tableName: string, key: KeyPair, existing?: string): Promise<StandIn> {
  if (existing === undefined) mkdirSync(dataDir, { recursive: true });
  const local = existing === undefined ? await startDynamoDbLocal({ dbPath: dataDir }) : undefined;
  const endpoint = existing ?? local!.endpoint;
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: key });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A data folder made before the outbox: its table gets the stream the relay reads (a new one, from now on).
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: createTableInput(tableName).StreamSpecification }));
    }
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } finally {
    client.destroy();
  }
  return { endpoint, close: async () => local?.stop() };
}

const s3Keys = keyTable(S3RVER_CREDENTIALS);

/**
 * s3rver answers anonymous requests and checks only the key id of a version 4 signature, and
 * would answer a web page: in front of it, only its own host, no browser, and a valid signature
 * by the S3RVER pair, the one the handlers' S3 client uses. The body is left to s3rver, so the
 * signed payload hash is taken as sent.
 */
function guardS3(listener: RequestListener, origins: ReadonlySet<string>): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!isLocalHost(request.headers.host, origins)) return refuseForeignHost(response);
    if (isFromBrowser(request)) return refuse(response, 403, 'Only the product may call this stand-in.');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = (request.url ?? '/').split('?')[0]!;
    hasValidSigV4({ method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers }, { service: 's3', keys: s3Keys }).then(
      (valid) => (valid ? listener(request, response) : refuse(response, 403, 'Sign requests with the S3RVER key pair.')),
      () => refuse(response, 403, 'Sign requests with the S3RVER key pair.'),
    );
  };
}

/** s3rver: the real S3 API, on disk. It only accepts the S3RVER key pair (docs/architecture.md, "Decisions"). */
export async function startS3(dataDir: string, bucket: string): Promise<StandIn> {
  mkdirSync(dataDir, { recursive: true });
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: bucket }] });
  const address = await s3.run();
  const [listener] = s3.httpServer.listeners('request') as RequestListener[];
  s3.httpServer.removeAllListeners('request');
  s3.httpServer.on('request', guardS3(listener!, new Set([`http://127.0.0.1:${address.port}`])));
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => s3.close() };
}
