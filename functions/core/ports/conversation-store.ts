/**
 * What the store needs of a conversation to file it; the rest of its state is the talker's own
 * (the sandbox receptionist's dialogue, local/receptionist/dialogue.ts), kept whole and read back as written.
 */
export interface ConversationState {
  salonId: string;
  conversationId: string;
}

/** The sandbox receptionist's conversations between turns (Lambdas keep nothing), each gone a day later. */
export interface ConversationStore<State extends ConversationState = ConversationState> {
  get(salonId: string, conversationId: string): Promise<State | null>;
  put(state: State): Promise<void>;
}
