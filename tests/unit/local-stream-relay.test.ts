import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreamRelay, memoryCheckpoint, type CheckpointStore } from '../../local/server/stream-relay.js';
import { startDynamo } from '../../local/server/storage-stand-ins.js';
import { createTableInput } from '../../functions/store/table-definition.js';
import { outboxEventId } from '../../functions/contracts/events.js';
import { outboxEventPut, type RelayedEvent } from '../../functions/store/event-outbox.js';
import { startTable, type Table } from './booking/harness.js';

/**
 * The local outbox relay (local/server/stream-relay.ts) over DynamoDB Local's Streams API: an event
 * written in a transaction reaches the bus exactly once, and a relay killed before it checkpointed
 * leaves the event to the next one (at least once), which never re-sends what was checkpointed.
 * DynamoDB Streams API: https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Operations_Amazon_DynamoDB_Streams.html
 */
let table: Table;
const at = new Date('2026-11-20T10:04:00.000Z');

beforeAll(async () => {
  table = await startTable({ stream: true });
});
afterAll(() => table.close());

const completed = (callSid: string) => ({
  salonId: 'sal_relay',
  callSid,
  startedAt: '2026-11-20T10:00:00.000Z',
  durationSeconds: 230,
  outcome: 'answered' as const,
  test: false,
});

function eventPut(callSid: string) {
  return outboxEventPut(table.tableName, {
    salonId: 'sal_relay',
    id: outboxEventId('call.completed', callSid),
    type: 'call.completed',
    detail: completed(callSid),
    at,
  });
}

/** A call's end and its event, as one transaction. */
async function endCall(callSid: string) {
  await table.client.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table.tableName, Item: { pk: 'SALON#sal_relay', sk: `CALL#${callSid}`, endedAt: at.toISOString() } } },
        { Put: eventPut(callSid) },
      ],
    }),
  );
}

function relayWith(checkpoint: CheckpointStore, deliver: (event: RelayedEvent) => Promise<void>) {
  return createStreamRelay({
    client: { endpoint: table.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } },
    tableName: table.tableName,
    deliver,
    checkpoint,
    idleMs: 5,
    onError: () => {},
  });
}

const sidsOf = (events: RelayedEvent[]) => events.map((event) => (JSON.parse(event.detail) as { callSid: string }).callSid);

describe('the local outbox relay', () => {
  it('publishes an event written in a transaction once, however often the same event is written, and no other item', async () => {
    await endCall('CA-once');
    // The same event again (a retried request): one item, and a write that changes nothing leaves no stream record.
    await table.client.send(new PutCommand(eventPut('CA-once')));
    // Not an outbox item; and the event's item changed (a MODIFY) is not a new event.
    await table.client.send(new PutCommand({ TableName: table.tableName, Item: { pk: 'SALON#sal_relay', sk: 'CALL#other', kind: 'call' } }));
    await table.client.send(new PutCommand({ ...eventPut('CA-once'), Item: { ...eventPut('CA-once').Item, at: 'later' } }));

    const delivered: RelayedEvent[] = [];
    const relay = relayWith(memoryCheckpoint(), async (event) => void delivered.push(event));
    expect(await relay.drain()).toBe(1);
    expect(delivered).toEqual([
      { id: 'call.completed#CA-once', source: 'salon-receptionist', detailType: 'call.completed', detail: JSON.stringify(completed('CA-once')) },
    ]);
    expect(await relay.drain()).toBe(0);
    await relay.stop();
  });

  it('resumes from its checkpoint after a crash: the undelivered event arrives, the checkpointed ones never again', async () => {
    const checkpoint = memoryCheckpoint();
    const first: string[] = [];
    const caughtUp = relayWith(checkpoint, async (event) => void first.push(...sidsOf([event])));
    await caughtUp.drain();
    await caughtUp.stop();

    await endCall('CA-before-crash');
    const beforeCrash: string[] = [];
    const steady = relayWith(checkpoint, async (event) => void beforeCrash.push(...sidsOf([event])));
    await steady.drain();
    await steady.stop();
    expect(beforeCrash).toEqual(['CA-before-crash']);

    await endCall('CA-at-crash');
    // Killed while the bus still held the event: the delivery never finishes, so nothing is checkpointed.
    const dying = relayWith(checkpoint, () => Promise.reject(Object.assign(new Error('process killed'), { name: 'InjectedCrash' })));
    await expect(dying.drain()).rejects.toThrow('process killed');
    await dying.stop();

    const afterRestart: string[] = [];
    const restarted = relayWith(checkpoint, async (event) => void afterRestart.push(...sidsOf([event])));
    expect(await restarted.drain()).toBe(1);
    await restarted.stop();
    expect(afterRestart).toEqual(['CA-at-crash']);

    const again: string[] = [];
    const another = relayWith(checkpoint, async (event) => void again.push(...sidsOf([event])));
    expect(await another.drain()).toBe(0);
    await another.stop();
    expect(again).toEqual([]);
  });

  it('polls while idle and stops cleanly: an event written after it started arrives without asking', async () => {
    const checkpoint = memoryCheckpoint();
    const warmUp = relayWith(checkpoint, async () => undefined);
    await warmUp.drain();
    await warmUp.stop();

    let arrived: (sid: string) => void = () => {};
    const seen = new Promise<string>((resolve) => (arrived = resolve));
    const relay = relayWith(checkpoint, async (event) => arrived(sidsOf([event])[0]!));
    relay.start();
    await endCall('CA-polled');
    expect(await seen).toBe('CA-polled');
    await relay.stop();
  });

  it('npm start gives a table made before the outbox its stream', async () => {
    const tableName = `unit-old-${randomBytes(4).toString('hex')}`;
    const { StreamSpecification: _stream, ...withoutStream } = createTableInput(tableName);
    await table.client.send(new CreateTableCommand(withoutStream));
    const stand = await startDynamo('/nonexistent', tableName, { accessKeyId: 'unit', secretAccessKey: 'unit' }, table.endpoint);
    const { Table } = await table.client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(Table?.LatestStreamArn).toBeTruthy();
    await stand.close();
    await table.client.send(new DeleteTableCommand({ TableName: tableName }));
  });
});

