import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';

/**
 * `SALON#<id>` / `TESTCALL`: the salon's one open sandbox test call, if any. Opening one is a
 * conditional put, so of any number of starts at once one opens it; it bounds itself (`endsBy`,
 * when the free test minutes it may use run out), so a call whose browser closed without hanging
 * up stops blocking the next one then. Gone a day later (TTL) whatever happens.
 */
export interface OpenTestCall {
  conversationId: string;
  callSid: string;
  startedAt: string;
  /** When its free test minutes run out: the call ends there at the latest. */
  endsBy: string;
  /** The owner's last turn: where a call left open (browser closed) is taken to have ended. */
  lastHeardAt: string;
}

export interface TestCallStore {
  get(salonId: string): Promise<OpenTestCall | null>;
  /** Opens the salon's test call; false when one is already open. */
  open(salonId: string, call: OpenTestCall): Promise<boolean>;
  /** Notes the owner's turn on the open call, if it is still this one. */
  heard(salonId: string, callSid: string, at: string): Promise<void>;
  /** Closes the open call, if it is still this one. */
  close(salonId: string, callSid: string): Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createTestCallStore(client: DynamoDBDocumentClient, tableName: string): TestCallStore {
  return {
    async get(salonId) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.testCallSk }, ConsistentRead: true })))
        .Item;
      if (!item) return null;
      return {
        conversationId: String(item.conversationId),
        callSid: String(item.callSid),
        startedAt: String(item.startedAt),
        endsBy: String(item.endsBy),
        lastHeardAt: String(item.lastHeardAt ?? item.startedAt),
      };
    },
    open(salonId, call) {
      return conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { pk: keys.salon(salonId), sk: keys.testCallSk, ...call, ttl: Math.floor(Date.parse(call.startedAt) / 1000) + DAY_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    async heard(salonId, callSid, at) {
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.testCallSk },
            UpdateExpression: 'SET lastHeardAt = :at',
            ConditionExpression: 'callSid = :sid',
            ExpressionAttributeValues: { ':at': at, ':sid': callSid },
          }),
        ),
      );
    },
    async close(salonId, callSid) {
      await conditionally(
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.testCallSk },
            ConditionExpression: 'callSid = :sid',
            ExpressionAttributeValues: { ':sid': callSid },
          }),
        ),
      );
    },
  };
}
