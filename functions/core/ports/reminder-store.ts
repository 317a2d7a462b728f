/**
 * `SALON#<id>` / `REMINDER#<bookingId>`: a booking's reminder text, due at `sendAt`. gsi1 lists
 * every salon's by the UTC day it is due (`REMINDERS#<yyyy-mm-dd>` / `<sendAt>#<salon>#<booking>`),
 * so the reminder sweep reads only what is due, and a day's writes spread over their own
 * partition key rather than one for all time (docs/reminders.md). The item says when to look, not
 * whether to send: the sweep reads the appointment and decides.
 */
export interface Reminder {
  salonId: string;
  bookingId: string;
  /** ISO instant. */
  sendAt: string;
  /** The appointment's start when the reminder was scheduled (a moved booking is a new booking id). */
  start: string;
}

export interface ReminderStore {
  /** Schedules (or moves) the booking's one reminder. */
  put(reminder: Reminder): Promise<void>;
  drop(salonId: string, bookingId: string): Promise<void>;
  /** Looks at the reminder again at `sendAt` (its event went out, its text is not sent yet); nothing when it was dropped meanwhile. */
  postpone(salonId: string, bookingId: string, sendAt: string): Promise<void>;
  /** Reminders due at or before `now`, soonest first, from the last `lookBackDays` days' partitions. */
  due(now: Date, limit: number): Promise<Reminder[]>;
}
