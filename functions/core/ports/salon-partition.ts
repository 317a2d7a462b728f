/** One item of the table as stored: its attributes, the table's own keys among them. */
export type PartitionItem = Record<string, unknown>;

/**
 * Every item of a salon's partition (`SALON#<id>`), exactly as stored. Only the owner's data
 * export reads it; functions/core/account-export.ts decides, kind by kind, what leaves.
 */
export interface SalonPartition {
  items(salonId: string): Promise<PartitionItem[]>;
}

/**
 * What the data export must know of the table's layout to read a partition's items: which
 * attributes are the table's own (never exported), where the sort key and the expiry are, and how
 * a call's record and its transcript are keyed. The store owns the layout (functions/store/keys.ts,
 * table-definition.ts); the composition root hands it over (functions/store/partition-layout.ts).
 */
export interface PartitionLayout {
  /** The table's key attributes (partition, sort, index keys, TTL): machinery, never exported. */
  keyAttributes: readonly string[];
  sortKey: string;
  /** Epoch seconds after which DynamoDB deletes the item. */
  ttl: string;
  callSk(callSid: string): string;
  callTranscriptSk(callSid: string): string;
}
