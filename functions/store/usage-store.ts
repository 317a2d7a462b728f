import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '../../events/catalog.js';
import { conditionally, queryAll } from './dynamo.js';
import { outboxEventId, outboxEventPut } from './event-outbox.js';
import { keys } from './keys.js';

/**
 * Minutes used per salon and billing period (reliability 18, 42). A call is counted by one
 * conditional ADD on the item of its period and local day, which also adds the call's id to the
 * item's set and only applies when the id is not in it yet: a duplicate or retried
 * `call.completed` changes nothing, and there is no window between "counted" and "remembered".
 * Sharding by day keeps each set small (a busy salon's month of call ids would crowd one item).
 */
export interface UsageTotals {
  minutes: number;
  testMinutes: number;
  calls: number;
}

export interface CallMinutes {
  callSid: string;
  /** The call's local day (`yyyy-mm-dd`): every delivery of one call names the same day. */
  day: string;
  minutes: number;
  /** A test call's minutes count against the free test minutes, not the plan. */
  test: boolean;
}

export interface UsageStore {
  /** Counts one call in the period; false (and nothing changed) when it was already counted. */
  count(salonId: string, periodId: string, call: CallMinutes): Promise<boolean>;
  totals(salonId: string, periodId: string): Promise<UsageTotals>;
  /**
   * Records a threshold's warning as sent and writes its `usage.threshold-reached` with it, in one
   * transaction (the event outbox): once per threshold per period, whoever asks and however often.
   * False when it was sent before.
   */
  warnOnce(warning: EventDetail<'usage.threshold-reached'>, now: Date): Promise<boolean>;
}

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
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.usagePrefix(periodId) },
        // The figures only: each day's set of call ids stays in the table.
        ProjectionExpression: '#minutes, testMinutes, #calls',
        ExpressionAttributeNames: { '#minutes': 'minutes', '#calls': 'calls' },
        ConsistentRead: true,
      });
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
