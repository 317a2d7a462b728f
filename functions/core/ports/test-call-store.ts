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
