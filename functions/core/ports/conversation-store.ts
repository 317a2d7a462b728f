import type { ConversationState } from '../receptionist/dialogue.js';

/** The sandbox receptionist's conversations between turns (Lambdas keep nothing), each gone a day later. */
export interface ConversationStore {
  get(salonId: string, conversationId: string): Promise<ConversationState | null>;
  put(state: ConversationState): Promise<void>;
}
