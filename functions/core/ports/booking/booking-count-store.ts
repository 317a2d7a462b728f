/**
 * `SALON#<id>` / `BOOKINGS#<yyyy-mm>#<shard>`: the ids of the confirmed bookings made that month,
 * and their number, spread over COUNT_SHARDS items by booking id. Every booking's transaction
 * writes its month's count, and DynamoDB refuses a transaction that meets another one in flight on
 * the same item (TransactionConflict): with one item per month, a salon's bookings at once queued
 * behind each other (10 in flight: p99 1.05 s against 0.59 s without the count). The set makes a
 * booking counted once (the number moves only in the same write as the set, and only when the set
 * changes); the dashboard reads the numbers, never the ids. `BOOKINGS#<yyyy-mm>` without a shard
 * is a month counted before the shards, still read.
 */
export interface BookingCountStore {
  add(salonId: string, month: string, bookingId: string): Promise<void>;
  count(salonId: string, month: string): Promise<number>;
}
