import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { JVM_OPTIONS, startDynamoDbLocal } from '../../local/server/dynamodb-local.js';
import { startDynamo } from '../../local/server/storage-stand-ins.js';
import { createTableClient } from '../../functions/store/dynamo.js';
import { startTable, type Table } from './booking/harness.js';

/**
 * The local table (local/server/dynamodb-local.ts): what `npm start` keeps survives a restart, no web
 * page can talk to it, and it runs transactions as DynamoDB does (the reason it replaced dynalite).
 */
const key = { accessKeyId: 'local', secretAccessKey: 'local' };
let table: Table;
const dataDir = mkdtempSync(join(tmpdir(), 'dynamodb-local-'));

beforeAll(async () => {
  table = await startTable();
});
afterAll(async () => {
  await table.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The command lines of a process's children, from /proc (Linux). */
const childCommandLines = (pid: number) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid ? [readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')] : [];
      } catch {
        return [];
      }
    });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("keeps npm start's data under the data folder across a restart, and its JVM ends when stopped", async () => {
  const first = await startDynamo(dataDir, 'kept-table', key);
  const client = createTableClient({ endpoint: first.endpoint, region: 'eu-west-1', credentials: key });
  await client.send(new PutCommand({ TableName: 'kept-table', Item: { pk: 'SALON#kept', sk: 'PROFILE', name: 'Cuts by Ciara' } }));
  client.destroy();
  await first.close();

  const local = await startDynamoDbLocal({ dbPath: dataDir });
  // The JVM runs with the options that spare the test run's CPU (the JIT's first tier, one GC thread).
  expect(childCommandLines(local.pid).find((args) => args.some((arg) => arg.endsWith('DynamoDBLocal.jar')))).toEqual(expect.arrayContaining(JVM_OPTIONS));
  const again = createTableClient({ endpoint: local.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'another', secretAccessKey: 'key' } });
  const { Item } = await again.send(new GetCommand({ TableName: 'kept-table', Key: { pk: 'SALON#kept', sk: 'PROFILE' } }));
  again.destroy();
  await local.stop();
  // Read with another key: one shared database (-sharedDb), so a new data folder key hides nothing.
  expect(Item?.name).toBe('Cuts by Ciara');
  expect(isRunning(local.pid)).toBe(false);
  // Two JVM starts on disk: 10-25 s each on this shared 2-core machine under a full test run.
}, 180_000);

/**
 * Resolves once the endpoint refuses connections. While it accepts one, the connection is held until
 * the server closes it (a JVM shutting down closes them before its port): a signal, not a timer.
 */
async function refusing(endpoint: string): Promise<void> {
  const { hostname, port } = new URL(endpoint);
  for (;;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const probe = connect(Number(port), hostname);
      probe.once('connect', () => probe.once('close', () => resolve(true)));
      probe.once('error', () => resolve(false));
    });
    if (!accepted) return;
  }
}

it('ends with the process that started it, even one killed with SIGKILL', async () => {
  const module = fileURLToPath(new URL('../../local/server/dynamodb-local.ts', import.meta.url));
  const script = `const { startDynamoDbLocal } = await import(${JSON.stringify(module)}); console.log((await startDynamoDbLocal()).endpoint);`;
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve) => parent.stdout.once('data', (data) => resolve(String(data).trim())));
  parent.kill('SIGKILL');
  // Without the watching shell this never resolves: the JVM would listen on, and the test time out.
  await refusing(endpoint);
}, 120_000);

it("answers no web page: neither a preflight nor an answer allows a page's origin", async () => {
  const origin = 'http://localhost:3000';
  const preflight = await fetch(table.endpoint, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
  });
  // A browser sends the request only if the preflight's answer allows its origin: without the
  // -cors flag DynamoDB Local allows every origin ('*').
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  const post = await fetch(table.endpoint, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
    body: '{}',
  });
  expect(post.headers.get('access-control-allow-origin')).toBeNull();
});

it('runs a transaction whole or not at all, and says which condition refused it', async () => {
  const slot = { pk: 'SALON#tx', sk: 'DAY#2026-11-23' };
  await table.client.send(new PutCommand({ TableName: table.tableName, Item: { ...slot, taken: true } }));
  const attempt = table.client.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table.tableName, Item: { pk: 'SALON#tx', sk: 'APPT#a1' } } },
        {
          Update: {
            TableName: table.tableName,
            Key: slot,
            UpdateExpression: 'SET taken = :t',
            ConditionExpression: 'attribute_not_exists(taken)',
            ExpressionAttributeValues: { ':t': true },
          },
        },
      ],
    }),
  );
  const refusal = await attempt.catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(TransactionCanceledException);
  expect((refusal as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual(['None', 'ConditionalCheckFailed']);
  const { Item } = await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: 'SALON#tx', sk: 'APPT#a1' } }));
  expect(Item).toBeUndefined();
});
