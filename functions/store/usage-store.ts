import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { outboxEventId } from '../contracts/events.js';
import { conditionally, queryAll } from './dynamo.js';
import { outboxEventPut } from './event-outbox.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { UsageTotals, UsageStore } from '../core/ports/usage-store.js';

export function createUsageStore(client: DynamoDBDocumentClient, tableName: string): UsageStore {
  const warningKey = (salonId: string, periodId: string, threshold: number) => ({ pk: keys.salon(salonId), sk: keys.usageWarningSk(periodId, threshold) });
  return {
    count: (salonId, periodId, call) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.usageSk(periodId, call.day) },
            UpdateExpression: 'ADD #minutes :minutes, testMinutes :testMinutes, #calls :one, callSids :call',
            ExpressionAttributeNames: { '#minutes': 'minutes', '#calls': 'calls' },
            ConditionExpression: 'attribute_not_exists(callSids) OR NOT contains(callSids, :sid)',
            ExpressionAttributeValues: {
              ':minutes': call.test ? 0 : call.minutes,
              ':testMinutes': call.test ? call.minutes : 0,
              ':call': new Set([call.callSid]),
              ':sid': call.callSid,
              ':one': 1,
            },
          }),
        ),
      ),

    async totals(salonId, periodId) {
      const items = await queryAll(
        client,
        // The figures only: each day's set of call ids stays in the table.
        salonItemsQuery(tableName, salonId, keys.usagePrefix(periodId), { consistent: true, attributes: ['minutes', 'testMinutes', 'calls'] }),
      );
      return items.reduce<UsageTotals>(
        (sum, item) => ({
          minutes: sum.minutes + Number(item.minutes ?? 0),
          testMinutes: sum.testMinutes + Number(item.testMinutes ?? 0),
          calls: sum.calls + Number(item.calls ?? 0),
        }),
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
                Put: {
                  TableName: tableName,
                  Item: { ...warningKey(salonId, periodId, threshold), state: 'sent', sentAt: now.toISOString() },
                  // A claim left by the lease-based sender before the outbox is taken over.
                  ConditionExpression: 'attribute_not_exists(pk) OR #state <> :sent',
                  ExpressionAttributeNames: { '#state': 'state' },
                  ExpressionAttributeValues: { ':sent': 'sent' },
                },
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
