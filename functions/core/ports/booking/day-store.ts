import type { DayItem, DayRef } from '../../booking/records.js';

/**
 * `SALON#<id>` / `DAY#<stylistId>#<yyyy-mm-dd>`: one item per stylist per local day, and the
 * booking of record. Every reservation carries everything its appointment is rebuilt from, so the
 * one conditional write that takes the time IS the booking; the appointment item, the caller's
 * record, the counts and the calendar event are projections of it (docs/bookings.md).
 *
 * - `intervals`: live reservations (they block time).
 * - `ended`: reservations that were cancelled or moved away, with where they went, so a racing
 *   second change is told what really happened (pruned after a week by the ledger).
 *
 * Written only on the condition that the version is still the one read, in the transaction of the
 * change (booking-change.ts), so of two writers one loses, re-reads and decides again.
 */

export interface DayStore {
  getMany(salonId: string, refs: readonly DayRef[]): Promise<DayItem[]>;
  get(salonId: string, ref: DayRef): Promise<DayItem>;
}
