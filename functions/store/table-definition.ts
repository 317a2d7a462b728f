/**
 * The single table's keys, shared by CDK (infra/data.ts) and the local stand-in, so both create
 * exactly the same table.
 */
export const tableKeys = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ttl: 'ttl',
  /**
   * The stream that carries outbox items to the bus (functions/store/event-outbox.ts). Old and new
   * images: an INSERT is told from a MODIFY by its missing old image, which the Pipe's filter can
   * see (it may not filter on `eventName`, infra/event-outbox-pipe.ts).
   */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/**
 * `stream: false` for a table nothing relays (the unit tests' own tables): DynamoDB Local keeps a
 * stream record of every write to a table with a stream, and dozens of such tables on one JVM made
 * the unit run several times slower.
 */
export function createTableInput(tableName: string, options: { stream?: boolean } = {}) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    ...(options.stream === false ? {} : { StreamSpecification: { StreamEnabled: true, StreamViewType: tableKeys.streamViewType } }),
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
