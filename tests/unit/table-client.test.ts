import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableClient } from '../../functions/store/dynamo.js';
import { startTable, type Table } from './booking/harness.js';

/** The table's client, as the composition root builds it (functions/store/dynamo.ts), against DynamoDB Local. */
let table: Table;

beforeAll(async () => {
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

describe('the table client', () => {
  it('has no SDK logger middleware (it copied every request and answer for a no-op logger), and still reads and writes, dropping undefined attributes', async () => {
    const client = createTableClient({ endpoint: table.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } });
    expect(client.middlewareStack.identify().filter((name) => name.startsWith('loggerMiddleware'))).toEqual([]);
    await client.send(new PutCommand({ TableName: table.tableName, Item: { pk: 'TABLE-CLIENT', sk: 'ITEM', kept: 'yes', dropped: undefined } }));
    const { Item } = await client.send(new GetCommand({ TableName: table.tableName, Key: { pk: 'TABLE-CLIENT', sk: 'ITEM' } }));
    expect(Item).toEqual({ pk: 'TABLE-CLIENT', sk: 'ITEM', kept: 'yes' });
  });
});
