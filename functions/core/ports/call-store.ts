import type { EventDetail } from '../../contracts/events.js';
import type { CallAction } from '../../contracts/calls.js';
import type { CallSweepMarkers } from './call-sweep-markers.js';
import type { CallConversation, CallEnd, CallPage, CallPosition, CallRecord, CallStart, TranscriptLine } from './call-types.js';

/**
 * One item per call under the salon (`CALL#<callSid>`), listed newest first on gsi1, and its
 * transcript beside it (`CALL#<callSid>#TRANSCRIPT`) with a TTL. Several sources write parts of
 * the same call (the voice webhook when it rings, the telephony status callback when it ends,
 * the voice agent's post-call webhook with the transcript), in any order and any number of
 * times: each write sets only its own fields, the first value of a fact wins (`if_not_exists`),
 * so any order of any duplicates leaves the same record (reliability 39).
 *
 * A deleted call leaves a tombstone in its item (ids, `deletedAt` and a TTL, nothing else): every
 * write is conditional on there being none, so a late or re-sent webhook cannot bring the call or
 * its transcript back (RELIABILITY 69). Every write that may create a record also marks the call
 * for the sweep first (call-sweep-markers.ts).
 */
export type CallRemoval = 'removed' | 'missing' | 'unfinished' | 'unmetered';

export interface CallStore {
  recordStart(start: CallStart): Promise<void>;
  /**
   * Records the end and answers the record as it now is, or null for a deleted call. The first end
   * recorded writes `call.completed` with it, in one transaction (the event outbox,
   * functions/store/event-outbox.ts), from the record as that end leaves it (`completed`); the call
   * is then `completedPublished`. A later end only fills what the record lacks: its event left
   * with the first.
   */
  recordEnd(end: CallEnd, completed: (ended: CallRecord) => EventDetail<'call.completed'>): Promise<CallRecord | null>;
  /** The usage consumer counted the call's minutes (or found them counted): the call is finished, and its sweep marker goes. */
  markUsageMetered(salonId: string, callSid: string): Promise<void>;
  /** Answers the record as it now is, or null for a deleted call: nothing of it was kept. */
  recordConversation(conversation: CallConversation): Promise<CallRecord | null>;
  noteTransfer(salonId: string, callSid: string): Promise<void>;
  /** Which legs of the call picked up: facts that only ever become true. */
  noteLegs(salonId: string, callSid: string, legs: { agentConnected?: true; salonAnswered?: true }): Promise<void>;
  /** What the call did through a tool (a booking made, moved or cancelled, a message left): on a known call only, once each. */
  noteAction(salonId: string, callSid: string, action: CallAction, id: string): Promise<void>;
  /** Null for a call never recorded, or deleted. */
  get(salonId: string, callSid: string): Promise<CallRecord | null>;
  transcript(salonId: string, callSid: string): Promise<TranscriptLine[] | null>;
  /** Newest first; `after` is a position this store answered. */
  list(salonId: string, options: { limit: number; after?: CallPosition }): Promise<CallPage>;
  /**
   * Removes a call and its transcript, leaving a tombstone until `keepUntil` (epoch seconds).
   * Only a finished call (`call.completed` sent, its minutes counted): one still open or
   * unpublished is `unfinished`, one whose minutes are not counted yet `unmetered`, so deleting
   * it can never lose its minutes.
   */
  remove(salonId: string, callSid: string, tombstone: { deletedAt: string; keepUntil: number }): Promise<CallRemoval>;
  /**
   * A call that is not the salon's to see (our own `<Dial>` sent back by a forwarding line, and
   * refused): its tombstone from the start, so its status callback records nothing.
   */
  ignore(salonId: string, callSid: string, tombstone: { deletedAt: string; keepUntil: number }): Promise<void>;
  /** The calls the sweep must finish (open, or ended and not yet published). */
  sweep: Pick<CallSweepMarkers, 'due' | 'lookAgainAt' | 'drop'>;
}
