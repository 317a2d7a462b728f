import type { Appointment } from '../../contracts/appointments.js';

/**
 * The booking of record as core reasons about it: a stylist's day with its reservations (the one
 * conditional write that takes a time), the appointment projected from a reservation, and a
 * caller's message. The store keeps these shapes under its keys (store/booking/); core owns them.
 */

export interface BookingRecord {
  stylistName: string;
  service: Appointment['service'];
  callerName: string;
  /** E.164 */
  callerPhone: string;
  callerEmail: string | null;
  source: Appointment['source'];
  createdAt: string;
  /** The calendar the event goes to; null when the stylist has none mapped. */
  calendarId: string | null;
  idempotencyKey: string | null;
  rescheduledFrom: string | null;
  /** A service's deposit: the time is held (awaiting deposit) until `paidAt` is set. Absent: none. */
  deposit?: DepositHold;
  /** Where a moved booking is counted: the month and id of the booking first made (a move is not a new booking). */
  countedAs?: CountEntry;
}

export interface CountEntry {
  month: string;
  bookingId: string;
}

export interface DepositHold {
  amountCents: number;
  /** The salon's connected account the session is on (absent on holds made before it was kept). */
  accountId?: string;
  /** The Checkout Session on the salon's connected account, and its link texted to the caller. */
  sessionId: string;
  payUrl: string;
  /** When the session expires (UTC ISO); the hold is released then. */
  expiresAt: string;
  paidAt: string | null;
}

/** The reservation a move hold replaces, on its own day. */
export interface DayReservation {
  bookingId: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
  /** Absent only on reservations written before records were kept. */
  record?: BookingRecord;
}

export interface MovedTo {
  bookingId: string;
  start: string;
  stylistId: string;
  stylistName: string;
}

export interface EndedReservation extends DayReservation {
  at: string;
  /** Where a rescheduled booking went; null for a cancellation. */
  movedTo: MovedTo | null;
  /** Why it ended when nobody cancelled it: the hold lapsed because its deposit was not paid. */
  reason?: 'deposit_not_paid';
}

export interface DayItem {
  stylistId: string;
  date: string;
  intervals: DayReservation[];
  ended: EndedReservation[];
  /** 0 when the item does not exist yet. */
  version: number;
}

export interface DayRef {
  stylistId: string;
  date: string;
}

export type CalendarSync = 'pending' | 'synced' | 'none';

/** The appointment as stored: the shared shape plus what only the store needs. */
export interface StoredAppointment extends Appointment {
  /** The calendar the event was (or is to be) written to; null when the stylist has none mapped. */
  calendarId: string | null;
  calendarSync: CalendarSync;
  idempotencyKey: string | null;
  cancelledAt: string | null;
  rescheduledFrom: string | null;
  rescheduledTo: string | null;
  /** Set when the booking ended without anyone cancelling it (its deposit was not paid in time). */
  cancelReason?: 'deposit_not_paid' | null;
  /** When the owner marked it a no-show (functions/store/no-show-store.ts). */
  noShowAt?: string | null;
  /** A moved booking is counted as the booking first made (BookingRecord.countedAs). */
  countedAs?: CountEntry | null;
}

/** A message a caller left for the salon (take-message); stored as `SALON#<id>` / `MSG#<at>#<id>` (store/booking/message-store.ts). */
export interface CallerMessage {
  id: string;
  callerName: string;
  callerPhone: string;
  message: string;
  createdAt: string;
  /** When the owner marked it dealt with; null while it waits. */
  doneAt?: string | null;
}

/** The shared shape (events, owner API): the store's own fields removed. */
export function publicAppointment(stored: StoredAppointment): Appointment {
  return {
    id: stored.id,
    salonId: stored.salonId,
    stylistId: stored.stylistId,
    stylistName: stored.stylistName,
    service: { ...stored.service },
    start: stored.start,
    end: stored.end,
    callerName: stored.callerName,
    callerPhone: stored.callerPhone,
    callerEmail: stored.callerEmail,
    status: stored.status,
    source: stored.source,
    createdAt: stored.createdAt,
    calendarEventId: stored.calendarEventId,
  };
}
