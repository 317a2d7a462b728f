/**
 * The stage's phone numbers, one item each (`PHONE#<e164>` / `SALON`): the pool operators stock
 * (`free`), the number a salon holds (`assigned`: inbound routing reads its `salonId`), and a
 * number out of use (`quarantined`): released by a salon, it keeps saying whose it was for its
 * 30 days; held by an operator, it waits until they free it. gsi1 lists each state: assigned
 * numbers by number (support's list), free ones oldest first, quarantined ones by when they may
 * be given out again.
 */
export type NumberState = 'free' | 'assigned' | 'quarantined';

/** Who a released number belonged to, so its callers are told how to reach them meanwhile. */
export interface FormerHolder {
  salonId: string;
  name: string;
  /** The salon's phone, when it is not the line that forwarded to this number (it would loop). */
  phone: string | null;
}

export interface PhoneNumberRecord {
  phoneNumber: string;
  state: NumberState;
  /** The salon holding it (assigned only). */
  salonId: string | null;
  /** When it entered its state. */
  since: string;
  /** Quarantined: when it may be given out again; null while an operator holds it. */
  until: string | null;
  former: FormerHolder | null;
}

export interface NumberStore {
  get(e164: string): Promise<PhoneNumberRecord | null>;
  /** The salon a call to this number is for: only an assigned number has one. */
  salonFor(e164: string): Promise<string | null>;
  /** A new number into the pool; false when the number is already known. */
  stock(e164: string, at: string): Promise<boolean>;
  /** Numbers a salon may take now, free ones first (oldest first), then quarantined ones whose time is up. */
  available(now: Date, limit: number): Promise<string[]>;
  /** Gives the number to the salon when it is free, out of quarantine, or already the salon's; false otherwise. */
  take(e164: string, salonId: string, now: Date): Promise<boolean>;
  /**
   * Support's assignment of a number this stage owns: like `take`, and a number never stocked is
   * recorded as the salon's at once.
   */
  assign(e164: string, salonId: string, now: Date): Promise<boolean>;
  /** The salon's number back into the pool at once (a claim that could not finish); false when the salon does not hold it. */
  giveBack(e164: string, salonId: string, at: string): Promise<boolean>;
  /**
   * Out of use until `until` (null: until an operator frees it), saying whose it was meanwhile.
   * With `holder`, only while that salon holds it; false when the condition fails.
   */
  quarantine(e164: string, options: { at: string; until: string | null; former: FormerHolder | null; holder?: string }): Promise<boolean>;
  /** An operator's held number back into the pool. */
  free(e164: string, at: string): Promise<boolean>;
  /** Forgets a number the stage no longer owns (released to the provider); never an assigned one. */
  forget(e164: string): Promise<boolean>;
  /** Every number in every state. */
  list(): Promise<PhoneNumberRecord[]>;
  /** How many numbers a salon could take now, and how many wait in quarantine. */
  level(now: Date): Promise<{ free: number; quarantined: number }>;
  /** Salons that finished setup while the pool was empty, first come first served. */
  waiting(limit: number): Promise<{ salonId: string; since: string }[]>;
  /** Puts the salon in the queue (once: its first `since` is kept by the caller). */
  startWaiting(salonId: string, since: string): Promise<void>;
  stopWaiting(salonId: string, since: string): Promise<void>;
}
