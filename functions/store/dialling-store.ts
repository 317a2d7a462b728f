import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { queryAll } from './dynamo.js';
import { diallingEntity } from './entities/dashboard-entities.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { DiallingStore } from '../core/ports/dialling-store.js';

export function createDiallingStore(client: DynamoDBDocumentClient, tableName: string): DiallingStore {
  return {
    async start(salonId, dialling) {
      await client.send(
        new PutCommand(
          diallingEntity()
            .build(PutTransaction)
            .item({ pk: keys.salon(salonId), sk: keys.diallingSk(dialling.callSid), ...dialling, ttl: Math.ceil(Date.parse(dialling.expiresAt) / 1000) + 3600 })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async active(salonId, now) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.diallingPrefix, { consistent: true }));
      const formatter = diallingEntity().build(EntityFormatter);
      return items
        .map((item) => {
          const { callSid, to, caller, expiresAt } = formatter.format(item);
          return { callSid, to, caller: caller ?? null, expiresAt };
        })
        .filter((dialling) => dialling.expiresAt > now.toISOString());
    },
    async end(salonId, callSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.diallingSk(callSid) } }));
    },
  };
}
