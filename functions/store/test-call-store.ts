import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally } from './dynamo.js';
import { testCallEntity } from './entities/test-call-entity.js';
import { keys } from './keys.js';
import type { TestCallStore } from '../core/ports/test-call-store.js';

const DAY_SECONDS = 24 * 60 * 60;

export function createTestCallStore(client: DynamoDBDocumentClient, tableName: string): TestCallStore {
  return {
    async get(salonId) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.testCallSk }, ConsistentRead: true })))
        .Item;
      if (!item) return null;
      const { conversationId, callSid, startedAt, endsBy, lastHeardAt } = testCallEntity().build(EntityFormatter).format(item);
      return { conversationId, callSid, startedAt, endsBy, lastHeardAt: lastHeardAt ?? startedAt };
    },
    open(salonId, call) {
      return conditionally(
        client.send(
          new PutCommand(
            testCallEntity()
              .build(PutTransaction)
              .item({ pk: keys.salon(salonId), sk: keys.testCallSk, ...call, ttl: Math.floor(Date.parse(call.startedAt) / 1000) + DAY_SECONDS })
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        ),
      );
    },
    async heard(salonId, callSid, at) {
      await conditionally(
        client.send(
          new UpdateCommand(
            testCallEntity()
              .build(UpdateTransaction)
              .item({ pk: keys.salon(salonId), sk: keys.testCallSk, lastHeardAt: at })
              .options({ tableName, condition: { attr: 'callSid', eq: callSid } })
              .params().Update,
          ),
        ),
      );
    },
    async close(salonId, callSid) {
      await conditionally(
        client.send(
          new DeleteCommand(
            testCallEntity()
              .build(DeleteTransaction)
              .key({ pk: keys.salon(salonId), sk: keys.testCallSk })
              .options({ tableName, condition: { attr: 'callSid', eq: callSid } })
              .params().Delete,
          ),
        ),
      );
    },
  };
}
