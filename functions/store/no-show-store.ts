import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import type { NoShowStore } from '../core/ports/no-show-store.js';

export function createNoShowStore(client: DynamoDBDocumentClient, tableName: string): NoShowStore {
  const setUpdate = (verb: 'ADD' | 'DELETE') => (salonId: string, sk: string, bookingId: string) => ({
    Update: {
      TableName: tableName,
      Key: { pk: keys.salon(salonId), sk },
      UpdateExpression: `${verb} ids :id`,
      ExpressionAttributeValues: { ':id': new Set([bookingId]) },
    },
  });
  const addTo = setUpdate('ADD');
  const takeFrom = setUpdate('DELETE');
  /** Whether the transaction committed; false when its first item's condition refused it. */
  const committed = async (items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>) => {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw error;
    }
  };
  const size = async (salonId: string, sk: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk } }));
    return (result.Item?.ids as Set<string> | undefined)?.size ?? 0;
  };
  return {
    mark(salonId, bookingId, at, counted) {
      const mark = {
        Update: {
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId) },
          UpdateExpression: 'SET noShowAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND #status = :confirmed AND attribute_not_exists(noShowAt)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':at': at, ':confirmed': 'confirmed' },
        },
      };
      return committed([mark, addTo(salonId, keys.noShowMonthSk(counted.month), bookingId), addTo(salonId, keys.noShowCallerSk(counted.phoneHash), bookingId)]);
    },
    unmark(salonId, bookingId, counted) {
      const unmark = {
        Update: {
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId) },
          UpdateExpression: 'REMOVE noShowAt',
          ConditionExpression: 'attribute_exists(noShowAt)',
        },
      };
      return committed([
        unmark,
        takeFrom(salonId, keys.noShowMonthSk(counted.month), bookingId),
        takeFrom(salonId, keys.noShowCallerSk(counted.phoneHash), bookingId),
      ]);
    },
    inMonth: (salonId, month) => size(salonId, keys.noShowMonthSk(month)),
    ofCaller: (salonId, phoneHash) => size(salonId, keys.noShowCallerSk(phoneHash)),
  };
}
