import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from '../../functions/store/dynamo.js';
import { keys } from '../../functions/store/keys.js';

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

export function createSandboxStripeStore(client: DynamoDBDocumentClient, tableName: string): SandboxStripeStore {
  const key = (salonId: string, kind: string, id: string) => ({ pk: keys.salon(salonId), sk: keys.sandboxStripeSk(kind, id) });
  const secretKey = { pk: keys.sandboxStripe, sk: keys.sandboxStripeSecretSk };
  let secret: string | undefined;
  return {
    async webhookSecret() {
      if (secret) return secret;
      await conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...secretKey, secret: `whsec_sandbox_${randomBytes(24).toString('hex')}` },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      const stored = await client.send(new GetCommand({ TableName: tableName, Key: secretKey, ConsistentRead: true }));
      secret = String(stored.Item?.secret);
      return secret;
    },
    async get<T extends object>(salonId: string, kind: string, id: string) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, kind, id), ConsistentRead: true }));
      return (result.Item?.value as T | undefined) ?? null;
    },
    async list<T extends object>(salonId: string, kind: string) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.sandboxStripeSk(kind, '') },
        ConsistentRead: true,
      });
      return items.map((item) => item.value as T);
    },
    async putIfAbsent<T extends object>(salonId: string, kind: string, id: string, value: T) {
      const kept = await conditionally(
        client.send(new PutCommand({ TableName: tableName, Item: { ...key(salonId, kind, id), value }, ConditionExpression: 'attribute_not_exists(pk)' })),
      );
      if (kept) return value;
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, kind, id), ConsistentRead: true }));
      return (result.Item?.value as T | undefined) ?? value;
    },
    replaceIf: (salonId, kind, id, value, field, expected) =>
      conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(salonId, kind, id), value },
            ConditionExpression: '#value.#field = :expected',
            ExpressionAttributeNames: { '#value': 'value', '#field': field },
            ExpressionAttributeValues: { ':expected': expected },
          }),
        ),
      ),
    async put(salonId, kind, id, value) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key(salonId, kind, id), value } }));
    },
  };
}
