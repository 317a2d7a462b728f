import { ConditionalCheckFailedException, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** The DynamoDB patterns every store module shares, written once. */
export type Item = Record<string, unknown>;
export type ItemKey = { pk: string; sk: string };

/**
 * The table's client. The SDK's logger middleware builds a redacted copy of every request and
 * response for the client's logger, even when that logger is the default no-op one (the product
 * logs its own lines): about 2% of the product's CPU under a stream of bookings, the most for the
 * largest answers (a fortnight of day items). So it is taken out of this client's stack.
 */
export function createTableClient(config: DynamoDBClientConfig): DynamoDBDocumentClient {
  const base = new DynamoDBClient(config);
  base.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
}

export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as { name?: string })?.name === 'ConditionalCheckFailedException';
}

/** A conditional write that answers whether its condition held (any other failure still throws). */
export async function conditionally(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Every item a query matches, page after page (lib-dynamodb's paginator), or at most `limit`. */
export async function queryAll(client: DynamoDBDocumentClient, input: QueryCommandInput, limit = Infinity): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of paginateQuery({ client }, input)) {
    items.push(...((page.Items ?? []) as Item[]));
    if (items.length >= limit) return items.slice(0, limit);
  }
  return items;
}

const BATCH_GET_SIZE = 100;
const BATCH_WRITE_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 7;

/** The store handed part of a batch back too many times: a throttled table (answered as a 503). */
function batchThrottled(): Error {
  return Object.assign(new Error('The store kept part of a batch back'), { name: 'ThrottlingException' });
}

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));

/** Reads items by key in batches of 100, retrying what the store hands back unprocessed. */
export async function batchGetAll(client: DynamoDBDocumentClient, tableName: string, keyList: readonly ItemKey[]): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keyList.length; start += BATCH_GET_SIZE) {
    let pending: Item[] = keyList.slice(start, start + BATCH_GET_SIZE);
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt >= MAX_BATCH_ATTEMPTS) throw batchThrottled();
      const result = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }));
      found.push(...((result.Responses?.[tableName] ?? []) as Item[]));
      pending = (result.UnprocessedKeys?.[tableName]?.Keys ?? []) as Item[];
      if (pending.length) await backoff(attempt);
    }
  }
  return found;
}

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: ItemKey } };

/** Puts and deletes in batches of 25, retrying what the store hands back unprocessed. */
export async function batchWriteAll(client: DynamoDBDocumentClient, tableName: string, requests: readonly WriteRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += BATCH_WRITE_SIZE) {
    let pending = requests.slice(start, start + BATCH_WRITE_SIZE);
    for (let attempt = 0; pending.length; attempt += 1) {
      if (attempt >= MAX_BATCH_ATTEMPTS) throw batchThrottled();
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending as never } }));
      pending = (result.UnprocessedItems?.[tableName] ?? []) as unknown as WriteRequest[];
      if (pending.length) await backoff(attempt);
    }
  }
}
