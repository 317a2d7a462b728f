import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { conditionally, queryAll } from '../../functions/store/dynamo.js';
import { salonItemsQuery } from '../../functions/store/entities/query.js';
import { keys } from '../../functions/store/keys.js';
import { sandboxStripeObjectEntity, sandboxStripeSecretEntity } from './sandbox-entities.js';

/** The payments sandbox's objects: plain records under the salon, written once or replaced on a condition. */
export interface SandboxStripeStore {
  /** The sandbox's webhook signing secret, made on first use and the same for every function after. */
  webhookSecret(): Promise<string>;
  get<T extends object>(salonId: string, kind: string, id: string): Promise<T | null>;
  /** Every object of a kind under the salon, by id. */
  list<T extends object>(salonId: string, kind: string): Promise<T[]>;
  /** Writes the object unless one with this id exists; answers whichever is stored. */
  putIfAbsent<T extends object>(salonId: string, kind: string, id: string, value: T): Promise<T>;
  /** Replaces the object only while `field` still holds `expected`; false otherwise. */
  replaceIf<T extends object>(salonId: string, kind: string, id: string, value: T, field: string, expected: string | boolean | number): Promise<boolean>;
  put<T extends object>(salonId: string, kind: string, id: string, value: T): Promise<void>;
}

type ObjectEntity = ReturnType<typeof sandboxStripeObjectEntity>;

export function createSandboxStripeStore(client: DynamoDBDocumentClient, tableName: string): SandboxStripeStore {
  const key = (salonId: string, kind: string, id: string) => ({ pk: keys.salon(salonId), sk: keys.sandboxStripeSk(kind, id) });
  const secretKey = { pk: keys.sandboxStripe, sk: keys.sandboxStripeSecretSk };
  const valueOf = <T extends object>(item: Record<string, unknown>) => sandboxStripeObjectEntity().build(EntityFormatter).format(item).value as T;
  /** The object's put, on `condition` when given. */
  const objectPut = (salonId: string, kind: string, id: string, value: object, condition?: Condition<ObjectEntity>) =>
    new PutCommand(
      sandboxStripeObjectEntity()
        .build(PutTransaction)
        .item({ ...key(salonId, kind, id), value: value as Record<string, unknown> })
        .options({ tableName, ...(condition ? { condition } : {}) })
        .params().Put,
    );
  let secret: string | undefined;
  return {
    async webhookSecret() {
      if (secret) return secret;
      await conditionally(
        client.send(
          new PutCommand(
            sandboxStripeSecretEntity()
              .build(PutTransaction)
              .item({ ...secretKey, secret: `whsec_sandbox_${randomBytes(24).toString('hex')}` })
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        ),
      );
      const stored = await client.send(new GetCommand({ TableName: tableName, Key: secretKey, ConsistentRead: true }));
      secret = sandboxStripeSecretEntity()
        .build(EntityFormatter)
        .format(stored.Item ?? {}).secret;
      return secret;
    },
    async get<T extends object>(salonId: string, kind: string, id: string) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, kind, id), ConsistentRead: true }));
      return result.Item ? valueOf<T>(result.Item) : null;
    },
    async list<T extends object>(salonId: string, kind: string) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.sandboxStripeSk(kind, ''), { consistent: true }));
      return items.map((item) => valueOf<T>(item));
    },
    async putIfAbsent<T extends object>(salonId: string, kind: string, id: string, value: T) {
      const kept = await conditionally(client.send(objectPut(salonId, kind, id, value, { attr: 'pk', exists: false })));
      if (kept) return value;
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, kind, id), ConsistentRead: true }));
      return result.Item ? valueOf<T>(result.Item) : value;
    },
    replaceIf: (salonId, kind, id, value, field, expected) =>
      // A field of the object, which the entity keeps as it is (`any`): its path is named here.
      conditionally(client.send(objectPut(salonId, kind, id, value, { attr: `value.${field}`, eq: expected } as Condition<ObjectEntity>))),
    async put(salonId, kind, id, value) {
      await client.send(objectPut(salonId, kind, id, value));
    },
  };
}
