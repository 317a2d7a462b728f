import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { relayedEventOfStreamImage, type RelayedEvent } from '../../functions/store/event-outbox.js';

/**
 * The local stand-in for the EventBridge Pipe (infra/event-outbox-pipe.ts): reads the table's
 * stream through DynamoDB Local's Streams API, takes the INSERTs of outbox items
 * (functions/store/event-outbox.ts) and hands each to the local bus, which resolves only once its
 * consumers had it (or it went to the dead letters). Only then does the relay move its place on
 * the shard, and it keeps that place (per shard, the last sequence number done) in a checkpoint:
 * a file under the data folder for `npm start`, memory in tests. A kill -9 anywhere before the
 * checkpoint is written delivers that batch again after the restart (at least once; consumers
 * de-duplicate); nothing after it is lost.
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): local/server/event-bus.ts,
 * which hands each event to the consumers events/rules.ts names, in-process.
 */
export interface RelayCheckpoint {
  streamArn: string;
  /** Per shard: the last sequence number whose batch was delivered, and whether the shard is finished (closed and read to its end). */
  shards: Record<string, { after?: string; finished?: true }>;
}

export interface CheckpointStore {
  load(): RelayCheckpoint | undefined;
  save(checkpoint: RelayCheckpoint): void;
}

/** The checkpoint as a file, replaced whole (write then rename), so a kill -9 leaves the old one or the new one. */
export function fileCheckpoint(file: string): CheckpointStore {
  return {
    load: () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RelayCheckpoint) : undefined),
    save(checkpoint) {
      writeFileSync(`${file}.tmp`, JSON.stringify(checkpoint));
      renameSync(`${file}.tmp`, file);
    },
  };
}

export function memoryCheckpoint(initial?: RelayCheckpoint): CheckpointStore & { current(): RelayCheckpoint | undefined } {
  let kept = initial && structuredClone(initial);
  return { load: () => kept && structuredClone(kept), save: (checkpoint) => void (kept = structuredClone(checkpoint)), current: () => kept };
}

export interface StreamRelayOptions {
  client: DynamoDBClientConfig;
  tableName: string;
  /** Hands one event to the bus; resolves once delivered (or dead-lettered), throws when the bus refused it. */
  deliver(event: RelayedEvent): Promise<void>;
  checkpoint: CheckpointStore;
  /** How long to wait between reads while the stream has nothing new (the Streams API is polled). */
  idleMs: number;
  onError(message: string): void;
}

/** How many idle passes reuse the shards they know before looking the stream's shards up again. */
const SHARD_LOOKUP_EVERY = 40;

/** Parents before children (a shard splits when it closes), so a subject's events keep their order. */
function inOrder(shards: Shard[]): Shard[] {
  const ids = new Set(shards.map((shard) => shard.ShardId));
  const placed = new Set<string>();
  const ordered: Shard[] = [];
  while (ordered.length < shards.length) {
    const before = ordered.length;
    for (const shard of shards) {
      const parent = shard.ParentShardId;
      if (placed.has(shard.ShardId!) || (parent && ids.has(parent) && !placed.has(parent))) continue;
      placed.add(shard.ShardId!);
      ordered.push(shard);
    }
    if (ordered.length === before) break;
  }
  return ordered;
}

