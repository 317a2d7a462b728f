/**
 * `SALON#<id>` / `SETTLE#<bookingId>#<nonce>`: a booking change the sweep must look at again. Since
 * every change of a booking is one transaction (booking-change.ts), only a held time has one: due
 * once its deposit's Checkout Session has expired, so the sweep releases the time if Stripe's
 * `checkout.session.expired` never reached us. Written in the booking's transaction; found across
 * salons on gsi1 (`SETTLE` / since).
 */
export interface SettleMarker {
  /** `<bookingId>#<nonce>` */
  id: string;
  salonId: string;
  bookingId: string;
  date: string;
  /** The stylists whose day may hold the booking ("anyone" is decided at the write). */
  stylistIds: string[];
  since: string;
}

export type MarkerRef = Pick<SettleMarker, 'salonId' | 'id'>;

export interface SettleStore {
  clear(markers: readonly MarkerRef[]): Promise<void>;
  /** Markers older than `before`, oldest first. */
  stale(before: Date, limit: number): Promise<SettleMarker[]>;
}
