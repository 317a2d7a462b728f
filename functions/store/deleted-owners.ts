import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import type { DeletedOwners } from '../core/ports/deleted-owners.js';

/** DynamoDB removes expired items up to days late: past its ttl a tombstone no longer counts. */
export function tombstoneInForce(item: Record<string, unknown> | undefined, now: Date): boolean {
  return typeof item?.ttl === 'number' && item.ttl * 1000 > now.getTime();
}

export function createDeletedOwners(client: DynamoDBDocumentClient, tableName: string): DeletedOwners {
  const itemKey = (userId: string) => ({ pk: keys.owner(userId), sk: keys.deletedOwnerSk });
  return {
    async mark(userId, deletedAt, until) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...itemKey(userId), deletedAt: deletedAt.toISOString(), ttl: Math.ceil(until.getTime() / 1000) },
        }),
      );
    },
    async isDeleted(userId, now) {
      // Strongly consistent: the race checks in core/salon.ts rely on seeing a tombstone written just before.
      const result = await client.send(new GetCommand({ TableName: tableName, Key: itemKey(userId), ConsistentRead: true }));
      return tombstoneInForce(result.Item, now);
    },
  };
}
