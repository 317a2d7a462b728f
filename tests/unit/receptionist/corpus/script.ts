import type { ExistingBooking } from './corpus-salon.js';

/**
 * One caller's call, written the way people talk, with what a careful receptionist would have
 * done by the end of it. Times are local Dublin wall times; the clock is Wednesday 25 November
 * 2026, nine in the morning.
 */
export interface Script {
  id: string;
  /** What the caller says, turn by turn (they say yes to a read-back without listening). */
  says: string[];
  /** Bookings made before the call: the caller's own (to cancel or move), or others' that take a time. */
  existing?: ExistingBooking[];
  expect: Expected;
}

export interface ExpectedBooking {
  service: string;
  start: string;
  /** Only when the caller asked for one. */
  stylist?: string;
}

export interface Expected {
  /** Exactly these new bookings, and no other (none when left out). */
  books?: ExpectedBooking[];
  /** The caller's existing bookings (by start) that end up cancelled. */
  cancels?: string[];
  /** The caller's existing bookings moved, from one start to another. */
  moves?: { from: string; to: string }[];
  message?: boolean;
  transfer?: boolean;
  /** Something the receptionist must say along the way. */
  says?: RegExp;
  /** A price question: the one service whose price may be stated as "<service> is €…". */
  quotes?: string;
}
