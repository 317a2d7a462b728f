import { z } from 'zod';

/**
 * The appointment as it crosses boundaries: the owner's API, the booking events and the
 * confirmation messages. Times are ISO 8601 with the salon's offset (Europe/Dublin), money in
 * cents. The store's own item shape is the booking store's business.
 */
export const SALON_TIME_ZONE = 'Europe/Dublin';

export const appointmentStatus = z.enum(['confirmed', 'cancelled']);

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

/** `GET /api/appointments?from=YYYY-MM-DD&days=N` (owner): the salon's appointments, soonest first. */
export const listAppointmentsQuery = z.strictObject({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date (YYYY-MM-DD)').optional(),
  days: z.coerce.number().int().min(1).max(62).default(7),
});

export interface AppointmentsAnswer {
  appointments: Appointment[];
  /** Confirmed bookings made in the current calendar month, for the dashboard's figure. */
  bookingsThisMonth: number;
}
