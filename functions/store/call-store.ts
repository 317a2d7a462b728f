import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';

/**
 * One item per call under the salon (`CALL#<callSid>`), listed newest first on gsi1, and its
 * transcript beside it (`CALL#<callSid>#TRANSCRIPT`) with a TTL. Several sources write parts of
 * the same call (the voice webhook when it rings, the telephony status callback when it ends,
 * the voice agent's post-call webhook with the transcript), in any order and any number of
 * times: each write sets only its own fields, the first value of a fact wins (`if_not_exists`),
 * so any order of any duplicates leaves the same record (reliability 39).
 */
export type CallRoute = 'agent' | 'salon-first' | 'forwarded' | 'test';
export type CallEvaluation = 'success' | 'failure' | 'unknown';

export interface CallRecord {
  salonId: string;
  callSid: string;
  /** E.164, or null for a withheld number or a browser test call. */
  callerPhone: string | null;
  startedAt: string;
  /** How the voice webhook routed the call when it rang. */
  route: CallRoute;
  test: boolean;
  /** Set once the call ended (telephony status callback, or the end of a sandbox call). */
  endedAt: string | null;
  durationSeconds: number | null;
  /** The provider's final status: completed, busy, no-answer, failed, canceled. */
  finalStatus: string | null;
  /** The agent put the caller through to the salon (the transfer tool). */
  transferred: boolean;
  /** The call reached the voice agent (at once, or after the salon's phone rang out). */
  agentConnected: boolean;
  /** Somebody at the salon picked up (a forwarded call, or the salon's phone ringing first). */
  salonAnswered: boolean;
  /** The agent's conversation, once its post-call data arrived. */
  conversationId: string | null;
  summary: string | null;
  evaluation: CallEvaluation | null;
  bookingIds: string[];
  messageIds: string[];
}

export interface TranscriptLine {
  role: 'agent' | 'caller';
  text: string;
  /** Seconds into the call. */
  at: number;
}

export interface CallStart {
  salonId: string;
  callSid: string;
  callerPhone: string | null;
  startedAt: string;
  route: CallRoute;
  test: boolean;
}

export interface CallEnd {
  salonId: string;
  callSid: string;
  /** When the call began, as the ending source knows it: the record keeps the first start it was told. */
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  finalStatus: string;
  /** What the ending source knows of the caller, for a call whose start was never recorded. */
  callerPhone?: string | null;
  test?: boolean;
}

export interface CallConversation {
  salonId: string;
  callSid: string;
  startedAt: string;
  conversationId: string;
  summary: string | null;
  evaluation: CallEvaluation;
  transcript: TranscriptLine[];
  /** When the transcript goes (epoch seconds): DynamoDB's TTL removes it. */
  transcriptExpiresAt: number;
}

/** Where a page of the call log stopped: the last call's start and id (its place on gsi1). */
export interface CallPosition {
  startedAt: string;
  callSid: string;
}

export interface CallPage {
  calls: CallRecord[];
  /** Where the next page starts, null at the end. */
  next: CallPosition | null;
}

export interface CallStore {
  recordStart(start: CallStart): Promise<void>;
  /**
   * Records the end and answers the record as it now is. `completedPublished` says whether
   * `call.completed` went out already: until it is marked, every delivery of the end publishes
   * (a crash between this write and the publish must not lose the call; consumers de-duplicate).
   */
  recordEnd(end: CallEnd): Promise<CallRecord & { completedPublished: boolean }>;
  markCompletedPublished(salonId: string, callSid: string): Promise<void>;
  recordConversation(conversation: CallConversation): Promise<void>;
  noteTransfer(salonId: string, callSid: string): Promise<void>;
  /** Which legs of the call picked up: facts that only ever become true. */
  noteLegs(salonId: string, callSid: string, legs: { agentConnected?: true; salonAnswered?: true }): Promise<void>;
  noteBooking(salonId: string, callSid: string, bookingId: string): Promise<void>;
  noteMessage(salonId: string, callSid: string, messageId: string): Promise<void>;
  get(salonId: string, callSid: string): Promise<CallRecord | null>;
  transcript(salonId: string, callSid: string): Promise<TranscriptLine[] | null>;
  /** Newest first; `after` is a position this store answered. */
  list(salonId: string, options: { limit: number; after?: CallPosition }): Promise<CallPage>;
  /** Removes a call and its transcript; false when there was no such call. */
  remove(salonId: string, callSid: string): Promise<boolean>;
}

const callKey = (salonId: string, callSid: string) => ({ pk: keys.salon(salonId), sk: keys.callSk(callSid) });
const logPlace = (position: CallPosition) => `${position.startedAt}#${position.callSid}`;

function toRecord(item: Record<string, unknown>): CallRecord {
  return {
    salonId: String(item.salonId),
    callSid: String(item.callSid),
    callerPhone: (item.callerPhone as string | undefined) ?? null,
    startedAt: String(item.startedAt),
    route: (item.route as CallRoute | undefined) ?? 'agent',
    test: item.test === true,
    endedAt: (item.endedAt as string | undefined) ?? null,
    durationSeconds: typeof item.durationSeconds === 'number' ? item.durationSeconds : null,
    finalStatus: (item.finalStatus as string | undefined) ?? null,
    transferred: item.transferred === true,
    agentConnected: item.agentConnected === true,
    salonAnswered: item.salonAnswered === true,
    conversationId: (item.conversationId as string | undefined) ?? null,
    summary: (item.summary as string | undefined) ?? null,
    evaluation: (item.evaluation as CallEvaluation | undefined) ?? null,
    bookingIds: [...((item.bookingIds as Set<string> | undefined) ?? [])].sort(),
    messageIds: [...((item.messageIds as Set<string> | undefined) ?? [])].sort(),
  };
}

