import type { CalendarSync, StoredAppointment } from '../../booking/records.js';

/**
 * `SALON#<id>` / `APPT#<bookingId>`: the appointment, a projection of its reservation on the
 * stylist's day (day-store.ts), listed by start on gsi1 (`SALON#<id>#APPTS` / start as UTC ISO).
 * Created once; after that only its calendar state and the step to cancelled change.
 */

export interface AppointmentStore {
  /** Creates the appointment unless it exists; answers whether it was created. */
  create(appointment: StoredAppointment): Promise<boolean>;
  get(salonId: string, bookingId: string): Promise<StoredAppointment | null>;
  getMany(salonId: string, bookingIds: readonly string[]): Promise<StoredAppointment[]>;
  setCalendarState(salonId: string, bookingId: string, state: { calendarEventId: string | null; calendarSync: CalendarSync }): Promise<void>;
  /** Appointments starting in [from, to), soonest first. */
  list(salonId: string, from: Date, to: Date): Promise<StoredAppointment[]>;
  /** When the first appointment not cancelled starting at or after `from` starts, or null (a page of the index at a time). */
  firstStartFrom(salonId: string, from: Date): Promise<string | null>;
}
