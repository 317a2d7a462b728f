import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import type { ConversationState, ConversationStore } from '../core/ports/conversation-store.js';

/**
 * A sandbox receptionist conversation, between turns (Lambdas keep nothing): its dialogue state
 * (local/receptionist/dialogue.ts), kept whole. Gone a day later (TTL).
 */
export type { ConversationState };

const DAY_SECONDS = 24 * 60 * 60;

export function createConversationStore(client: DynamoDBDocumentClient, tableName: string): ConversationStore {
  return {
    async get(salonId: string, conversationId: string): Promise<ConversationState | null> {
      const item = (
        await client.send(
          new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.conversationSk(conversationId) }, ConsistentRead: true }),
        )
      ).Item;
      return item ? (item.state as ConversationState) : null;
    },
    async put(state: ConversationState): Promise<void> {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: keys.salon(state.salonId), sk: keys.conversationSk(state.conversationId), state, ttl: Math.floor(Date.now() / 1000) + DAY_SECONDS },
        }),
      );
    },
  };
}
