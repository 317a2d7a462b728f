import { QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';

/**
 * The dashboard's call figures, one item per salon and local day (`STATS#<yyyy-mm-dd>`), so a
 * card is one small read however many calls there were. Each call and each rating counts once:
 * the ADD only applies while the call's id is not yet in the item's set, as usage does.
 */
export interface DayStats {
  day: string;
  calls: number;
  missed: number;
  /** Calls the agent's post-call evaluation rated, and how many of them it rated successful. */
  rated: number;
  satisfied: number;
}

export interface CallStatsStore {
  /** Counts a finished call on its day; false when it was counted already. */
  countCall(salonId: string, day: string, callSid: string, missed: boolean): Promise<boolean>;
  /** Counts a call's rating on its day; false when it was counted already. */
  countRating(salonId: string, day: string, callSid: string, satisfied: boolean): Promise<boolean>;
  /** The days from `from` to `to` (inclusive) that had calls. */
  days(salonId: string, from: string, to: string): Promise<DayStats[]>;
}

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
