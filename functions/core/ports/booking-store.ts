import type { AppointmentStore } from './booking/appointment-store.js';
import type { CommitBookingChange } from './booking/booking-change.js';
import type { BookingCountStore } from './booking/booking-count-store.js';
import type { CalendarSyncStore } from './booking/calendar-sync-store.js';
import type { CallerRecord, CallerStore } from './booking/caller-store.js';
import type { DayStore } from './booking/day-store.js';
import type { CalendarMirror } from './calendar-mirror-store.js';
import type { IdempotencyRecord, IdempotencyStore } from './booking/idempotency-store.js';
import type { MessageStore } from './booking/message-store.js';
import type { SettleStore } from './booking/settle-store.js';
import type { ReminderStore } from './reminder-store.js';
import type { WaitlistStore } from './waitlist-store.js';
import type { NoShowStore } from './no-show-store.js';
import type { DayItem, DayRef, StoredAppointment } from '../booking/records.js';

/**
 * Everything bookings keep in the single table, one module per record kind (functions/store/
 * booking/). The stylist's day item is the booking of record, written at the version read; every
 * change of a booking writes it and everything that must agree with it in one transaction
 * (booking-change.ts). Everything sits in the salon's partition, so account deletion removes it
 * with the salon.
 */
export interface BookingStore {
  days: DayStore;
  appointments: AppointmentStore;
  idempotency: IdempotencyStore;
  callers: CallerStore;
  /** A change of bookings, one transaction: the days, appointments, caller's record, key, counts, reminders and calendar writes. */
  commitChange: CommitBookingChange;
  counts: BookingCountStore;
  calendarSync: CalendarSyncStore;
  settlements: SettleStore;
  messages: MessageStore;
  /** Each confirmed booking's reminder text, by when it is due (reminder-store.ts). */
  reminders: ReminderStore;
  /** Callers waiting for a time on a full day, and the freed times offered to them (waitlist-store.ts). */
  waitlist: WaitlistStore;
  /** No-shows the owner marked: on the appointment, and counted by month and by caller (no-show-store.ts). */
  noShows: NoShowStore;
  /**
   * What a new booking reads before it commits, in one request: the caller's record and no-shows,
   * the stylists' days and their calendars' mirrors; with `agent`, the salon's agent item too (the
   * secret a remembered caller is confirmed by, consistently read like the rest); with `key`, that
   * Idempotency-Key's item (a retry's answer); with `appointments`, those appointments (a caller's
   * own, looked up by phone, read with the days they are on).
   */
  readForBooking(
    salonId: string,
    phoneHash: string,
    refs: readonly DayRef[],
    calendarIds?: readonly string[],
    options?: { agent?: boolean; key?: string; appointments?: readonly string[] },
  ): Promise<BookingRead>;
  /** What an offer (or a move) reads, in one request: the stylists' days and their calendars' mirrors, and the stylists' calendar mappings as they are now. */
  readForOffer(salonId: string, refs: readonly DayRef[], calendarIds: readonly string[]): Promise<Pick<BookingRead, 'days' | 'mirrors' | 'mappings'>>;
}

export interface BookingRead {
  caller: CallerRecord;
  days: DayItem[];
  pastNoShows: number;
  mirrors: CalendarMirror[];
  /** The agent secret's hash the salon's agent item holds (null: none, or no salon); read only when asked. */
  agentSecretHash: string | null;
  /**
   * The calendar each of the read days' stylists is mapped to now (absent: none), read with the
   * days: an owner's change of mapping takes effect at once, whatever a warm instance remembers.
   */
  mappings: Record<string, string>;
  /** The Idempotency-Key's item, when asked for and there: the booking it made and its answer. */
  earlier: IdempotencyRecord | null;
  /** The appointments asked for that exist. */
  appointments: StoredAppointment[];
}
