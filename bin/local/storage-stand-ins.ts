import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../functions/store/table-definition.js';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

export interface StandIn {
  endpoint: string;
  close(): Promise<void>;
}

/** dynalite: the real DynamoDB wire API, on disk, with the same table CDK creates. */
export async function startDynamo(dataDir: string, tableName: string): Promise<StandIn> {
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [fileURLToPath(new URL('./dynalite-process.cjs', import.meta.url)), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`dynalite exited with code ${code}`)));
    child.stdout!.once('data', (data) => resolve(String(data).trim()));
  });
  const endpoint = `http://127.0.0.1:${port}`;
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
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
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
