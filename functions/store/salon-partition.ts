import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './dynamo.js';
import { salonItemsQuery } from './entities/query.js';
import type { SalonPartition } from '../core/ports/salon-partition.js';

export function createSalonPartition(client: DynamoDBDocumentClient, tableName: string): SalonPartition {
  return {
    items: (salonId) => queryAll(client, salonItemsQuery(tableName, salonId, null, { consistent: true })),
  };
}