/**
 * A shard ends and a child takes its records (DynamoDB Streams splits shards; DescribeStream names
 * the child with its ParentShardId). DynamoDB Local cannot be made to end a shard on demand, so a
 * small server answers the two APIs' JSON protocol the way the Streams API documents it: a closed
 * shard's last GetRecords has no NextShardIterator.
 */
describe("the local outbox relay across a shard's end", () => {
  it('drains the records a child shard already holds when the pass that found its parent ended delivered nothing', async () => {
    const image = Object.fromEntries(
      Object.entries(eventPut('CA-shard-child').Item as Record<string, unknown>).flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, { S: value }]] : [],
      ),
    );
    let parentEnded = false;
    const answers: Record<string, (body: Record<string, unknown>) => unknown> = {
      'DynamoDB_20120810.DescribeTable': () => ({ Table: { TableName: 'shards', LatestStreamArn: 'arn:stream/shards' } }),
      'DynamoDBStreams_20120810.DescribeStream': () => ({
        StreamDescription: {
          StreamArn: 'arn:stream/shards',
          Shards: parentEnded ? [{ ShardId: 'parent' }, { ShardId: 'child', ParentShardId: 'parent' }] : [{ ShardId: 'parent' }],
        },
      }),
      'DynamoDBStreams_20120810.GetShardIterator': (body) => ({ ShardIterator: `${String(body.ShardId)}@start` }),
      'DynamoDBStreams_20120810.GetRecords': (body) => {
        if (body.ShardIterator === 'parent@start') {
          // The parent ends with nothing new; its child already holds the event written since.
          parentEnded = true;
          return { Records: [] };
        }
        if (body.ShardIterator === 'child@start')
          return { Records: [{ eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: image } }], NextShardIterator: 'child@1' };
        return { Records: [], NextShardIterator: body.ShardIterator };
      },
    };
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += String(chunk)));
      request.on('end', () => {
        const answer = answers[String(request.headers['x-amz-target'])];
        response.writeHead(answer ? 200 : 400, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify(answer ? answer(JSON.parse(text || '{}') as Record<string, unknown>) : { __type: 'UnknownOperationException' }));
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const delivered: RelayedEvent[] = [];
    const relay = createStreamRelay({
      client: {
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
      },
      tableName: 'shards',
      deliver: async (event) => void delivered.push(event),
      checkpoint: memoryCheckpoint(),
      idleMs: 5,
      onError: () => {},
    });
    try {
      expect(await relay.drain()).toBe(1);
      expect(sidsOf(delivered)).toEqual(['CA-shard-child']);
    } finally {
      await relay.stop();
      server.close();
    }
  });
});
