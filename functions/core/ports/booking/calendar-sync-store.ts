/**
 * `SALON#<id>` / `CALSYNC#<bookingId>`: a calendar write still to be done (the provider was down).
 * Listed per salon for the retry, and across salons on gsi1 (`CALSYNC` / since) for the sweep.
 */
export interface CalendarSyncTask {
  bookingId: string;
  operation: 'create' | 'delete';
  since: string;
  /** The last failed attempt, when one failed: what went wrong (a calendar error kind) and when. */
  failure?: { kind: string; at: string };
}

export interface CalendarSyncStore {
  clear(salonId: string, bookingId: string): Promise<void>;
  /** Notes a failed attempt on a marker still there (none is created). */
  noteFailure(salonId: string, bookingId: string, kind: string, at: string): Promise<void>;
  pending(salonId: string, limit: number): Promise<CalendarSyncTask[]>;
  /** Salons with a calendar write pending since before `before`, oldest first. */
  salonsWithPending(before: Date, limit: number): Promise<string[]>;
}
