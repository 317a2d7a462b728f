import * as z from 'zod';

/**
 * The appointment as it crosses boundaries: the owner's API, the booking events and the
 * confirmation messages. Times are ISO 8601 with the salon's offset (Europe/Dublin), money in
 * cents. The store's own item shape is the booking store's business.
 */
export const SALON_TIME_ZONE = 'Europe/Dublin';

/** `awaiting_deposit`: the time is held while the caller pays the service's deposit by the link texted to them. */
export const appointmentStatus = z.enum(['confirmed', 'awaiting_deposit', 'cancelled']);

export const appointmentSchema = z.strictObject({
  id: z.string().min(1),
  salonId: z.string().min(1),
  stylistId: z.string().min(1),
  stylistName: z.string(),
  service: z.strictObject({
    id: z.string().min(1),
    name: z.string(),
    durationMinutes: z.number().int().positive(),
    priceCents: z.number().int().nullable(),
    priceMinCents: z.number().int().nullable(),
    priceMaxCents: z.number().int().nullable(),
  }),
  /** e.g. 2026-11-28T14:30:00+00:00 (Europe/Dublin local time with its offset) */
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  callerName: z.string(),
  /** E.164 */
  callerPhone: z.string(),
  callerEmail: z.string().nullable(),
  status: appointmentStatus,
  source: z.enum(['phone-agent', 'owner', 'test-call']),
  createdAt: z.iso.datetime(),
  calendarEventId: z.string().nullable(),
});

export type Appointment = z.infer<typeof appointmentSchema>;

/** How far the owner's list reaches: `days` at most, starting within `fromYears` of today either way. */
export const APPOINTMENT_LIST_LIMITS = { maxDays: 62, fromYears: 3 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date that exists (no 30 February), as milliseconds at its UTC midnight. */
function calendarDate(value: string): number | null {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? at.getTime() : null;
}

/** `GET /api/appointments?from=YYYY-MM-DD&days=N` (owner): the salon's appointments, soonest first. */
export const listAppointmentsQuery = z.strictObject({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'from must be a date (YYYY-MM-DD)', abort: true })
    .refine((value) => calendarDate(value) !== null, { error: 'from must be a real date (YYYY-MM-DD)', abort: true })
    // The window ends `days` later; far-off years would reach dates the store and luxon cannot hold.
    .refine(
      (value) => Math.abs(calendarDate(value)! - Date.now()) <= APPOINTMENT_LIST_LIMITS.fromYears * 366 * DAY_MS,
      `from must be within ${APPOINTMENT_LIST_LIMITS.fromYears} years of today`,
    )
    .optional(),
  days: z
    .string()
    .regex(/^\d{1,2}$/, `days must be a whole number from 1 to ${APPOINTMENT_LIST_LIMITS.maxDays}`)
    .transform(Number)
    .refine((days) => days >= 1 && days <= APPOINTMENT_LIST_LIMITS.maxDays, `days must be a whole number from 1 to ${APPOINTMENT_LIST_LIMITS.maxDays}`)
    .default(7),
});

export interface AppointmentsAnswer {
  appointments: Appointment[];
  /** Confirmed bookings made in the current calendar month, for the dashboard's figure. */
  bookingsThisMonth: number;
  /** Appointments this month the owner marked as no-shows, beside the bookings. */
  noShowsThisMonth: number;
  /** Which of `appointments` the owner marked as no-shows. */
  noShowIds: string[];
  /** The start of the first appointment after the window, if any: the diary offers to go there. */
  nextStart?: string | null;
}

const appointmentId = z.string().regex(/^bk_[0-9a-v]{20}$/, 'bookingId looks wrong');

/**
 * `POST /api/appointments` (owner), from the dashboard's list and the diary: `{bookingId, noShow: true}`
 * the caller did not come, `noShow: false` takes that back; `{bookingId, action: 'cancel'}` cancels,
 * `{bookingId, action: 'move', start, stylistId?}` moves it (start a salon wall-clock time, like
 * 2026-11-28T14:30, as the agent's tools take it: RELIABILITY 49), through the booking engine the
 * receptionist uses, and the caller is texted as when they change it themselves.
 */
export const appointmentActionBody = z.union([
  z.strictObject({ bookingId: appointmentId, noShow: z.boolean() }),
  z.strictObject({ bookingId: appointmentId, action: z.literal('cancel') }),
  z.strictObject({
    bookingId: appointmentId,
    action: z.literal('move'),
    start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'start must be a local date and time like 2026-11-28T14:30'),
    stylistId: z.string().min(1).max(64).optional(),
  }),
]);
export type AppointmentAction = z.infer<typeof appointmentActionBody>;

/** What a change from the diary answers: the appointment as it now stands (the new one after a move). */
export interface AppointmentActionAnswer {
  bookingId: string;
  noShow?: boolean;
  appointment?: Appointment;
}

export const noShowMessages = {
  notFound: 'No such appointment',
  notStarted: 'An appointment can be marked as a no-show only once it has started',
  notConfirmed: 'Only a confirmed appointment can be a no-show',
  testBooking: 'A test booking cannot be a no-show',
  notMarked: 'That appointment is not marked as a no-show',
} as const;
