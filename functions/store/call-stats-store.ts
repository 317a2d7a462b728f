import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';
import type { CallStatsStore } from '../core/ports/call-stats-store.js';

export function createCallStatsStore(client: DynamoDBDocumentClient, tableName: string): CallStatsStore {
  const addOnce = (salonId: string, day: string, set: 'callSids' | 'ratedSids', callSid: string, counters: Record<string, number>) =>
    conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.callStatsSk(day) },
          UpdateExpression: `ADD ${Object.keys(counters)
            .map((name) => `#${name} :${name}`)
            .join(', ')}, #set :sid SET #day = :day`,
          ConditionExpression: 'attribute_not_exists(#set) OR NOT contains(#set, :one)',
          ExpressionAttributeNames: { '#set': set, '#day': 'day', ...Object.fromEntries(Object.keys(counters).map((name) => [`#${name}`, name])) },
          ExpressionAttributeValues: {
            ':sid': new Set([callSid]),
            ':one': callSid,
            ':day': day,
            ...Object.fromEntries(Object.entries(counters).map(([name, value]) => [`:${name}`, value])),
          },
        }),
      ),
    );

  return {
    countCall: (salonId, day, callSid, missed) => addOnce(salonId, day, 'callSids', callSid, { calls: 1, missed: missed ? 1 : 0 }),
    countRating: (salonId, day, callSid, satisfied) => addOnce(salonId, day, 'ratedSids', callSid, { rated: 1, satisfied: satisfied ? 1 : 0 }),

    async days(salonId, from, to) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':from': keys.callStatsSk(from), ':to': keys.callStatsSk(to) },
          ProjectionExpression: '#day, calls, missed, rated, satisfied',
          ExpressionAttributeNames: { '#day': 'day' },
        }),
      );
      return (result.Items ?? []).map((item) => ({
        day: String(item.day),
        calls: Number(item.calls ?? 0),
        missed: Number(item.missed ?? 0),
        rated: Number(item.rated ?? 0),
        satisfied: Number(item.satisfied ?? 0),
      }));
    },
  };
}
