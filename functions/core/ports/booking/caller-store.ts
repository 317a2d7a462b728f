/**
 * `SALON#<id>` / `CALLER#<phone hash>`: the caller's bookings of the last hour (the per-caller
 * cap) and their upcoming ones ("cancel my booking"), versioned like the day item.
 */
export interface CallerRecord {
  /** Bookings made in the last hour (epoch ms), for the per-caller cap. */
  recent: { bookingId: string; at: number }[];
  /** The caller's upcoming bookings (start in epoch ms). */
  bookings: { bookingId: string; start: number }[];
  version: number;
}

export interface CallerStore {
  get(salonId: string, phoneHash: string): Promise<CallerRecord>;
}
