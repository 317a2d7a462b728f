import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { activityEntity } from './entities/dashboard-entities.js';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { ActivityStore } from '../core/ports/activity-store.js';

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
        new PutCommand(
          activityEntity()
            .build(PutTransaction)
            .item({
              pk: keys.salon(salonId),
              sk: keys.activitySk(entry.at, entry.kind, entry.id),
              ...entry,
              ttl: Math.floor(Date.parse(entry.at) / 1000) + ACTIVITY_DAYS * 24 * 60 * 60,
            })
            .options({ tableName })
            .params().Put,
        ),
      );
    },

    async latest(salonId, limit) {
      const result = await client.send(
        new QueryCommand(keyQuery(tableName, { partition: keys.salon(salonId), range: { beginsWith: keys.activityPrefix } }, { reverse: true, limit })),
      );
      const formatter = activityEntity().build(EntityFormatter);
      return (result.Items ?? []).map((item) => {
        const { kind, id, at, text, test } = formatter.format(item);
        return { kind, id, at, text, test: test === true };
      });
    },
  };
}
