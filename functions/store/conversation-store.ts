import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';

/**
 * A sandbox receptionist conversation, between turns (Lambdas keep nothing): what the caller
 * asked for so far and what the receptionist is waiting for. Gone a day later (TTL).
 */
export interface Offer {
  start: string;
  spoken: string;
  stylist?: string;
}

export interface ConversationState {
  salonId: string;
  conversationId: string;
  test: boolean;
  startedAt: string;
  callerPhone: string | null;
  callerName: string | null;
  service: string | null;
  stylist: string | null;
  offers: Offer[];
  chosen: Offer | null;
  /** What the caller's name or number is being asked for; a cancellation keeps the day it named. */
  task: 'booking' | 'message' | 'cancel' | null;
  cancelDate: string | null;
  /** What the last question asked for. */
  awaiting: 'nothing' | 'name' | 'phone' | 'confirm' | 'message' | 'choice';
  turns: number;
  ended: boolean;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createConversationStore(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async get(salonId: string, conversationId: string): Promise<ConversationState | null> {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.conversationSk(conversationId) }, ConsistentRead: true }))).Item;
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

export type ConversationStore = ReturnType<typeof createConversationStore>;
