import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableKeys } from './table-definition.js';
import { keys } from './keys.js';

/**
 * `SALON#<id>` / `AGENT`: the voice agent's secret, as a SHA-256 hash only (the secret itself is
 * shown once). gsi1 (`AGENTKEY#<hash>` / `AGENT`) finds the salon from the hash in one query.
 *
 * One item rather than a separate lookup item: rotating is one conditional write (the old hash
 * leaves the index with it), and deleting the salon's partition removes the secret too, so an
 * old secret can never outlive its salon.
 */
export interface AgentSecretRecord {
  salonId: string;
  secretHash: string;
  createdAt: string;
  rotatedAt: string | null;
}

export interface AgentStore {
  get(salonId: string): Promise<AgentSecretRecord | null>;
  /**
   * Saves the record if the stored hash is still `previousHash` (null: none stored yet). False
   * when another rotation won.
   */
  save(record: AgentSecretRecord, previousHash: string | null): Promise<boolean>;
  salonForSecretHash(secretHash: string): Promise<string | null>;
}

export function createAgentStore(client: DynamoDBDocumentClient, tableName: string): AgentStore {
  return {
    async get(salonId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.agentSk }, ConsistentRead: true }));
      const item = result.Item;
      if (!item) return null;
      return {
        salonId,
        secretHash: String(item.secretHash),
        createdAt: String(item.createdAt),
        rotatedAt: typeof item.rotatedAt === 'string' ? item.rotatedAt : null,
      };
    },
    async save(record, previousHash) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              pk: keys.salon(record.salonId),
              sk: keys.agentSk,
              [tableKeys.gsi1.partitionKey]: keys.agentKey(record.secretHash),
              [tableKeys.gsi1.sortKey]: keys.agentSk,
              ...record,
            },
            ...(previousHash === null
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : { ConditionExpression: 'secretHash = :previous', ExpressionAttributeValues: { ':previous': previousHash } }),
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async salonForSecretHash(secretHash) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': keys.agentKey(secretHash), ':sk': keys.agentSk },
          Limit: 2,
        }),
      );
      const items = result.Items ?? [];
      // A hash is 256 random bits: two salons sharing one means something is badly wrong.
      if (items.length !== 1) return null;
      const item = items[0]!;
      return item.secretHash === secretHash && typeof item.salonId === 'string' ? item.salonId : null;
    },
  };
}
