import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, conditionally, queryAll, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import { tableKeys } from '../table-definition.js';
import type { StoredAppointment } from '../../core/booking/records.js';
import type { AppointmentStore } from '../../core/ports/booking/appointment-store.js';

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
  return {
    TableName: tableName,
    Item: {
      pk: keys.salon(appointment.salonId),
      sk: keys.appointmentSk(appointment.id),
      [tableKeys.gsi1.partitionKey]: keys.appointmentsByStart(appointment.salonId),
      [tableKeys.gsi1.sortKey]: new Date(appointment.start).toISOString(),
      ...appointment,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** The update that ends a live appointment (confirmed or awaiting its deposit) as cancelled, or moved; refused otherwise (alone, or in a change's transaction). */
export function appointmentCancelUpdate(
  tableName: string,
  salonId: string,
  ending: { bookingId: string; at: string; rescheduledTo?: string; reason?: 'deposit_not_paid' },
) {
  const { rescheduledTo, reason } = ending;
  return {
    TableName: tableName,
    Key: { pk: keys.salon(salonId), sk: keys.appointmentSk(ending.bookingId) },
    ConditionExpression: '#status IN (:confirmed, :awaiting)',
    UpdateExpression: `SET #status = :cancelled, cancelledAt = :at${rescheduledTo ? ', rescheduledTo = :to' : ''}${reason ? ', cancelReason = :reason' : ''}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':confirmed': 'confirmed',
      ':awaiting': 'awaiting_deposit',
      ':cancelled': 'cancelled',
      ':at': ending.at,
      ...(rescheduledTo ? { ':to': rescheduledTo } : {}),
      ...(reason ? { ':reason': reason } : {}),
    },
  };
}

/** The update that confirms a held appointment once its deposit is paid; refused unless it awaits one. */
export function appointmentPaidUpdate(tableName: string, salonId: string, bookingId: string) {
  return {
    TableName: tableName,
    Key: { pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId) },
    ConditionExpression: '#status = :awaiting',
    UpdateExpression: 'SET #status = :confirmed',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':awaiting': 'awaiting_deposit', ':confirmed': 'confirmed' },
  };
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
          new UpdateCommand({
            TableName: tableName,
            Key: key(salonId, bookingId),
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression: 'SET calendarEventId = :eventId, calendarSync = :sync',
            ExpressionAttributeValues: { ':eventId': state.calendarEventId, ':sync': state.calendarSync },
          }),
        ),
      );
    },
    async list(salonId, from, to) {
      const items = await queryAll(client, {
        TableName: tableName,
        IndexName: tableKeys.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.appointmentsByStart(salonId),
          ':from': from.toISOString(),
          // BETWEEN is inclusive: the upper bound is one millisecond before `to`.
          ':to': new Date(to.getTime() - 1).toISOString(),
        },
      });
      return items.map(toAppointment);
    },
    async firstStartFrom(salonId, from) {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: tableKeys.gsi1.name,
            KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
            ExpressionAttributeValues: { ':pk': keys.appointmentsByStart(salonId), ':from': from.toISOString() },
            Limit: 25,
            ExclusiveStartKey,
          }),
        );
        const first = (page.Items ?? []).map(toAppointment).find((appointment) => appointment.status !== 'cancelled');
        if (first) return first.start;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return null;
    },
  };
  return store;
}
