import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';

/** `SALON#<id>` / `MSG#<at>#<id>`: a message a caller left for the salon (take-message). */
export interface CallerMessage {
  id: string;
  callerName: string;
  callerPhone: string;
  message: string;
  createdAt: string;
}

export interface MessageStore {
  put(salonId: string, message: CallerMessage): Promise<void>;
}

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
  };
}
