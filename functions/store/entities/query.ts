import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { QueryCommand, type Query } from 'dynamodb-toolbox/table/actions/query';
import { keys } from '../keys.js';
import { salonTable } from './table.js';

/**
 * A key query's input (`{ partition, range: { lt | lte | between | beginsWith … } }`, on the
 * table or `index: 'gsi1'`), built by dynamodb-toolbox and sent by the store's own client
 * (dynamo.ts's `queryAll`, or one page). `consistent` only on the table: gsi1 is global.
 */
export function keyQuery(
  tableName: string,
  query: Query<ReturnType<typeof salonTable>>,
  options: { reverse?: boolean; limit?: number; consistent?: boolean; attributes?: string[] } = {},
): QueryCommandInput {
  const { attributes, ...rest } = options;
  const input = salonTable()
    .build(QueryCommand)
    .query(query)
    .options({ tableName, ...rest })
    .params();
  return attributes ? { ...input, ...projection(attributes, input.ExpressionAttributeNames) } : input;
}

/**
 * Only these attributes back. dynamodb-toolbox projects a table query only through its entities'
 * schemas, and ignores `attributes` without them; a query over several kinds (a whole partition)
 * has none, so the projection is named here.
 */
function projection(attributes: readonly string[], names: Record<string, string> = {}) {
  const named = Object.fromEntries(attributes.map((attribute, index) => [`#p_${index}`, attribute]));
  return { ProjectionExpression: Object.keys(named).join(', '), ExpressionAttributeNames: { ...names, ...named } };
}

/**
 * A salon's items of one kind (`sk` beginning with `prefix`), or with no prefix every item of its
 * partition: the query most stores make, written once.
 */
export function salonItemsQuery(tableName: string, salonId: string, prefix: string | null, options: { consistent?: boolean; attributes?: string[] } = {}) {
  return keyQuery(tableName, { partition: keys.salon(salonId), ...(prefix === null ? {} : { range: { beginsWith: prefix } }) }, options);
}
