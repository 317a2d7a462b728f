import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QueryCommand, type Query } from 'dynamodb-toolbox/table/actions/query';
import { salonTable } from './table.js';

/**
 * A key query's input (`{ partition, range: { lt | lte | between | beginsWith … } }`, on the
 * table or `index: 'gsi1'`), built by dynamodb-toolbox and sent by the store's own client
 * (dynamo.ts's `queryAll`, or one page).
 */
export function keyQuery(
  tableName: string,
  query: Query<ReturnType<typeof salonTable>>,
  options: { reverse?: boolean; limit?: number } = {},
): QueryCommandInput {
  return salonTable()
    .build(QueryCommand)
    .query(query)
    .options({ tableName, ...options })
    .params();
}
