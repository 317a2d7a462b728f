import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, conditionally, queryAll, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import type { StoredAppointment } from '../../core/booking/records.js';
import type { AppointmentStore } from '../../core/ports/booking/appointment-store.js';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { appointmentEntity } from '../entities/appointment-entity.js';
import { keyQuery } from '../entities/query.js';

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

/** The put that creates the appointment unless it exists (alone, or in a booking's transaction). */
export function appointmentPut(tableName: string, appointment: StoredAppointment) {
  return appointmentEntity()
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
  return appointmentEntity()
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
  return appointmentEntity()
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
            appointmentEntity()
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
    async firstStartFrom(salonId, from) {
      const query = keyQuery(tableName, { index: 'gsi1', partition: keys.appointmentsByStart(salonId), range: { gte: from.toISOString() } }, { limit: 25 });
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(new QueryCommand({ ...query, ExclusiveStartKey }));
        const first = (page.Items ?? []).map(toAppointment).find((appointment) => appointment.status !== 'cancelled');
        if (first) return first.start;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return null;
    },
  };
  return store;
}
