/**
 * The waiting list and the offers of freed times (functions/core/waitlist/): `WAITLIST#<date>#<id>`
 * is a caller who asked for a full day; `OFFER#<id>` a freed time texted to that day's list, taken
 * once (a conditional write), though the booking itself is what decides who gets the time.
 */
export interface WaitlistEntry {
  id: string;
  /** The local day asked for, YYYY-MM-DD. */
  date: string;
  serviceId: string;
  serviceName: string;
  durationMinutes: number;
  callerName: string;
  /** E.164 */
  callerPhone: string;
  createdAt: string;
}

export interface SlotOffer {
  id: string;
  salonId: string;
  /** Local wall-clock start, as the book tool takes it (2026-11-28T14:30). */
  start: string;
  stylistName: string;
  /** Who was texted, each with the entry they are on the list by. */
  invited: { entryId: string; date: string; callerPhone: string; callerName: string; serviceName: string }[];
  takenBy: string | null;
}

export interface WaitlistStore {
  /** Keeps the entry unless one with its id is on that day's list already: false then, and nothing changes. */
  add(salonId: string, entry: WaitlistEntry): Promise<boolean>;
  forDay(salonId: string, date: string): Promise<WaitlistEntry[]>;
  /** Everyone waiting for `fromDate` or a later day, by day (the dashboard's waiting list). */
  upcoming(salonId: string, fromDate: string): Promise<WaitlistEntry[]>;
  get(salonId: string, date: string, entryId: string): Promise<WaitlistEntry | null>;
  remove(salonId: string, date: string, entryId: string): Promise<void>;
  putOffer(offer: SlotOffer, expiresAt: Date): Promise<void>;
  getOffer(salonId: string, offerId: string): Promise<SlotOffer | null>;
  /** Marks the offer taken by `phone`; false when someone took it first. */
  take(salonId: string, offerId: string, phone: string): Promise<boolean>;
}
