/**
 * The single table's keys, shared by CDK (infra/data.ts) and the local stand-in, so both create
 * exactly the same table.
 */
export const tableKeys = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ttl: 'ttl',
} as const;

export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [
      { AttributeName: tableKeys.partitionKey, AttributeType: 'S' as const },
      { AttributeName: tableKeys.sortKey, AttributeType: 'S' as const },
      { AttributeName: tableKeys.gsi1.partitionKey, AttributeType: 'S' as const },
      { AttributeName: tableKeys.gsi1.sortKey, AttributeType: 'S' as const },
    ],
    KeySchema: [
      { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: tableKeys.gsi1.name,
        KeySchema: [
          { AttributeName: tableKeys.gsi1.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: tableKeys.gsi1.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      },
    ],
  };
}
