import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './dynamo.js';
import { keys } from './keys.js';
import type { SalonPartition } from '../core/ports/salon-partition.js';

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
