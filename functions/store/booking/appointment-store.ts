import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Appointment } from '../../contracts/appointments.js';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { appointmentEntity } from '../entities/appointment-entity.js';
import { keyQuery } from '../entities/query.js';
import { batchGetAll, conditionally, queryAll, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import type { CalendarSync, StoredAppointment } from '../../core/booking/records.js';

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
}

const APPOINTMENT_FIELDS = [
  'id',
  'salonId',
  'stylistId',
  'stylistName',
  'service',
  'start',
  'end',
  'callerName',
  'callerPhone',
  'callerEmail',
  'status',
  'source',
  'createdAt',
  'calendarEventId',
  'calendarId',
  'calendarSync',
  'idempotencyKey',
  'cancelledAt',
  'rescheduledFrom',
  'rescheduledTo',
  'cancelReason',
  'noShowAt',
  'countedAs',
] as const;

export const toAppointment = (item: Item) =>
  Object.fromEntries(APPOINTMENT_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as StoredAppointment;

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

/** The put that creates the appointment unless it exists (alone, or in a booking's transaction). */
export function appointmentPut(tableName: string, appointment: StoredAppointment) {
  return appointmentEntity
    .build(PutTransaction)
    .item({
      ...appointment,
      pk: keys.salon(appointment.salonId),
      sk: keys.appointmentSk(appointment.id),
      gsi1pk: keys.appointmentsByStart(appointment.salonId),
      gsi1sk: new Date(appointment.start).toISOString(),
    })
    .options({ tableName, condition: { attr: 'pk', exists: false } })
    .params().Put;
}

/** The update that ends a live appointment (confirmed or awaiting its deposit) as cancelled, or moved; refused otherwise (alone, or in a change's transaction). */
export function appointmentCancelUpdate(
  tableName: string,
  salonId: string,
  ending: { bookingId: string; at: string; rescheduledTo?: string; reason?: 'deposit_not_paid' },
) {
  const { rescheduledTo, reason } = ending;
  return appointmentEntity
    .build(UpdateTransaction)
    .item({
      pk: keys.salon(salonId),
      sk: keys.appointmentSk(ending.bookingId),
      status: 'cancelled',
      cancelledAt: ending.at,
      ...(rescheduledTo ? { rescheduledTo } : {}),
      ...(reason ? { cancelReason: reason } : {}),
    })
    .options({ tableName, condition: { attr: 'status', in: ['confirmed', 'awaiting_deposit'] } })
    .params().Update;
}

/** The update that confirms a held appointment once its deposit is paid; refused unless it awaits one. */
export function appointmentPaidUpdate(tableName: string, salonId: string, bookingId: string) {
  return appointmentEntity
    .build(UpdateTransaction)
    .item({ pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId), status: 'confirmed' })
    .options({ tableName, condition: { attr: 'status', eq: 'awaiting_deposit' } })
    .params().Update;
}

export function createAppointmentStore(client: DynamoDBDocumentClient, tableName: string): AppointmentStore {
  const key = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId) });
  const store: AppointmentStore = {
    create(appointment) {
      return conditionally(client.send(new PutCommand(appointmentPut(tableName, appointment))));
    },
    async get(salonId, bookingId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, bookingId), ConsistentRead: true }));
      return result.Item ? toAppointment(result.Item) : null;
    },
    async getMany(salonId, bookingIds) {
      const items = await batchGetAll(
        client,
        tableName,
        [...new Set(bookingIds)].map((bookingId) => key(salonId, bookingId)),
      );
      return items.map(toAppointment);
    },
    async setCalendarState(salonId, bookingId, state) {
      await conditionally(
        client.send(
          new UpdateCommand(
            appointmentEntity
              .build(UpdateTransaction)
              .item({ ...key(salonId, bookingId), calendarEventId: state.calendarEventId, calendarSync: state.calendarSync })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      );
    },
    async list(salonId, from, to) {
      const items = await queryAll(
        client,
        keyQuery(tableName, {
          index: 'gsi1',
          partition: keys.appointmentsByStart(salonId),
          // BETWEEN is inclusive: the upper bound is one millisecond before `to`.
          range: { between: [from.toISOString(), new Date(to.getTime() - 1).toISOString()] },
        }),
      );
      return items.map(toAppointment);
    },
  };
  return store;
}
