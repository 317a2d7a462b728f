import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';

/**
 * No-shows the owner marked (functions/core/no-shows/no-shows.ts): `noShowAt` on the appointment
 * (once, and only on a confirmed one), and two sets of booking ids, so marking again counts nothing
 * twice: the month's (`NOSHOWS#<yyyy-mm>`, the dashboard's figure) and the caller's
 * (`NOSHOWCALLER#<phone hash>`, what the receptionist knows of them).
 */
export interface NoShowStore {
  /** Marks the appointment; false when it is not a confirmed appointment (or was marked before). */
  markAppointment(salonId: string, bookingId: string, at: string): Promise<boolean>;
  count(salonId: string, month: string, phoneHash: string, bookingId: string): Promise<void>;
  inMonth(salonId: string, month: string): Promise<number>;
  ofCaller(salonId: string, phoneHash: string): Promise<number>;
}

export function createNoShowStore(client: DynamoDBDocumentClient, tableName: string): NoShowStore {
  const addTo = (salonId: string, sk: string, bookingId: string) =>
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: keys.salon(salonId), sk },
        UpdateExpression: 'ADD ids :id',
        ExpressionAttributeValues: { ':id': new Set([bookingId]) },
      }),
    );
  const size = async (salonId: string, sk: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk } }));
    return (result.Item?.ids as Set<string> | undefined)?.size ?? 0;
  };
  return {
    markAppointment: (salonId, bookingId, at) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId) },
            UpdateExpression: 'SET noShowAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND #status = :confirmed AND attribute_not_exists(noShowAt)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':at': at, ':confirmed': 'confirmed' },
          }),
        ),
      ),
    async count(salonId, month, phoneHash, bookingId) {
      await Promise.all([addTo(salonId, keys.noShowMonthSk(month), bookingId), addTo(salonId, keys.noShowCallerSk(phoneHash), bookingId)]);
    },
    inMonth: (salonId, month) => size(salonId, keys.noShowMonthSk(month)),
    ofCaller: (salonId, phoneHash) => size(salonId, keys.noShowCallerSk(phoneHash)),
  };
}
