import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { ActivityKind, ActivityStore } from '../core/ports/activity-store.js';

/**
 * The dashboard's recent activity: one small item per thing that happened (a call, a booking, a
 * cancellation, a message), written by the bus consumers and read newest first in one query.
 * The key is made of the entry's own time, kind and id, so a redelivered event writes the same
 * item again instead of a second one. Entries go after ACTIVITY_DAYS (DynamoDB TTL).
 */
export const ACTIVITY_DAYS = 90;

export function createActivityStore(client: DynamoDBDocumentClient, tableName: string): ActivityStore {
  return {
    async record(salonId, entry) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: keys.salon(salonId),
            sk: keys.activitySk(entry.at, entry.kind, entry.id),
            ...entry,
            ttl: Math.floor(Date.parse(entry.at) / 1000) + ACTIVITY_DAYS * 24 * 60 * 60,
          },
        }),
      );
    },

    async latest(salonId, limit) {
      const result = await client.send(
        new QueryCommand(keyQuery(tableName, { partition: keys.salon(salonId), range: { beginsWith: keys.activityPrefix } }, { reverse: true, limit })),
      );
      return (result.Items ?? []).map((item) => ({
        kind: item.kind as ActivityKind,
        id: String(item.id),
        at: String(item.at),
        text: String(item.text),
        test: item.test === true,
      }));
    },
  };
}
