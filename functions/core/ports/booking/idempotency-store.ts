/**
 * `SALON#<id>` / `IDEMP#<key>`: a booking request's `Idempotency-Key`, written in the booking's own
 * transaction (booking-change.ts) with the request's hash, the booking it made and the answer the
 * caller was given: a retry with the same key and body is told that answer again, another body
 * 422. Of two requests under one new key racing, the transaction lets one write it; the other
 * reads it. Expires after a day (ttl).
 */
export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  bookingId: string;
  answer: unknown;
}

export interface IdempotencyStore {
  get(salonId: string, key: string): Promise<IdempotencyRecord | null>;
}
