import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../functions/store/table-definition.js';

const require = createRequire(import.meta.url);
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Server;
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

export interface StandIn {
  endpoint: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** dynalite: the real DynamoDB wire API, on disk, with the same table CDK creates. */
export async function startDynamo(dataDir: string, tableName: string): Promise<StandIn> {
  mkdirSync(dataDir, { recursive: true });
  const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const endpoint = await listen(server);
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  }
  client.destroy();
  return {
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

/** s3rver: the real S3 API, on disk. It only accepts the S3RVER key pair (DESIGN.md). */
export async function startS3(dataDir: string, bucket: string): Promise<StandIn> {
  mkdirSync(dataDir, { recursive: true });
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dataDir, configureBuckets: [{ name: bucket }] });
  const address = await s3.run();
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => s3.close() };
}
