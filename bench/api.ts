import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { startDynamoDbLocal } from '../local/server/dynamodb-local.js';
import { createTableInput } from '../functions/store/table-definition.js';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { formatLoad, runLoad } from './support/load.js';
import { startProductProcess } from './support/product-process.js';
import { signUpBenchOwner } from './support/owner.js';

/**
 * Issue 2's figures: cold start to first answer, GET /api/salon (signed in) and GET /api/health
 * at 20 concurrent connections, beside the embedded store's own GetItem rate at the same
 * concurrency (the floor no route that reads the salon can beat).
 */
const CONCURRENCY = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function storeFloor() {
  const local = await startDynamoDbLocal();
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: local.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'b', secretAccessKey: 'b' } }),
  );
  try {
    await client.send(new CreateTableCommand(createTableInput('bench')));
    const key = { pk: 'SALON#bench', sk: 'PROFILE' };
    await client.send(new PutCommand({ TableName: 'bench', Item: { ...key, name: 'Bench Salon', ownerId: randomUUID() } }));
    return await runLoad({
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      request: async () => Boolean((await client.send(new GetCommand({ TableName: 'bench', Key: key }))).Item),
    });
  } finally {
    client.destroy();
    await local.stop();
  }
}

export async function run(): Promise<string[]> {
  const product = await startProductProcess(Number(process.env.BENCH_PORT ?? 3971));
  const lines = [`Cold start to first answer: ${product.secondsToFirstAnswer.toFixed(2)} s (target < 10 s)`];
  try {
    const headers = await signUpBenchOwner(product.url);
    await fetch(`${product.url}/api/salon`, { headers });

    const salon = await runLoad({
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      request: async () => await fetch(`${product.url}/api/salon`, { headers }).then(async (r) => (await r.arrayBuffer(), r.ok)),
    });
    const health = await runLoad({
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      request: async () => await fetch(`${product.url}/api/health`).then(async (r) => (await r.arrayBuffer(), r.ok)),
    });
    await product.stop();
    const floor = await storeFloor();
    lines.push(
      formatLoad('GET /api/salon (signed in)', salon),
      formatLoad('GET /api/health', health),
      formatLoad('store GetItem (DynamoDB Local floor)', floor),
      `Route / store ratio: ${(salon.perSecond / floor.perSecond).toFixed(2)} (target ≥ 0.5); p99 target < 30 ms: ${salon.p99 < 30 ? 'met' : 'missed'}`,
    );
  } catch (error) {
    await product.stop();
    throw error;
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
}
