import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from '../dynamo.js';
import { keys } from '../keys.js';
import type { MessageStore } from '../../core/ports/booking/message-store.js';

export function createMessageStore(client: DynamoDBDocumentClient, tableName: string): MessageStore {
  return {
    async put(salonId, message) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: keys.salon(salonId), sk: keys.messageSk(message.createdAt, message.id), ...message },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },

    async get(salonId, { id, createdAt }) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.messageSk(createdAt, id) } }));
      if (!result.Item) return null;
      const { callerName, callerPhone, message, doneAt } = result.Item;
      return {
        id,
        createdAt,
        callerName: String(callerName),
        callerPhone: String(callerPhone),
        message: String(message),
        doneAt: (doneAt as string | undefined) ?? null,
      };
    },

    async list(salonId, { limit, after: position }) {
      // A message key is never below the prefix, so the range stays among messages.
      const after = position && keys.messageSk(position.createdAt, position.id);
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: after ? 'pk = :pk AND sk BETWEEN :first AND :after' : 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': keys.salon(salonId),
            ...(after ? { ':first': keys.messagePrefix, ':after': after } : { ':prefix': keys.messagePrefix }),
          },
          ScanIndexForward: false,
          Limit: limit + (after ? 1 : 0),
        }),
      );
      // BETWEEN includes the page's last item: it was on the previous page.
      const items = (result.Items ?? []).filter((item) => item.sk !== after).slice(0, limit);
      const messages = items.map((item) => ({
        id: String(item.id),
        callerName: String(item.callerName),
        callerPhone: String(item.callerPhone),
        message: String(item.message),
        createdAt: String(item.createdAt),
        doneAt: (item.doneAt as string | undefined) ?? null,
      }));
      const last = messages.at(-1);
      return { messages, next: result.LastEvaluatedKey && last ? { createdAt: last.createdAt, id: last.id } : null };
    },

    setDone: (salonId, message, doneAt) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.messageSk(message.createdAt, message.id) },
            UpdateExpression: 'SET doneAt = :doneAt',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':doneAt': doneAt },
          }),
        ),
      ),
  };
}
