/**
 * `SALON#<id>` / `CALLSWEEP#<callSid>`: a call that is not finished, found across salons on gsi1
 * (`CALLSWEEP` / when to look) by the call sweep (functions/core/calls/sweep-calls.ts). The call
 * item cannot carry the marker itself: its gsi1 place is the call log's.
 *
 * Every write that may create a call record puts the marker first, and it is deleted only once
 * the usage consumer has counted the call's minutes (or the call is gone), not when
 * `call.completed` was handed to the bus: a crash anywhere, the bus's own included, leaves the
 * marker behind, never a call without one. The marker says when to look, not what to do: the sweep
 * reads the call and decides.
 */
export interface CallSweepMarker {
  salonId: string;
  callSid: string;
  /** The sweep looked at this call before (and moved its time); a writer's put clears it. */
  looked: boolean;
}

export interface CallSweepMarkers {
  /** Marks the call unfinished, to be looked at after `at` (idempotent; a later put moves the time). */
  put(salonId: string, callSid: string, at: string): Promise<void>;
  /** The sweep looked: it moves the time to look again; nothing when the marker is gone meanwhile (finished). */
  lookAgainAt(salonId: string, callSid: string, at: string): Promise<void>;
  drop(salonId: string, callSid: string): Promise<void>;
  /** Markers to look at before `before`, soonest first. */
  due(before: Date, limit: number): Promise<CallSweepMarker[]>;
}
