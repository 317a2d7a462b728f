import type { CallerMessage } from '../../booking/records.js';

/** Where a page of messages stopped: the last message's time and id (its key). */
export interface MessagePosition {
  createdAt: string;
  id: string;
}

export interface MessagePage {
  messages: (CallerMessage & { doneAt: string | null })[];
  /** Where the next page starts, null at the end. */
  next: MessagePosition | null;
}

export interface MessageStore {
  put(salonId: string, message: CallerMessage): Promise<void>;
  get(salonId: string, message: { id: string; createdAt: string }): Promise<CallerMessage | null>;
  /** Newest first; `after` is a position this store answered (the key is built from it, never taken whole from a client). */
  list(salonId: string, options: { limit: number; after?: MessagePosition }): Promise<MessagePage>;
  /** Marks a message done (or not); false when there is no such message. */
  setDone(salonId: string, message: { id: string; createdAt: string }, doneAt: string | null): Promise<boolean>;
}
