import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { outboxEventId } from '../contracts/events.js';
import { conditionally, queryAll } from './dynamo.js';
import { outboxEventPut } from './event-outbox.js';
import { salonItemsQuery } from './entities/query.js';
import { usageDayEntity, usageWarningEntity } from './entities/usage-entities.js';
import { keys } from './keys.js';
import type { UsageTotals, UsageStore } from '../core/ports/usage-store.js';

const FIGURES = ['minutes', 'testMinutes', 'calls'] as const;

export function createUsageStore(client: DynamoDBDocumentClient, tableName: string): UsageStore {
  const warningKey = (salonId: string, periodId: string, threshold: number) => ({ pk: keys.salon(salonId), sk: keys.usageWarningSk(periodId, threshold) });
  return {
    count: (salonId, periodId, call) =>
      conditionally(
        client.send(
          new UpdateCommand(
            usageDayEntity()
              .build(UpdateTransaction)
              .item({
                pk: keys.salon(salonId),
                sk: keys.usageSk(periodId, call.day),
                minutes: $add(call.test ? 0 : call.minutes),
                testMinutes: $add(call.test ? call.minutes : 0),
                calls: $add(1),
                callSids: $add(new Set([call.callSid])),
              })
              .options({ tableName, condition: { or: [{ attr: 'callSids', exists: false }, { not: { attr: 'callSids', contains: call.callSid } }] } })
              .params().Update,
          ),
        ),
      ),

    async totals(salonId, periodId) {
      // The figures only: each day's set of call ids stays in the table.
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.usagePrefix(periodId), { consistent: true, attributes: [...FIGURES] }));
      const formatter = usageDayEntity().build(EntityFormatter);
      return items.reduce<UsageTotals>(
        (sum, item) => {
          const { minutes = 0, testMinutes = 0, calls = 0 } = formatter.format(item, { attributes: [...FIGURES] });
          return { minutes: sum.minutes + minutes, testMinutes: sum.testMinutes + testMinutes, calls: sum.calls + calls };
        },
        { minutes: 0, testMinutes: 0, calls: 0 },
      );
    },

    async warnOnce(warning, now) {
      const { salonId, periodId, threshold } = warning;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: usageWarningEntity()
                  .build(PutTransaction)
                  .item({ ...warningKey(salonId, periodId, threshold), state: 'sent', sentAt: now.toISOString() })
                  // A claim left by the lease-based sender before the outbox is taken over.
                  .options({
                    tableName,
                    condition: {
                      or: [
                        { attr: 'pk', exists: false },
                        { attr: 'state', ne: 'sent' },
                      ],
                    },
                  })
                  .params().Put,
              },
              {
                Put: outboxEventPut(tableName, {
                  salonId,
                  id: outboxEventId('usage.threshold-reached', `${periodId}#${threshold}`),
                  type: 'usage.threshold-reached',
                  detail: warning,
                  at: now,
                }),
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
        throw error;
      }
    },
  };
}
