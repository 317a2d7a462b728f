/**
 * A call's record and the parts its sources write (the call store's port, call-store.ts); the
 * store reads an item of the table as a record (functions/store/call-types.ts).
 */
/** How the voice webhook first answered: the agent, ringing the salon first, forwarding to a person, message mode, or the owner's test call. */
export type CallRoute = 'agent' | 'salon-first' | 'forwarded' | 'message' | 'test';

export type CallEvaluation = 'success' | 'failure' | 'unknown';

export interface CallRecord {
  salonId: string;
  callSid: string;
  /** E.164, or null for a withheld number or a browser test call. */
  callerPhone: string | null;
  startedAt: string;
  /** How the voice webhook routed the call when it rang. */
  route: CallRoute;
  test: boolean;
  /** Set once the call ended (telephony status callback, or the end of a sandbox call). */
  endedAt: string | null;
  durationSeconds: number | null;
  /** The provider's final status: completed, busy, no-answer, failed, canceled. */
  finalStatus: string | null;
  /** The agent put the caller through to the salon (the transfer tool). */
  transferred: boolean;
  /** The call reached the voice agent (at once, or after the salon's phone rang out). */
  agentConnected: boolean;
  /** Somebody at the salon picked up (a forwarded call, or the salon's phone ringing first). */
  salonAnswered: boolean;
  /** The agent's conversation, once its post-call data arrived. */
  conversationId: string | null;
  summary: string | null;
  evaluation: CallEvaluation | null;
  /** What the call did, through the receptionist's tools: bookings made, moved (the new booking) and cancelled, messages left. */
  bookingIds: string[];
  movedIds: string[];
  cancelledIds: string[];
  messageIds: string[];
  /** `call.completed` was written with the end, in the same transaction (the event outbox): the stream takes it to the bus. */
  completedPublished: boolean;
  /**
   * The call ended and its minutes are not counted yet: set with its end, cleared by the usage
   * consumer's acknowledgement (markUsageMetered). Until then the call keeps its sweep marker and
   * cannot be deleted (RELIABILITY 68).
   */
  usagePending: boolean;
}

export interface TranscriptLine {
  role: 'agent' | 'caller';
  text: string;
  /** Seconds into the call. */
  at: number;
}

export interface CallStart {
  salonId: string;
  callSid: string;
  callerPhone: string | null;
  startedAt: string;
  route: CallRoute;
  test: boolean;
}

export interface CallEnd {
  salonId: string;
  callSid: string;
  /** When the call began, as the ending source knows it: the record keeps the first start it was told. */
  startedAt: string;
  endedAt: string;
  durationSeconds: number;
  finalStatus: string;
  /** What the ending source knows of the caller, for a call whose start was never recorded. */
  callerPhone?: string | null;
  test?: boolean;
}

export interface CallConversation {
  salonId: string;
  callSid: string;
  startedAt: string;
  conversationId: string;
  summary: string | null;
  evaluation: CallEvaluation;
  transcript: TranscriptLine[];
  /** When the transcript goes (epoch seconds): DynamoDB's TTL removes it. */
  transcriptExpiresAt: number;
}

/** Where a page of the call log stopped: the last call's start and id (its place on gsi1). */
export interface CallPosition {
  startedAt: string;
  callSid: string;
}

export interface CallPage {
  calls: CallRecord[];
  /** Where the next page starts, null at the end. */
  next: CallPosition | null;
}
