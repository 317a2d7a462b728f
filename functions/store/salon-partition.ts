import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll, type Item } from './dynamo.js';
import { keys } from './keys.js';

/**
 * Every item of a salon's partition (`SALON#<id>`), exactly as stored. Only the owner's data
 * export reads it; functions/core/account-export.ts decides, kind by kind, what leaves.
 */
export interface SalonPartition {
  items(salonId: string): Promise<Item[]>;
}

export function createSalonPartition(client: DynamoDBDocumentClient, tableName: string): SalonPartition {
  return {
    items: (salonId) =>
      queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId) },
        ConsistentRead: true,
      }),
  };
}
