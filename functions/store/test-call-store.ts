import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';
import type { TestCallStore } from '../core/ports/test-call-store.js';

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
