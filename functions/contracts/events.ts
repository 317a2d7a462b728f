import * as z from 'zod';
import { enterLogContext, logContext, type LogContext } from '../logger.js';
import { appointmentSchema } from './appointments.js';
import { CALL_OUTCOMES } from './calls.js';

/** Every event on the bus: a past-tense detail-type and the schema of its detail. */
export const EVENT_SOURCE = 'salon-receptionist';

/**
 * Every detail may carry the correlation id of the work that caused it: the call's sid, else the
 * booking's id (docs/operations.md, "One call's lines"). Publishers stamp it from the log context
 * (functions/logger.ts); a consumer's lines carry it once it has read the event.
 */
const CORRELATION = { correlationId: z.string().min(1).max(128).optional() };
const detail = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ ...shape, ...CORRELATION });

export const eventCatalog = {
  /** A booking was committed (after the reservation write succeeded). */
  'booking.confirmed': detail({ appointment: appointmentSchema, salonName: z.string(), ownerEmail: z.string().nullable() }),
  /** A booking was cancelled, by the caller through the agent or by the owner, or released because its deposit was not paid. */
  'booking.cancelled': detail({
    appointment: appointmentSchema,
    salonName: z.string(),
    ownerEmail: z.string().nullable(),
    reason: z.enum(['deposit_not_paid']).optional(),
  }),
  /** A booking holds its time awaiting a deposit: the caller is texted the payment link (Checkout on the salon's connected account). */
  'booking.deposit-requested': detail({
    appointment: appointmentSchema,
    salonName: z.string(),
    depositCents: z.int().positive(),
    payUrl: z.url(),
    expiresAt: z.iso.datetime(),
  }),
  /** A deposit was paid after its booking had ended (cancelled, moved or released) and is refunded in full: the caller is texted so. */
  'booking.deposit-refunded': detail({
    appointment: appointmentSchema,
    salonName: z.string(),
    depositCents: z.int().positive().nullable(),
  }),
  /** A booking's reminder is due (the reminder sweep, its lead before the start, never in the Irish night): the caller is texted, once. */
  'booking.reminder-due': detail({
    appointment: appointmentSchema,
    salonName: z.string(),
    /** The language the salon's receptionist speaks to callers (its voice settings). */
    language: z.string().min(2).max(8),
  }),
  /** A booking still bookable was cancelled (or its hold released), however far off: its time is offered to the day's waiting list. */
  'booking.slot-freed': detail({ appointment: appointmentSchema, salonName: z.string() }),
  /** A caller left a message for the salon (the take-message tool). */
  'message.left': detail({
    salonId: z.string().min(1),
    messageId: z.string().min(1),
    callerName: z.string(),
    createdAt: z.iso.datetime(),
  }),
  /** A call ended (telephony status callback, or the end of a sandbox call); may arrive more than once. */
  'call.completed': detail({
    salonId: z.string().min(1),
    callSid: z.string().min(1),
    startedAt: z.iso.datetime(),
    durationSeconds: z.int().nonnegative(),
    outcome: z.enum(CALL_OUTCOMES),
    test: z.boolean(),
  }),
  /** A salon's minutes this billing period reached a warning threshold (a percentage of the plan's); once per threshold per period. */
  'usage.threshold-reached': detail({
    salonId: z.string().min(1),
    periodId: z.string().min(1),
    threshold: z.union([z.literal(80), z.literal(100)]),
    minutesUsed: z.int().nonnegative(),
    minutesIncluded: z.int().positive(),
  }),
  /** Support assigned the salon its inbound number (again, when it changed): the owner is told how to put it to use. */
  'salon.number-assigned': detail({
    salonId: z.string().min(1),
    phoneNumber: z.string().regex(/^\+[1-9]\d{6,14}$/),
    assignedAt: z.iso.datetime(),
  }),
  /** A salon finished setup while the number pool was empty: support is told at once. */
  'salon.number-waiting': detail({
    salonId: z.string().min(1),
    since: z.iso.datetime(),
  }),
  'salon.deleted': detail({
    salonId: z.string().min(1),
    ownerId: z.string().min(1),
    deletedAt: z.iso.datetime(),
  }),
} as const;

export type EventType = keyof typeof eventCatalog;
export type EventDetail<T extends EventType> = z.infer<(typeof eventCatalog)[T]>;

export interface BusEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  detail: EventDetail<T>;
  time: string;
}

/** A consumer's reading of its event: the detail, checked; and the event's ids join the consumer's log lines (a context of its own per event). */
export function parseEventDetail<T extends EventType>(type: T, detail: unknown): EventDetail<T> {
  const parsed = eventCatalog[type].parse(detail) as EventDetail<T>;
  enterLogContext(idsOf(parsed));
  return parsed;
}

/** The detail as it leaves: stamped with the correlation id of the work that writes it (a call's tools, its webhook, a consumer). */
export function withCorrelation<T extends EventType>(detail: EventDetail<T>): EventDetail<T> {
  const correlationId = detail.correlationId ?? logContext().correlationId;
  return correlationId ? { ...detail, correlationId } : detail;
}

/**
 * An event detail's correlation id, read from the detail as it arrived (parsed or not): the call's
 * that wrote it, else, for one written outside a call's work (a sweep's), its booking's, else its call's.
 */
export function correlationIdOf(detail: unknown): string | undefined {
  const fields = detail as { correlationId?: unknown; appointment?: { id?: unknown }; callSid?: unknown } | undefined;
  const id = fields?.correlationId ?? fields?.appointment?.id ?? fields?.callSid;
  return typeof id === 'string' && id ? id : undefined;
}

/** An event's ids, for the lines its consumer writes. */
function idsOf(detail: EventDetail<EventType>): LogContext {
  const fields = detail as { appointment?: { id: string; salonId: string }; callSid?: string; salonId?: string };
  return {
    correlationId: correlationIdOf(detail),
    bookingId: fields.appointment?.id,
    salonId: fields.appointment?.salonId ?? fields.salonId,
    callSid: fields.callSid,
  };
}

/**
 * An event's id from its type and what makes this occurrence one: `outboxEventId('call.completed', callSid)`,
 * `outboxEventId('booking.confirmed', `${bookingId}#${version}`)`.
 */
export function outboxEventId(type: EventType, subjectId: string): string {
  return `${type}#${subjectId}`;
}
