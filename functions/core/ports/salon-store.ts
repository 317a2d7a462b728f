import type { Salon } from '../salon-profile.js';

export interface SalonStore {
  /** `consistent`: a strongly consistent read (after a conditional write another request may have won). */
  get(salonId: string, consistent?: boolean): Promise<Salon | null>;
  /** Creates the salon unless one with this id exists; answers whichever is stored. */
  createIfAbsent(salon: Salon): Promise<Salon>;
  /** Removes every item in the salon's partition and its phone routing; answers how many. */
  deleteAll(salonId: string): Promise<number>;
  /**
   * Giving the salon a number from the pool, in three steps a crash can interrupt and a retry
   * resumes (functions/core/numbers/give-number.ts): the claim names the number on the profile,
   * the number's item is taken, the claim becomes the salon's number.
   */
  beginNumberClaim(salonId: string, e164: string): Promise<boolean>;
  finishNumberClaim(salonId: string, e164: string): Promise<boolean>;
  dropNumberClaim(salonId: string, e164: string): Promise<boolean>;
  /** Support's assignment: the profile names this number now; answers the number it replaced (null when none), or false when the salon is gone. */
  setAssignedNumber(salonId: string, e164: string): Promise<{ replaced: string | null } | false>;
  /** The salon no longer holds `e164`; false when it did not. */
  clearAssignedNumber(salonId: string, e164: string): Promise<boolean>;
  /** The salon waits for a number (the pool is empty): answers since when (the first time kept) and whether it just began; null when it has one or is gone. */
  markNumberWaiting(salonId: string, at: string): Promise<{ since: string; began: boolean } | null>;
  /** A number we dialled for the salon forwarded the call straight back: never dial it again for this salon. */
  noteLoopingNumber(salonId: string, e164: string): Promise<void>;
  /** The owner is ringing the salon's line to check its forwarding: the next call to reach us ticks it. */
  startForwardingCheck(salonId: string, at: string): Promise<boolean>;
  /** A call reached us through the salon's line (or while the owner checks it): the first since the check started wins. */
  noteForwardingSeen(salonId: string, seen: { at: string; from: string | null; forwardedFrom: boolean }): Promise<boolean>;
  /** Marks the salon live from `at`, keeping an earlier `liveAt`; false when the salon is gone. */
  markLive(salonId: string, at: string): Promise<boolean>;
  /** Calls are answered in message mode until markLive, or until `until` when given; false when the salon is gone or was never live. */
  markPaused(salonId: string, at: string, until: string | null): Promise<boolean>;
  /** The owner's login email, onto an existing profile; false when there is none or it already says so. */
  keepOwnerEmail(salonId: string, email: string): Promise<boolean>;
}
