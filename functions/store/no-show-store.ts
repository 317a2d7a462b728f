import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { appointmentEntity } from './entities/appointment-entity.js';
import { noShowSetEntity } from './entities/waitlist-entities.js';
import { keys } from './keys.js';

/**
 * No-shows the owner marked (functions/core/no-shows/no-shows.ts): `noShowAt` on the appointment
 * (once, and only on a confirmed one) and, in the same transaction, two sets of booking ids: the month's (`NOSHOWS#<yyyy-mm>`, the dashboard's figure) and the caller's
 * (`NOSHOWCALLER#<phone hash>`, what the receptionist knows of them).
 */
export interface NoShowStore {
  /**
   * Marks the appointment and counts it in its month and against its caller, in one transaction;
   * false when it is not a confirmed appointment (or was marked before, and counted then).
   */
  mark(salonId: string, bookingId: string, at: string, counted: { month: string; phoneHash: string }): Promise<boolean>;
  inMonth(salonId: string, month: string): Promise<number>;
  ofCaller(salonId: string, phoneHash: string): Promise<number>;
}

export function createNoShowStore(client: DynamoDBDocumentClient, tableName: string): NoShowStore {
  const addTo = (salonId: string, sk: string, bookingId: string) =>
    noShowSetEntity
      .build(UpdateTransaction)
      .item({ pk: keys.salon(salonId), sk, ids: $add(new Set([bookingId])) })
      .options({ tableName })
      .params().Update;
  const size = async (salonId: string, sk: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk } }));
    return result.Item ? (noShowSetEntity.build(EntityFormatter).format(result.Item).ids?.size ?? 0) : 0;
  };
  return {
    async mark(salonId, bookingId, at, counted) {
      const mark = appointmentEntity
        .build(UpdateTransaction)
        .item({ pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId), noShowAt: at })
        .options({
          tableName,
          condition: {
            and: [
              { attr: 'pk', exists: true },
              { attr: 'status', eq: 'confirmed' },
              { attr: 'noShowAt', exists: false },
            ],
          },
        })
        .params().Update;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: mark },
              { Update: addTo(salonId, keys.noShowMonthSk(counted.month), bookingId) },
              { Update: addTo(salonId, keys.noShowCallerSk(counted.phoneHash), bookingId) },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
        throw error;
      }
    },
    inMonth: (salonId, month) => size(salonId, keys.noShowMonthSk(month)),
    ofCaller: (salonId, phoneHash) => size(salonId, keys.noShowCallerSk(phoneHash)),
  };
}
