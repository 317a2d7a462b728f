import type { PartitionLayout } from '../core/ports/salon-partition.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/** The table's layout as the data export reads it (functions/core/account-export.ts). */
export const partitionLayout: PartitionLayout = {
  keyAttributes: [tableKeys.partitionKey, tableKeys.sortKey, tableKeys.gsi1.partitionKey, tableKeys.gsi1.sortKey, tableKeys.ttl],
  sortKey: tableKeys.sortKey,
  ttl: tableKeys.ttl,
  callSk: keys.callSk,
  callTranscriptSk: keys.callTranscriptSk,
};
