/**
 * The `<Dial>`s we have placed for a salon's callers and not yet heard back from
 * (`SALON#<id>` / `DIALLING#<callSid>`): whom we rang, for which caller, until when. A call that
 * reaches the salon's number through one of them is our own call coming back: a loop
 * (functions/core/telephony/forwarding-loops.ts). Each expires with the longest ring it stands
 * for, and DynamoDB's TTL removes what a lost callback leaves.
 */
export interface Dialling {
  callSid: string;
  /** The number we dialled. */
  to: string;
  /** The caller's number, presented on our leg (null for a withheld one). */
  caller: string | null;
  expiresAt: string;
}

export interface DiallingStore {
  start(salonId: string, dialling: Dialling): Promise<void>;
  /** The salon's dialling that has not expired at `now` (strongly consistent: a looped leg follows ours within a second). */
  active(salonId: string, now: Date): Promise<Dialling[]>;
  end(salonId: string, callSid: string): Promise<void>;
}
