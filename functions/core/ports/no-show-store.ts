/**
 * No-shows the owner marked (functions/core/no-shows/no-shows.ts): `noShowAt` on the appointment
 * (once, and only on a confirmed one) and, in the same transaction, two sets of booking ids: the month's (`NOSHOWS#<yyyy-mm>`, the dashboard's figure) and the caller's
 * (`NOSHOWCALLER#<phone hash>`, what the receptionist knows of them).
 */
export interface NoShowStore {
  /**
   * Marks the appointment and counts it in its month and against its caller, in one transaction;
   * false when it is not a confirmed appointment (or was marked before, and counted then).
   */
  mark(salonId: string, bookingId: string, at: string, counted: { month: string; phoneHash: string }): Promise<boolean>;
  /**
   * Takes a mark back (the owner's undo): clears `noShowAt` and takes the booking out of both
   * counts, in one transaction; false when it was not marked (never marked, or undone meanwhile).
   */
  unmark(salonId: string, bookingId: string, counted: { month: string; phoneHash: string }): Promise<boolean>;
  inMonth(salonId: string, month: string): Promise<number>;
  ofCaller(salonId: string, phoneHash: string): Promise<number>;
}