export function createStreamRelay(options: StreamRelayOptions) {
  const tables = new DynamoDBClient(options.client);
  const streams = new DynamoDBStreamsClient(options.client);
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let wake: () => void = () => {};
  let loop: Promise<void> | undefined;

  /** One pass at a time, whether the loop or drain() asked for it. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  let knownArn: string | undefined;
  /** The table's stream, looked up once: it changes only if the stream is turned off and on, which nothing here does. */
  async function streamArn(): Promise<string> {
    if (knownArn) return knownArn;
    const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
    if (!Table?.LatestStreamArn) throw new Error(`The table ${options.tableName} has no stream`);
    return (knownArn = Table.LatestStreamArn);
  }

  async function shardsOf(arn: string): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: start }));
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return inOrder(shards);
  }

  async function iteratorFor(arn: string, shardId: string, after: string | undefined): Promise<string | undefined> {
    const ask = (from: string | undefined) =>
      streams.send(
        new GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: shardId,
          ShardIteratorType: from ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
          SequenceNumber: from,
        }),
      );
    try {
      return (await ask(after)).ShardIterator;
    } catch (error) {
      // Records older than the stream keeps (24 hours) are gone: read from the oldest there is.
      if (!(error instanceof TrimmedDataAccessException)) throw error;
      options.onError(`stream relay: records after ${after} on ${shardId} were trimmed; reading from the oldest kept`);
      return (await ask(undefined)).ShardIterator;
    }
  }

  async function deliverBatch(records: StreamRecord[]): Promise<number> {
    const events = records
      .filter((record) => record.eventName === 'INSERT')
      .map((record) => relayedEventOfStreamImage(record.dynamodb?.NewImage))
      .filter((event): event is RelayedEvent => event !== null);
    // EventBridge keeps no order between events either; the batch is done once all of it is.
    await Promise.all(events.map((event) => options.deliver(event)));
    return events.length;
  }

  /**
   * What an idle pass reuses (one GetRecords per open shard, not four requests): the shards, looked
   * up again when one ends and every SHARD_LOOKUP_EVERY passes, and each shard's iterator at its
   * end, which stands for the checkpoint's place. Any failure forgets them, so the next pass starts
   * from the checkpoint.
   */
  let shards: Shard[] | undefined;
  let passesSinceLookup = 0;
  const iterators = new Map<string, string>();
  let kept: RelayCheckpoint | undefined;

  /** Reads every shard up to its end as of now, delivering as it goes; answers how many events went. */
  async function pass(): Promise<number> {
    try {
      return await readShards();
    } catch (error) {
      shards = undefined;
      iterators.clear();
      kept = undefined;
      throw error;
    }
  }

  async function readShards(): Promise<number> {
    const arn = await streamArn();
    if (!kept) {
      const saved = options.checkpoint.load();
      kept = saved?.streamArn === arn ? saved : { streamArn: arn, shards: {} };
    }
    const checkpoint = kept;
    if (!shards || (passesSinceLookup += 1) >= SHARD_LOOKUP_EVERY) {
      shards = await shardsOf(arn);
      passesSinceLookup = 0;
    }
    let delivered = 0;
    for (const shard of shards) {
      const shardId = shard.ShardId!;
      const place = (checkpoint.shards[shardId] ??= {});
      if (place.finished) continue;
      let iterator = iterators.get(shardId) ?? (await iteratorFor(arn, shardId, place.after));
      iterators.delete(shardId);
      while (iterator && !stopped) {
        let page;
        try {
          page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        } catch (error) {
          if (!(error instanceof ExpiredIteratorException)) throw error;
          iterator = await iteratorFor(arn, shardId, place.after);
          continue;
        }
        const records = page.Records ?? [];
        delivered += await deliverBatch(records);
        const last = records.at(-1)?.dynamodb?.SequenceNumber;
        if (last) place.after = last;
        if (!page.NextShardIterator) {
          place.finished = true;
          // A shard ends when it splits: its children are new shards to look up.
          shards = undefined;
        }
        if (last || place.finished) options.checkpoint.save(checkpoint);
        iterator = page.NextShardIterator;
        // DynamoDB Local answers at once with what the shard holds: an empty page is its end for now.
        if (!records.length) {
          if (iterator) iterators.set(shardId, iterator);
          break;
        }
      }
    }
    return delivered;
  }

  async function run() {
    while (!stopped) {
      try {
        await serial(pass);
      } catch (error) {
        options.onError(`stream relay: ${(error as Error).message}; trying again`);
      }
      if (stopped) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.idleMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    /** Polls the stream until stop(). */
    start() {
      loop ??= run();
    },
    /**
     * Delivers everything written so far, and what its consumers wrote in turn, before it resolves
     * (the tests' and the local phone's "events idle"). Answers how many events went.
     */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const delivered = await serial(pass);
        total += delivered;
        // A pass that found a shard's end delivered what it held, but not its children's records,
        // which the next pass looks up: only a pass with neither is the end of what was written.
        if (!delivered && shards) return total;
      }
    },
    async stop() {
      stopped = true;
      wake();
      await loop;
      await queue;
      tables.destroy();
      streams.destroy();
    },
  };
}

export type StreamRelay = ReturnType<typeof createStreamRelay>;
