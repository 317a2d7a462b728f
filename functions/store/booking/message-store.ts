import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally } from '../dynamo.js';
import { messageEntity } from '../entities/booking-entities.js';
import { keyQuery } from '../entities/query.js';
import { keys } from '../keys.js';
import type { MessageStore } from '../../core/ports/booking/message-store.js';

export function createMessageStore(client: DynamoDBDocumentClient, tableName: string): MessageStore {
  const formatter = () => messageEntity().build(EntityFormatter);
  return {
    async put(salonId, message) {
      await client.send(
        new PutCommand(
          messageEntity()
            .build(PutTransaction)
            .item({ ...message, pk: keys.salon(salonId), sk: keys.messageSk(message.createdAt, message.id) })
            .options({ tableName, condition: { attr: 'pk', exists: false } })
            .params().Put,
        ),
      );
    },

    async get(salonId, { id, createdAt }) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.messageSk(createdAt, id) } }));
      if (!result.Item) return null;
      const { callerName, callerPhone, message, doneAt } = formatter().format(result.Item);
      return { id, createdAt, callerName, callerPhone, message, doneAt: doneAt ?? null };
    },

    async list(salonId, { limit, after: position }) {
      // A message key is never below the prefix, so the range stays among messages.
      const after = position && keys.messageSk(position.createdAt, position.id);
      const result = await client.send(
        new QueryCommand(
          keyQuery(
            tableName,
            { partition: keys.salon(salonId), range: after ? { between: [keys.messagePrefix, after] } : { beginsWith: keys.messagePrefix } },
            { reverse: true, limit: limit + (after ? 1 : 0) },
          ),
        ),
      );
      // BETWEEN includes the page's last item: it was on the previous page.
      const items = (result.Items ?? []).filter((item) => item.sk !== after).slice(0, limit);
      const messages = items.map((item) => {
        const { id, callerName, callerPhone, message, createdAt, doneAt } = formatter().format(item);
        return { id, callerName, callerPhone, message, createdAt, doneAt: doneAt ?? null };
      });
      const last = messages.at(-1);
      return { messages, next: result.LastEvaluatedKey && last ? { createdAt: last.createdAt, id: last.id } : null };
    },

    setDone: (salonId, message, doneAt) =>
      conditionally(
        client.send(
          new UpdateCommand(
            messageEntity()
              .build(UpdateTransaction)
              .item({ pk: keys.salon(salonId), sk: keys.messageSk(message.createdAt, message.id), doneAt })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      ),
  };
}