/** Sets each field only where the record has none yet: the first source to know a fact wins, duplicates change nothing. */
function firstWins(fields: Record<string, unknown>) {
  const present = Object.entries(fields).filter(([, value]) => value !== undefined && value !== null);
  return {
    UpdateExpression: `SET ${present.map(([name]) => `#${name} = if_not_exists(#${name}, :${name})`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(present.map(([name]) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(present.map(([name, value]) => [`:${name}`, value])),
  };
}

export function createCallStore(client: DynamoDBDocumentClient, tableName: string): CallStore {
  /** Every write names the salon, the call and where it sorts, so whichever arrives first creates a listable record. */
  const identity = (salonId: string, callSid: string, startedAt: string) => ({
    salonId,
    callSid,
    startedAt,
    gsi1pk: keys.callsByStart(salonId),
    gsi1sk: logPlace({ startedAt, callSid }),
  });

  async function update(salonId: string, callSid: string, fields: Record<string, unknown>) {
    await client.send(new UpdateCommand({ TableName: tableName, Key: callKey(salonId, callSid), ...firstWins(fields) }));
  }

  /** Only for a call that exists: a tool call or callback naming a call we never saw creates nothing. */
  async function setFlags(salonId: string, callSid: string, flags: readonly string[]) {
    if (!flags.length) return;
    await conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: callKey(salonId, callSid),
          UpdateExpression: `SET ${flags.map((flag) => `#${flag} = :yes`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(flags.map((flag) => [`#${flag}`, flag])),
          ExpressionAttributeValues: { ':yes': true },
        }),
      ),
    );
  }

  async function addToSet(salonId: string, callSid: string, field: 'bookingIds' | 'messageIds', value: string) {
    await conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: callKey(salonId, callSid),
          UpdateExpression: 'ADD #field :value',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#field': field },
          ExpressionAttributeValues: { ':value': new Set([value]) },
        }),
      ),
    );
  }

  return {
    async recordStart(start) {
      await update(start.salonId, start.callSid, {
        ...identity(start.salonId, start.callSid, start.startedAt),
        callerPhone: start.callerPhone,
        route: start.route,
        test: start.test,
      });
    },

    async recordEnd(end) {
      const expression = firstWins({
        ...identity(end.salonId, end.callSid, end.startedAt),
        endedAt: end.endedAt,
        durationSeconds: end.durationSeconds,
        finalStatus: end.finalStatus,
        callerPhone: end.callerPhone,
        test: end.test,
      });
      const result = await client.send(new UpdateCommand({ TableName: tableName, Key: callKey(end.salonId, end.callSid), ...expression, ReturnValues: 'ALL_NEW' }));
      const item = result.Attributes ?? {};
      return { ...toRecord(item), completedPublished: item.completedPublished === true };
    },

    async markCompletedPublished(salonId, callSid) {
      await client.send(
        new UpdateCommand({ TableName: tableName, Key: callKey(salonId, callSid), UpdateExpression: 'SET completedPublished = :yes', ExpressionAttributeValues: { ':yes': true } }),
      );
    },

    async recordConversation(conversation) {
      await update(conversation.salonId, conversation.callSid, {
        ...identity(conversation.salonId, conversation.callSid, conversation.startedAt),
        conversationId: conversation.conversationId,
        summary: conversation.summary,
        evaluation: conversation.evaluation,
      });
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(conversation.salonId), sk: keys.callTranscriptSk(conversation.callSid) },
          UpdateExpression: 'SET #lines = if_not_exists(#lines, :lines), #ttl = if_not_exists(#ttl, :ttl)',
          ExpressionAttributeNames: { '#lines': 'lines', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':lines': conversation.transcript, ':ttl': conversation.transcriptExpiresAt },
        }),
      );
    },

    noteTransfer: (salonId, callSid) => setFlags(salonId, callSid, ['transferred']),
    noteLegs: (salonId, callSid, legs) => setFlags(salonId, callSid, (['agentConnected', 'salonAnswered'] as const).filter((flag) => legs[flag])),

    noteBooking: (salonId, callSid, bookingId) => addToSet(salonId, callSid, 'bookingIds', bookingId),
    noteMessage: (salonId, callSid, messageId) => addToSet(salonId, callSid, 'messageIds', messageId),

    async get(salonId, callSid) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: callKey(salonId, callSid), ConsistentRead: true }));
      return result.Item ? toRecord(result.Item) : null;
    },

    async transcript(salonId, callSid) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.callTranscriptSk(callSid) } }),
      );
      const item = result.Item;
      // DynamoDB removes expired items within days, not at once: an expired transcript is already gone.
      if (!item || (typeof item.ttl === 'number' && item.ttl * 1000 <= Date.now())) return null;
      return item.lines as TranscriptLine[];
    },

    async list(salonId, { limit, after }) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: after ? 'gsi1pk = :pk AND gsi1sk < :after' : 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.callsByStart(salonId), ...(after ? { ':after': logPlace(after) } : {}) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      const calls = (result.Items ?? []).map(toRecord);
      const last = calls.at(-1);
      return { calls, next: result.LastEvaluatedKey && last ? { startedAt: last.startedAt, callSid: last.callSid } : null };
    },

    async remove(salonId, callSid) {
      const removed = await conditionally(
        client.send(new DeleteCommand({ TableName: tableName, Key: callKey(salonId, callSid), ConditionExpression: 'attribute_exists(pk)' })),
      );
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.callTranscriptSk(callSid) } }));
      return removed;
    },
  };
}
