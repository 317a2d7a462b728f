import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $delete, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import type { NoShowStore } from '../core/ports/no-show-store.js';
import { appointmentEntity } from './entities/appointment-entity.js';
import { noShowSetEntity } from './entities/waitlist-entities.js';
import { keys } from './keys.js';

export function createNoShowStore(client: DynamoDBDocumentClient, tableName: string): NoShowStore {
  const addTo = (salonId: string, sk: string, bookingId: string) =>
    noShowSetEntity()
      .build(UpdateTransaction)
      .item({ pk: keys.salon(salonId), sk, ids: $add(new Set([bookingId])) })
      .options({ tableName })
      .params().Update;
  const takeFrom = (salonId: string, sk: string, bookingId: string) =>
    noShowSetEntity()
      .build(UpdateTransaction)
      .item({ pk: keys.salon(salonId), sk, ids: $delete(new Set([bookingId])) })
      .options({ tableName })
      .params().Update;
  const size = async (salonId: string, sk: string) => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk } }));
    return result.Item ? (noShowSetEntity().build(EntityFormatter).format(result.Item).ids?.size ?? 0) : 0;
  };
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
  return {
    mark(salonId, bookingId, at, counted) {
      const mark = appointmentEntity()
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
      return committed([
        { Update: mark },
        { Update: addTo(salonId, keys.noShowMonthSk(counted.month), bookingId) },
        { Update: addTo(salonId, keys.noShowCallerSk(counted.phoneHash), bookingId) },
      ]);
    },
    unmark(salonId, bookingId, counted) {
      const unmark = appointmentEntity()
        .build(UpdateTransaction)
        .item({ pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId), noShowAt: $remove() })
        .options({ tableName, condition: { attr: 'noShowAt', exists: true } })
        .params().Update;
      return committed([
        { Update: unmark },
        { Update: takeFrom(salonId, keys.noShowMonthSk(counted.month), bookingId) },
        { Update: takeFrom(salonId, keys.noShowCallerSk(counted.phoneHash), bookingId) },
      ]);
    },
    inMonth: (salonId, month) => size(salonId, keys.noShowMonthSk(month)),
    ofCaller: (salonId, phoneHash) => size(salonId, keys.noShowCallerSk(phoneHash)),
  };
}
